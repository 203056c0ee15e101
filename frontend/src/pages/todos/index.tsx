import { Button, Card, Empty, Pagination, Radio, Select, Space, Spin, Tag, Typography } from 'antd';
import { TODO_GROUP_NAMES, TODO_GROUPS, TODO_KIND_NAMES, TODO_KINDS, type TodoGroup, type TodoItem, type TodoKind } from '@zhengai/contracts';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getTodoList } from '../../api/todos';
import { useMenuRoutes } from '../../hooks/use-menu-routes';
import { useNarrowWindow } from '../../hooks/use-narrow-window';
import { useRequest } from '../../hooks/use-request';
import { formatDate } from '../../utils/formatters';
import { groupOf, kindOf, todoHref } from './todo-data';
import styles from './todos.module.css';

const PAGE_SIZE = 20;
const ALL = 'all';

/**
 * /todo (我的待办, issue 34): everything waiting for the person, from the server's one list (the home counters are its
 * groups' counts), filtered by group (`?group=`, the home counters link here) and kind (`?kind=`), each row opening the
 * object where the action is (去处理). Rows are cards that wrap, so the button stays in reach at 390 px.
 */
export default function TodosPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { pages } = useMenuRoutes();
  const narrow = useNarrowWindow();
  const group = groupOf(params.get('group'));
  const kind = kindOf(params.get('kind'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = { pageNum: page, pageSize: PAGE_SIZE, ...(group ? { group } : {}), ...(kind ? { kind } : {}) };
  const list = useRequest(() => getTodoList(query), JSON.stringify(query));
  const data = list.data;

  const setParam = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  const total = data ? data.counts.tasks + data.counts.warnings + data.counts.audits : 0;
  // Until the first answer there are no counts to show: a 0 would say nothing waits.
  const counted = (name: string, n: number | undefined) => (data ? `${name} ${n ?? 0}` : name);
  const kinds = TODO_KINDS.filter((k) => (data?.kinds[k] ?? 0) > 0 || k === kind);

  return (
    <Card title="我的待办" className={styles.page} data-testid="todo-page">
      <div className={styles.filters}>
        <Radio.Group
          value={group ?? ALL}
          optionType="button"
          buttonStyle="solid"
          className={styles.groups}
          onChange={(e) => setParam({ group: e.target.value === ALL ? null : String(e.target.value), kind: null, page: null })}
          options={[
            { value: ALL, label: counted('全部', total) },
            ...TODO_GROUPS.map((g: TodoGroup) => ({ value: g, label: counted(TODO_GROUP_NAMES[g], data?.counts[g]) })),
          ]}
        />
        <Select<TodoKind | typeof ALL>
          aria-label="待办类型"
          value={kind ?? ALL}
          className={styles.kind}
          onChange={(value) => setParam({ kind: value === ALL ? null : value, page: null })}
          options={[{ value: ALL, label: '全部类型' }, ...kinds.map((k) => ({ value: k, label: `${TODO_KIND_NAMES[k]} ${data?.kinds[k] ?? 0}` }))]}
        />
      </div>
      {!data && list.loading ? (
        <Spin className={styles.empty} tip="加载中">
          <div />
        </Spin>
      ) : data && data.records.length === 0 ? (
        <Empty description="暂无待办" className={styles.empty} />
      ) : (
        <ul className={styles.list} aria-busy={list.loading}>
          {(data?.records ?? []).map((item) => (
            <TodoRow key={item.id} item={item} href={todoHref(item.link, pages)} onOpen={(href) => navigate(href)} />
          ))}
        </ul>
      )}
      {data && data.total > PAGE_SIZE && (
        <Pagination
          className={styles.pager}
          current={data.current}
          pageSize={PAGE_SIZE}
          total={data.total}
          simple={narrow}
          showSizeChanger={false}
          onChange={(p) => setParam({ page: p === 1 ? null : String(p) })}
        />
      )}
    </Card>
  );
}

function TodoRow({ item, href, onOpen }: { item: TodoItem; href: string | null; onOpen(href: string): void }) {
  return (
    <li className={styles.row} data-testid="todo-row" data-kind={item.kind}>
      <div className={styles.main}>
        <Space size={[8, 4]} wrap>
          <Tag color={item.group === 'audits' ? 'green' : item.group === 'warnings' ? 'orange' : 'blue'}>{item.asked}</Tag>
          <Typography.Text type="secondary">{TODO_KIND_NAMES[item.kind]}</Typography.Text>
        </Space>
        <div className={styles.object} title={item.objectName}>
          {item.objectName}
        </div>
        <Space size={[16, 4]} wrap className={styles.dates}>
          <span>开始于 {formatDate(item.since)}</span>
          <span className={item.overdue ? styles.overdue : undefined} data-overdue={item.overdue || undefined}>
            截止 {formatDate(item.deadline, '无')}
            {item.overdue ? '（已逾期）' : ''}
          </span>
        </Space>
      </div>
      <Button type="primary" className={styles.action} disabled={href === null} title={href === null ? '没有可打开该事项的菜单' : undefined} onClick={() => href && onOpen(href)}>
        去处理
      </Button>
    </li>
  );
}
