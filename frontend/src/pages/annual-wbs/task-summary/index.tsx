import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Select, Space, Spin, Statistic, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getSummaryScopes, getTaskSummary, SUMMARY_TYPE_NAMES, type SummaryType, type TaskSummary } from '../../../api/task-summary';
import { getYearTargets } from '../../../api/year-targets';
import { LazyChart } from '../../../components/charts/lazy-chart';
import layout from '../../../components/page-layout.module.css';
import { useRequest } from '../../../hooks/use-request';
import { UNKNOWN } from '../../../utils/formatters';
import { TaskDetailDrawer } from '../task-detail';
import { YearFilterSelect } from '../components/year-filter-select';
import { LeafTaskTable } from './leaf-task-table';
import { departmentBarOption, groupPieOption, overdueTrendOption, progressBarOption, summaryCards, typeBarOption } from './summary-charts';
import styles from './task-summary.module.css';

interface Filter {
  year: string | null;
  yearTargetId: string | null;
  /** the department tab's choice; null: the server's default (the first charge department) */
  chargeDepartId: string | null;
}

function SummaryCharts({ summary }: { summary: TaskSummary }) {
  const options = useMemo(
    () => ({
      group: groupPieOption(summary),
      department: departmentBarOption(summary),
      type: typeBarOption(summary),
      trend: overdueTrendOption(summary),
      progress: progressBarOption(summary),
    }),
    [summary],
  );
  const charts: Array<{ key: keyof typeof options; title: string; wide?: boolean }> = [
    { key: 'group', title: '任务状态分布' },
    { key: 'type', title: '任务类型统计' },
    { key: 'department', title: '责任部门完成情况', wide: true },
    { key: 'progress', title: '任务进度分布' },
    { key: 'trend', title: `${summary.year}年逾期预警趋势` },
  ];
  return (
    <>
      <div className={styles.cards}>
        {summaryCards(summary).map((card) => (
          <Card key={card.key} size="small" data-testid={`summary-${card.key}`}>
            <Statistic title={card.title} value={card.value} suffix={card.suffix} />
          </Card>
        ))}
      </div>
      <div className={styles.charts}>
        {charts.map((chart) => (
          <Card key={chart.key} size="small" title={chart.title} className={chart.wide ? styles.wide : undefined} data-testid={`chart-${chart.key}`}>
            <LazyChart option={options[chart.key]} height={300} />
          </Card>
        ))}
      </div>
    </>
  );
}

/**
 * /qualityManagement/annualWbs/summary (menu 汇总分析, 001 §2 summary types): 我的汇总 / 部门汇总 / 全局汇总, the tabs the
 * server says the person may use (targetTask/summaryScopes); year and 年度目标 filter every tab, the department tab
 * has the charge-department selector (defaulting to the first charge department), the department head's name and,
 * under the charts, the department's 末级任务 list; a task opens its detail (search param `task`, as the task lists).
 */
export default function TaskSummaryPage() {
  const scopes = useRequest(() => getSummaryScopes(), 'scopes');
  const targets = useRequest(() => getYearTargets({ pageNum: 1, pageSize: 1000000 }), 'targets');
  const [tab, setTab] = useState<SummaryType | null>(null);
  const [filter, setFilter] = useState<Filter>({ year: null, yearTargetId: null, chargeDepartId: null });
  const [params, setParams] = useSearchParams();
  const openTaskId = params.get('task');
  // bumped to ask the 末级任务 list again (刷新, a change in the task detail)
  const [version, setVersion] = useState(0);
  const setTask = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('task');
      else next.set('task', id);
      return next;
    });
  const types = scopes.data?.types ?? [];
  const active = tab !== null && types.includes(tab) ? tab : (types[0] ?? null);
  const departId = filter.chargeDepartId ?? scopes.data?.defaultDepartId ?? null;
  const summary = useRequest(
    active ? () => getTaskSummary({ type: active, year: filter.year, yearTargetId: filter.yearTargetId, chargeDepartId: departId }) : null,
    JSON.stringify([active, filter.year, filter.yearTargetId, active === 'departmentSummaryAnalysis' ? departId : null]),
  );
  const shown = summary.data && summary.data.type === active ? summary.data : null;
  const department = active === 'departmentSummaryAnalysis' ? (shown?.department ?? null) : null;
  const reload = () => {
    void summary.reload();
    setVersion((v) => v + 1);
  };

  const targetOptions = (targets.data?.records ?? [])
    .filter((t) => !filter.year || t.cycleYear === filter.year)
    .map((t) => ({ value: t.id, label: `${t.name}（${t.cycleYear}）` }));

  const body = (() => {
    if (scopes.data && types.length === 0) return <Empty description="没有可查看的汇总" />;
    if (!shown) return <Spin spinning={summary.loading || scopes.loading}><div style={{ minHeight: 240 }} /></Spin>;
    return (
      <Spin spinning={summary.loading}>
        <SummaryCharts summary={shown} />
        {active === 'departmentSummaryAnalysis' && (
          <LeafTaskTable chargeDepartId={departId} year={filter.year} yearTargetId={filter.yearTargetId} version={version} onOpen={(task) => setTask(task.id)} />
        )}
      </Spin>
    );
  })();

  return (
    <Card
      title="汇总分析"
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload}>
          刷新
        </Button>
      }
    >
      <div data-testid="summary-tabs">
        <Tabs
          activeKey={active ?? undefined}
          onChange={(key) => setTab(key as SummaryType)}
          items={types.map((type) => ({ key: type, label: SUMMARY_TYPE_NAMES[type] }))}
        />
      </div>
      <div className={layout.bar}>
        <Space wrap size={12}>
          <YearFilterSelect className={styles.filterSelect} value={filter.year} onChange={(year) => setFilter((f) => ({ ...f, year, yearTargetId: null }))} />
          <Select
            aria-label="年度目标"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部年度目标"
            className={styles.targetSelect}
            value={filter.yearTargetId ?? undefined}
            options={targetOptions}
            onChange={(yearTargetId?: string) => setFilter((f) => ({ ...f, yearTargetId: yearTargetId ?? null }))}
          />
          {active === 'departmentSummaryAnalysis' && (
            <>
              <Select
                aria-label="责任部门"
                placeholder="选择责任部门"
                className={styles.departmentSelect}
                value={departId ?? undefined}
                options={(scopes.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
                onChange={(chargeDepartId: string) => setFilter((f) => ({ ...f, chargeDepartId }))}
              />
              <span className={styles.headName} data-testid="department-head">
                部门负责人：{department ? department.headName || UNKNOWN : UNKNOWN}
              </span>
            </>
          )}
        </Space>
      </div>
      {body}
      <TaskDetailDrawer taskId={openTaskId} onClose={() => setTask(null)} onChanged={reload} />
    </Card>
  );
}
