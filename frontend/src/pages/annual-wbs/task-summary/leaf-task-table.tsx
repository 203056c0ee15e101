import { Badge, Button, Card, Empty, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { exportTargetTasks, getTargetTasks, type TargetTask, type TargetTaskQuery } from '../../../api/target-tasks';
import { ExportButton } from '../../../components/export-button';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';
import { UNKNOWN } from '../../../utils/formatters';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import { dateSpan, rwjdTag, TASKS_PER_PAGE } from '../task-lists/task-list-values';
import styles from './task-summary.module.css';

interface LeafTaskTableProps {
  /** the charge department chosen on the 部门汇总 tab; null: none yet (nothing is asked) */
  chargeDepartId: string | null;
  year: string | null;
  yearTargetId: string | null;
  /** bumped when the summary is reloaded or a task changed in the detail drawer */
  version: number;
  onOpen(task: TargetTask): void;
}

interface Search {
  leafName: string;
  leafOwner: string;
}

const NO_SEARCH: Search = { leafName: '', leafOwner: '' };

const warningBadge = (count: number, colour: string) => <Badge count={count} showZero color={count > 0 ? colour : '#d9d9d9'} />;

/**
 * The 部门汇总 tab's 末级任务 list (001 §2: charge department, last-level task name and owner): the department's
 * last-level tasks (no children: targetTask/list leafOnly) under the page's year and 年度目标, searched by name and
 * owner name (leafName, leafOwner). A row opens the task's detail.
 */
export function LeafTaskTable({ chargeDepartId, year, yearTargetId, version, onOpen }: LeafTaskTableProps) {
  const [typed, setTyped] = useState<Search>(NO_SEARCH);
  const [search, setSearch] = useState<Search>(NO_SEARCH);
  const [page, setPage] = useState(1);

  const query: TargetTaskQuery = { pageType: 'DEPARTMENT_TASK', pageNum: page, pageSize: TASKS_PER_PAGE, leafOnly: true };
  if (chargeDepartId) query.chargeDepartId = chargeDepartId;
  if (year) query.year = year;
  if (yearTargetId) query.yearTargetId = yearTargetId;
  if (search.leafName.trim()) query.leafName = search.leafName.trim();
  if (search.leafOwner.trim()) query.leafOwner = search.leafOwner.trim();
  const list = useRequest(chargeDepartId ? () => getTargetTasks(query) : null, JSON.stringify([query, version]));

  // another department, year or year target starts again on the first page
  const scope = JSON.stringify([chargeDepartId, year, yearTargetId]);
  const [shownScope, setShownScope] = useState(scope);
  if (scope !== shownScope) {
    setShownScope(scope);
    setPage(1);
  }

  const find = () => {
    setSearch(typed);
    setPage(1);
  };
  const reset = () => {
    setTyped(NO_SEARCH);
    setSearch(NO_SEARCH);
    setPage(1);
  };

  const columns: TableColumnsType<TargetTask> = [
    {
      title: '任务名称',
      dataIndex: 'rwmc',
      ellipsis: true,
      // the row opens the detail (onRow); the name only looks like the link it acts as
      render: (_v, task) => <Typography.Link>{task.rwmc}</Typography.Link>,
    },
    { title: '负责人', dataIndex: 'ownerName', width: 110, ellipsis: true, render: (_v, task) => task.ownerName || UNKNOWN },
    {
      title: '任务状态',
      dataIndex: 'rwjd',
      width: 110,
      render: (_v, task) => {
        const tag = rwjdTag(task.rwjd);
        return (
          <Tag color={tag.color} data-testid="leaf-task-state">
            {tag.text}
          </Tag>
        );
      },
    },
    { title: '起止时间', key: 'dates', width: 220, render: (_v, task) => dateSpan(task.kssj, task.jssj) },
    { title: '过程预警', dataIndex: 'processWarningCount', width: 90, render: (_v, task) => warningBadge(task.processWarningCount, '#faad14') },
    { title: '逾期预警', dataIndex: 'expiredWarningCount', width: 90, render: (_v, task) => warningBadge(task.expiredWarningCount, '#ff4d4f') },
  ];

  return (
    <Card size="small" title="末级任务" className={styles.leafTasks} data-testid="leaf-tasks">
      <Space wrap size={12} className={styles.leafSearch}>
        <Input
          aria-label="末级任务名称"
          allowClear
          placeholder="末级任务名称"
          className={styles.filterSelect}
          value={typed.leafName}
          onChange={(e) => setTyped((t) => ({ ...t, leafName: e.target.value }))}
          onPressEnter={find}
        />
        <Input
          aria-label="末级任务负责人"
          allowClear
          placeholder="末级任务负责人"
          className={styles.filterSelect}
          value={typed.leafOwner}
          onChange={(e) => setTyped((t) => ({ ...t, leafOwner: e.target.value }))}
          onPressEnter={find}
        />
        <Button type="primary" onClick={find}>
          查询
        </Button>
        <Button onClick={reset}>重置</Button>
        {/* the department's last-level tasks under the search shown, every page */}
        <ExportButton run={() => exportTargetTasks(query)} fallbackName="部门任务.xlsx" disabled={!list.data?.total} />
      </Space>
      <Table<TargetTask>
        aria-label="末级任务列表"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.loading}
        onRow={(task) => ({ onClick: () => onOpen(task), className: styles.leafRow })}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
        pagination={{ ...PAGINATION_DEFAULTS, current: page, pageSize: TASKS_PER_PAGE, total: list.data?.total ?? 0, onChange: setPage }}
      />
    </Card>
  );
}
