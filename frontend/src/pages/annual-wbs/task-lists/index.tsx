import { AlertOutlined, PlusOutlined, ReloadOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { TASK_PAGE_TYPE_NAMES } from '@zhengai/contracts';
import { App, Button, Card, Checkbox, Select, Space, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getClientConfig } from '../../../api/client-config';
import { batchMoveTasks, deleteTargetTask, exportTargetTasks, getTargetTasks, getTaskAllowedActions, getTaskListCounts, getTaskTypes, type TargetTask } from '../../../api/target-tasks';
import { getYearTargetRights, getYearTargets } from '../../../api/year-targets';
import { confirmBatch, useBatchSelection } from '../../../components/batch/batch-actions';
import batchStyles from '../../../components/batch/batch-actions.module.css';
import { CardList } from '../../../components/card-list';
import { ExportButton } from '../../../components/export-button';
import { NameSearch } from '../../../components/name-search';
import layout from '../../../components/page-layout.module.css';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';
import { TaskDetailDrawer } from '../task-detail';
import { confirmCardDelete } from '../components/confirm-card-delete';
import { YearFilterSelect } from '../components/year-filter-select';
import { yearOptions } from '../year-targets/year-target-values';
import { TaskCard } from './task-card';
import { TaskFormDrawer, type TaskFormMode } from './task-form-drawer';
import {
  NO_FILTER,
  SORT_LABELS,
  TASKS_PER_PAGE,
  TASK_LIST_PAGES,
  WARNING_TYPE_OPTIONS,
  deleteQuestion,
  departmentLine,
  nextSort,
  rwjdOptions,
  tabOf,
  taskQuery,
  WAITING_LABELS,
  waitingOf,
  type TaskFilter,
  type TaskListKind,
} from './task-list-values';
import styles from './task-lists.module.css';
import { WarningConditionsDrawer } from './warning-conditions-drawer';

/** Who writes tasks: the 年度任务 menu granted to write (the year target publisher, administrators). */
const ALL = 1_000_000;

interface Opened {
  key: number;
  open: boolean;
  mode: TaskFormMode;
}

function Counter({ label, value, tone, testId }: { label: string; value: number | string; tone?: string; testId: string }) {
  return (
    <span className={styles.counter} data-testid={testId}>
      {label}
      <span className={`${styles.counterValue} ${tone ?? ''}`}>{value}</span>
    </span>
  );
}

/**
 * The task lists of 年度目标任务 (001 §2): 年度任务 (全部任务, 我发布的), 部门任务 (部门任务, 协作任务), 我的任务 (我的任务,
 * 我的协作) and 预警任务, each page type a tab over one list call. The filter bar, the time sort, the toolbar counters
 * (tasks, and the warning counts of the page's scope), the cards; 新增 on 年度任务, and 编辑 / 分解 / 删除 on a card for
 * the people who write tasks. A card opens the task's detail (search param `task`, so a link opens it too).
 */
export default function TaskListsPage({ kind }: { kind: TaskListKind }) {
  const page = TASK_LIST_PAGES[kind];
  const { modal } = App.useApp();
  // the server says who writes tasks (yearTarget/rights: the year target publisher and administrators)
  const writes = useRequest(() => getYearTargetRights(), 'year-target-rights').data?.writesTasks ?? false;
  const [params, setParams] = useSearchParams();
  const tab = tabOf(page, params.get('tab'));
  const openTaskId = params.get('task');
  // a year target card's count opens this list at ?yearTarget=: its tasks, whatever the year
  const [filter, setFilter] = useState<TaskFilter>(() => ({ ...NO_FILTER, yearTargetId: params.get('yearTarget') }));
  const [drawer, setDrawer] = useState<Opened | null>(null);
  // 预警设置: mounted afresh for each opening (the key), unmounted after it closed
  const [conditions, setConditions] = useState<{ key: number; open: boolean } | null>(null);

  // the home page's 待审核 / 待办任务 lead here with ?waiting=: the list then holds exactly what the counter counts
  const waiting = waitingOf(params.get('waiting'));
  const query = { ...taskQuery(tab, filter), ...(waiting ? { waiting } : {}) };
  const list = useRequest(() => getTargetTasks(query), JSON.stringify(query));
  const records = list.data?.records ?? [];
  // 批量下发 / 批量督办 (issue 34): the server says which cards allow which move; only those are selectable
  const [batchVersion, setBatchVersion] = useState(0);
  const batch = useBatchSelection(
    records.map((r) => r.id),
    getTaskAllowedActions,
    batchVersion,
  );
  const BATCH_MOVES = ['push', 'urge'] as const;
  const batching = BATCH_MOVES.some((a) => batch.anyAllows(a));
  const batchButton = (action: (typeof BATCH_MOVES)[number], verb: string) => {
    const ids = batch.selectedFor(action);
    return (
      batch.anyAllows(action) && (
        <Button
          data-testid={`batch-${action}`}
          disabled={ids.length === 0}
          onClick={() => confirmBatch(modal, { verb, noun: '任务', ids, run: (chosen) => batchMoveTasks(chosen, action), done: reload })}
        >
          批量{verb}
          {ids.length > 0 ? ` (${ids.length})` : ''}
        </Button>
      )
    );
  };

  // The figures beside the list are counted by the server from the list's own query (targetTask/listCounts): the
  // warnings of exactly the tasks listed, and the charge departments of those tasks with their heads.
  const countsShown = getClientConfig().warningCountsEnabled;
  const countsQuery = { ...query, pageNum: undefined, pageSize: undefined, sort: undefined };
  const counts = useRequest(countsShown || page.showsHead ? () => getTaskListCounts(query) : null, `task-list-counts-${JSON.stringify(countsQuery)}`);
  const department = departmentLine(counts.data?.chargeDepartments);
  const targets = useRequest(() => getYearTargets({ pageNum: 1, pageSize: ALL }).then((p) => p.records), 'year-target-options');
  const types = useRequest(() => getTaskTypes(), 'task-types');
  const targetOptions = (targets.data ?? []).filter((t) => !filter.cycleYear || t.cycleYear === filter.cycleYear).map((t) => ({ value: t.id, label: t.name }));
  const years = yearOptions(new Date());

  const change = (patch: Partial<TaskFilter>) => setFilter((current) => ({ ...current, page: 1, ...patch }));
  const reload = () => {
    void list.reload();
    setBatchVersion((n) => n + 1);
    if (countsShown || page.showsHead) void counts.reload();
  };

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'tab' },
    );
  const hrefOf = (task: TargetTask) => {
    const next = new URLSearchParams(params);
    next.set('task', task.id);
    return `?${next.toString()}`;
  };

  const openDrawer = (mode: TaskFormMode) => setDrawer((current) => ({ key: (current?.key ?? 0) + 1, open: true, mode }));
  const closeDrawer = () => setDrawer((current) => current && { ...current, open: false });

  // refused for a task with sub-tasks or reports
  const remove = (task: TargetTask) =>
    confirmCardDelete(modal, {
      title: '删除任务',
      content: deleteQuestion(task),
      remove: () => deleteTargetTask(task.id, { successMessage: '删除成功' }),
      lastOfPage: records.length === 1 && filter.page > 1,
      backOnePage: () => setFilter((current) => ({ ...current, page: current.page - 1 })),
      reload,
    });

  const sortIcon = filter.sort === 'desc' ? <SortDescendingOutlined /> : <SortAscendingOutlined />;

  return (
    <Card
      title={page.title}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={reload}>
            刷新
          </Button>
          {page.adds && writes && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer({ kind: 'add', yearTargetId: filter.yearTargetId })}>
              新增任务
            </Button>
          )}
          {page.adds && writes && (
            <Button icon={<AlertOutlined />} onClick={() => setConditions((current) => ({ key: (current?.key ?? 0) + 1, open: true }))}>
              预警设置
            </Button>
          )}
        </Space>
      }
    >
      {page.tabs.length > 1 && (
        <Tabs
          activeKey={tab}
          items={page.tabs.map((t) => ({ key: t.pageType, label: t.label }))}
          onChange={(key) => {
            setParam('tab', key);
            setFilter((current) => ({ ...current, page: 1 }));
          }}
        />
      )}
      <div className={styles.counters} data-testid="task-counters">
        <Counter label="任务总数" value={list.data?.total ?? '—'} testId="count-tasks" />
        {countsShown && (
          <>
            <Counter label="预警总数" value={counts.data?.totalWarningCount ?? '—'} testId="count-warnings" />
            <Counter label="过程预警" value={counts.data?.processWarningCount ?? '—'} tone={styles.counterProcess} testId="count-process" />
            <Counter label="逾期预警" value={counts.data?.expiredWarningCount ?? '—'} tone={styles.counterExpired} testId="count-expired" />
          </>
        )}
        {page.showsHead && (
          <Tooltip title={department.detail}>
            <span>
              <Counter label={department.label} value={department.value} testId="department-head" />
            </span>
          </Tooltip>
        )}
        {waiting && (
          <Tag closable color="blue" data-testid="waiting-filter" onClose={() => setParam('waiting', null)}>
            {WAITING_LABELS[waiting]}
          </Tag>
        )}
      </div>
      <div className={layout.bar}>
        <Space wrap size={[12, 12]} className={styles.filters}>
          <YearFilterSelect className={styles.filterSelect} value={filter.cycleYear} onChange={(cycleYear) => change({ cycleYear, yearTargetId: null })} />
          <Select
            aria-label="年度目标"
            allowClear
            placeholder="全部年度目标"
            className={styles.filterWide}
            showSearch={{ optionFilterProp: 'label' }}
            value={filter.yearTargetId ?? undefined}
            options={targetOptions}
            notFoundContent={EMPTY_TEXT}
            popupMatchSelectWidth={false}
            onChange={(yearTargetId?: string) => change({ yearTargetId: yearTargetId ?? null })}
          />
          <NameSearch value={filter.name} placeholder="部门名称或任务名称" className={styles.filterInput} onSearch={(name) => change({ name })} />
          <Select
            aria-label="任务年份"
            allowClear
            placeholder="任务年份"
            className={styles.filterSelect}
            value={filter.year ?? undefined}
            options={years}
            onChange={(year?: string) => change({ year: year ?? null })}
          />
          <Select
            aria-label="任务状态"
            allowClear
            placeholder="任务状态"
            className={styles.filterSelect}
            value={filter.rwjd ?? undefined}
            options={rwjdOptions(kind)}
            onChange={(rwjd?: TaskFilter['rwjd']) => change({ rwjd: rwjd ?? null })}
          />
          <Select
            aria-label="任务类型"
            allowClear
            placeholder="任务类型"
            className={styles.filterSelect}
            value={filter.rwlx ?? undefined}
            options={(types.data ?? []).map((t) => ({ value: t.id, label: t.rwlxmc }))}
            notFoundContent={EMPTY_TEXT}
            onChange={(rwlx?: TaskFilter['rwlx']) => change({ rwlx: rwlx ?? null })}
          />
          <Select
            aria-label="预警类型"
            allowClear
            placeholder="预警类型"
            className={styles.filterSelect}
            value={filter.warningType ?? undefined}
            options={[...WARNING_TYPE_OPTIONS]}
            onChange={(warningType?: TaskFilter['warningType']) => change({ warningType: warningType ?? null })}
          />
          <Button
            icon={sortIcon}
            aria-pressed={filter.sort !== null}
            data-sort={filter.sort ?? 'none'}
            title="按结束时间排序，点击切换升序或降序"
            onClick={() => change({ sort: nextSort(filter.sort) })}
          >
            {SORT_LABELS[filter.sort ?? 'none']}
          </Button>
        </Space>
        {/* every row of the list under these filters (the tab's page type, ?waiting= too), not just this page */}
        <ExportButton run={() => exportTargetTasks(query)} fallbackName={`${TASK_PAGE_TYPE_NAMES[tab]}.xlsx`} disabled={!list.data?.total} />
      </div>
      {batching && (
        <div className={batchStyles.bar} data-testid="batch-bar">
          {batchButton('push', '下发')}
          {batchButton('urge', '督办')}
          <span>已选 {batch.selected.length} 项</span>
        </div>
      )}
      <CardList
        loading={list.loading}
        loaded={list.data !== null}
        records={records}
        total={list.data?.total ?? 0}
        current={filter.page}
        pageSize={TASKS_PER_PAGE}
        onPage={(p) => setFilter((current) => ({ ...current, page: p }))}
        renderCard={(task) => (
          <div key={task.id} className={styles.selectableCard}>
            {batching &&
              (batch.selectable(task.id, BATCH_MOVES) ? (
                <Checkbox
                  className={styles.cardCheck}
                  data-testid="task-select"
                  aria-label={`选择 ${task.rwmc}`}
                  checked={batch.selected.includes(task.id)}
                  onChange={(e) => batch.toggle(task.id, e.target.checked)}
                />
              ) : (
                <span className={styles.cardCheck} />
              ))}
            <TaskCard
            task={task}
            href={hrefOf(task)}
            writes={writes}
            onOpen={() => setParam('task', task.id)}
            onEdit={() => openDrawer({ kind: 'edit', task })}
            onDecompose={() => openDrawer({ kind: 'decompose', parent: task })}
              onDelete={() => remove(task)}
            />
          </div>
        )}
      />
      {drawer && (
        <TaskFormDrawer
          key={drawer.key}
          open={drawer.open}
          mode={drawer.mode}
          onClose={closeDrawer}
          afterClose={() => setDrawer((current) => (current && !current.open ? null : current))}
          onSaved={() => {
            closeDrawer();
            reload();
          }}
        />
      )}
      {conditions && (
        <WarningConditionsDrawer
          key={conditions.key}
          open={conditions.open}
          yearTargetId={filter.yearTargetId}
          onClose={() => setConditions((current) => current && { ...current, open: false })}
          afterClose={() => setConditions((current) => (current && !current.open ? null : current))}
        />
      )}
      <TaskDetailDrawer taskId={openTaskId} onClose={() => setParam('task', null)} onChanged={reload} />
    </Card>
  );
}
