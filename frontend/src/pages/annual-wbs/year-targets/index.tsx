import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../auth/auth-context';
import { hasMenu } from '../../../menus/menus';
import { TASK_LIST_PAGES, YEAR_TASK_PATH } from '../task-lists/task-list-values';
import { deleteYearTarget, getYearTargetRights, getYearTargets, type YearTarget } from '../../../api/year-targets';
import { CardFact } from '../../../components/card-fact';
import { useRequest } from '../../../hooks/use-request';
import { UNKNOWN } from '../../../utils/formatters';
import { YearTargetCopyModal, useYearTargetCopy } from './year-target-copy';
import { YearTargetFormDrawer } from './year-target-form-drawer';
import { TARGETS_PER_PAGE, copyQuestion, deleteQuestion, nextYearOf } from './year-target-values';
import { confirmCardDelete } from '../components/confirm-card-delete';
import { YearFilterSelect } from '../components/year-filter-select';
import styles from './year-targets.module.css';
import { CardList } from '../../../components/card-list';
import layout from '../../../components/page-layout.module.css';
import { NameSearch } from '../../../components/name-search';

interface Filter {
  cycleYear: string | null;
  name: string | null;
  page: number;
}

interface Opened {
  key: number;
  open: boolean;
  target: YearTarget | null;
}

function YearTargetCard({ target, writes, tasksPage, onEdit, onCopy, onDelete }: { target: YearTarget; writes: boolean; tasksPage: boolean; onEdit(): void; onCopy(): void; onDelete(): void }) {
  const tasksLink = tasksPage ? `${YEAR_TASK_PATH}?yearTarget=${encodeURIComponent(target.id)}` : null;
  return (
    <Card
      size="small"
      className={styles.targetCard}
      data-testid="year-target-card"
      aria-label={target.name}
      title={<span title={target.name}>{target.name}</span>}
      extra={<Tag color="blue">{target.cycleYear}年</Tag>}
      actions={
        writes
          ? [
              <Button key="edit" type="link" size="small" onClick={onEdit}>
                编辑
              </Button>,
              <Button key="copy" type="link" size="small" onClick={onCopy}>
                复制到下一年
              </Button>,
              <Button key="delete" type="link" size="small" danger onClick={onDelete}>
                删除
              </Button>,
            ]
          : undefined
      }
    >
      <div className={styles.cardFacts}>
        <CardFact label="年度" value={target.cycleYear} />
        <CardFact label="维度" value={target.dimensionName || '—'} />
        <CardFact label="发布部门" value={target.fbbm || UNKNOWN} />
        <CardFact label="创建人" value={target.cjrmc || UNKNOWN} />
        <CardFact label="创建日期" value={target.createTime ? target.createTime.slice(0, 10) : UNKNOWN} />
      </div>
      <div className={styles.description} title={target.description ?? undefined}>
        {target.description || '暂无描述'}
      </div>
      <div className={styles.cardCounts}>
        <span className={styles.cardLabel}>目标任务 </span>
        {/* the count opens its tasks on 年度任务, for a person who has that page (issue 35) */}
        {tasksLink ? (
          <Link to={tasksLink} className={styles.count} aria-label={`${target.name}的目标任务`}>
            {target.taskCount}
          </Link>
        ) : (
          <span className={styles.count}>{target.taskCount}</span>
        )}
      </div>
    </Card>
  );
}

/**
 * /qualityManagement/annualWbs/yearTarget (menu 年度目标, 001 §7 items 13 and 15): the school's year targets as cards,
 * filtered by year and name. The publisher and administrators add, edit and delete; a read-only grant only reads.
 */
export default function YearTargetsPage() {
  const { modal } = App.useApp();
  const { user } = useAuth();
  const tasksPage = hasMenu(user?.menus, TASK_LIST_PAGES.year.menuKey);
  // the server says who may write year targets (yearTarget/rights, the table its writes check)
  const writes = useRequest(() => getYearTargetRights(), 'year-target-rights').data?.writesYearTargets ?? false;
  const [filter, setFilter] = useState<Filter>({ cycleYear: null, name: null, page: 1 });
  const [drawer, setDrawer] = useState<Opened | null>(null);
  const copier = useYearTargetCopy();
  const list = useRequest(
    () => getYearTargets({ pageNum: filter.page, pageSize: TARGETS_PER_PAGE, name: filter.name, cycleYear: filter.cycleYear }),
    JSON.stringify(filter),
  );
  const records = list.data?.records ?? [];

  const change = (patch: Partial<Filter>) => setFilter((current) => ({ ...current, page: 1, ...patch }));
  const openDrawer = (target: YearTarget | null) => setDrawer((current) => ({ key: (current?.key ?? 0) + 1, open: true, target }));
  const closeDrawer = () => setDrawer((current) => current && { ...current, open: false });

  // refused for a target with tasks
  const remove = (target: YearTarget) =>
    confirmCardDelete(modal, {
      title: '删除年度目标',
      content: deleteQuestion(target),
      remove: () => deleteYearTarget(target.id, { successMessage: '删除成功' }),
      lastOfPage: records.length === 1 && filter.page > 1,
      backOnePage: () => setFilter((current) => ({ ...current, page: current.page - 1 })),
      reload: () => void list.reload(),
    });

  // 复制到下一年: confirmed by name and year; once done, the list shows the new year with the copy
  const copy = (target: YearTarget) =>
    modal.confirm({
      title: `复制到${nextYearOf(target)}年`,
      content: copyQuestion(target),
      okText: '复制',
      cancelText: '取消',
      onOk: async () => {
        await copier.run(target, (started) => {
          const next: Filter = { cycleYear: started.cycleYear, name: target.name, page: 1 };
          if (JSON.stringify(next) === JSON.stringify(filter)) void list.reload();
          else setFilter(next);
        });
      },
    });

  return (
    <Card
      title="年度目标"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
            刷新
          </Button>
          {writes && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer(null)}>
              新增年度目标
            </Button>
          )}
        </Space>
      }
    >
      <div className={layout.bar}>
        <Space wrap size={12}>
          <YearFilterSelect className={styles.filterSelect} value={filter.cycleYear} onChange={(cycleYear) => change({ cycleYear })} />
          <NameSearch value={filter.name} placeholder="年度目标名称" className={styles.filterInput} onSearch={(name) => change({ name })} />
        </Space>
      </div>
      <CardList
        loading={list.loading}
        loaded={list.data !== null}
        records={records}
        total={list.data?.total ?? 0}
        current={filter.page}
        pageSize={TARGETS_PER_PAGE}
        onPage={(page) => setFilter((current) => ({ ...current, page }))}
        renderCard={(target) => <YearTargetCard key={target.id} target={target} writes={writes} tasksPage={tasksPage} onEdit={() => openDrawer(target)} onCopy={() => copy(target)} onDelete={() => remove(target)} />}
      />
      <YearTargetCopyModal copier={copier} />
      {drawer && (
        <YearTargetFormDrawer
          key={drawer.key}
          open={drawer.open}
          target={drawer.target}
          onClose={closeDrawer}
          afterClose={() => setDrawer((current) => (current && !current.open ? null : current))}
          onSaved={() => {
            closeDrawer();
            void list.reload();
          }}
        />
      )}
    </Card>
  );
}
