import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Statistic, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { closeLaunch, getLaunchDetail, retryLaunch, urgeLaunch, type LaunchDetail, type LaunchTask } from '../../../api/diagnosis-launch';
import { useRequest } from '../../../hooks/use-request';
import { LaunchProgressView } from './launch-progress';
import styles from './launch.module.css';

type DepartmentRow = LaunchDetail['byDepartment'][number];

const STATE_COLORS: Record<string, string> = { launching: 'processing', running: 'blue', failed: 'error', closed: 'default' };

/**
 * One launch: its tasks by department and audit state (未提交, 待审核, 已通过, 已退回), the overdue ones with 催办 of one
 * owner or all, 关闭周期 and 重新下发 — the buttons from the server's actions.
 */
export function LaunchDetailView({ launchId, onBack }: { launchId: string; onBack(): void }) {
  const { modal, message } = App.useApp();
  const detail = useRequest(() => getLaunchDetail(launchId), launchId);
  const [running, setRunning] = useState(false);
  const d = detail.data;
  const actions = d?.launch.actions ?? [];
  const launching = running || d?.launch.state === 'launching';

  const urge = (task: LaunchTask | null) =>
    modal.confirm({
      title: '催办',
      content: task ? `确定催办“${task.rwmc}”的负责人${task.ownerName ?? ''}吗？` : `确定催办全部${d?.totals.overdue ?? 0}个逾期任务的负责人吗？`,
      okText: '催办',
      cancelText: '取消',
      onOk: async () => {
        const result = await urgeLaunch(launchId, task?.id ?? null);
        message.success(`已催办${result.urged}个任务`);
        await detail.reload();
      },
    });
  const close = () =>
    modal.confirm({
      title: '关闭周期',
      content: '关闭后本次下发的诊断任务不能再修改、提交或审核，诊断结果保留，供下一周期作为上期结果。确定关闭吗？',
      okText: '关闭周期',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await closeLaunch(launchId);
        message.success('诊断周期已关闭');
        await detail.reload();
      },
    });
  const retry = async () => {
    await retryLaunch(launchId);
    setRunning(true);
  };

  const count = (n: number) => n;
  const departmentColumns: ColumnsType<DepartmentRow> = [
    { title: '部门', dataIndex: 'departmentName', fixed: 'left', width: 140 },
    { title: '未提交', dataIndex: 'draft', width: 80, render: count },
    { title: '待审核', dataIndex: 'submitted', width: 80, render: count },
    { title: '已通过', dataIndex: 'passed', width: 80, render: count },
    { title: '已退回', dataIndex: 'refused', width: 80, render: count },
    { title: '合计', dataIndex: 'total', width: 70, render: count },
    { title: '逾期', dataIndex: 'overdue', width: 70, render: (n: number) => (n > 0 ? <Tag color="error">{n}</Tag> : n) },
  ];
  const overdueColumns: ColumnsType<LaunchTask> = [
    { title: '任务名称', dataIndex: 'rwmc', width: 220 },
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? '-' },
    { title: '负责人', dataIndex: 'ownerName', width: 90, render: (v: string | null) => v ?? '-' },
    { title: '状态', dataIndex: 'auditStateName', width: 100 },
    { title: '结束日期', dataIndex: 'jssj', width: 110 },
    { title: '已催办', key: 'urged', width: 150, render: (_, t) => (t.urgeCount > 0 ? `${t.urgeCount}次，最近${t.lastUrgedAt ?? ''}` : '-') },
    ...(actions.includes('urge')
      ? [{ title: '操作', key: 'op', width: 80, render: (_: unknown, t: LaunchTask) => <a onClick={() => urge(t)} data-testid="urge-one">催办</a> } as const]
      : []),
  ];

  return (
    <Card
      title={d ? `${d.launch.levelName}层面 ${d.launch.cycleValue}` : '诊断任务'}
      extra={
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack}>
          返回
        </Button>
      }
      loading={!d && detail.loading}
    >
      {d && (
        <>
          <div className={styles.counts}>
            <div>
              目标标准：{d.launch.libraryName}
            </div>
            <div>
              状态：<Tag color={STATE_COLORS[d.launch.state]}>{d.launch.stateName}</Tag>
            </div>
            <div>
              起止：{d.launch.startDate} ~ {d.launch.endDate}
            </div>
            <div>
              负责人：{d.launch.ownerRuleName}
              {d.launch.ownerName ? `（${d.launch.ownerName}）` : ''}，审核人：{d.launch.auditorRuleName}
              {d.launch.auditorName ? `（${d.launch.auditorName}）` : ''}
            </div>
            {d.launch.failReason && <div>失败原因：{d.launch.failReason}</div>}
          </div>
          {launching && (
            <div className={styles.section}>
              <LaunchProgressView
                launchId={launchId}
                onEnd={() => {
                  setRunning(false);
                  void detail.reload();
                }}
              />
            </div>
          )}
          <div className={styles.counts} data-testid="launch-totals">
            <Statistic title="未提交" value={d.totals.draft} />
            <Statistic title="待审核" value={d.totals.submitted} />
            <Statistic title="已通过" value={d.totals.passed} />
            <Statistic title="已退回" value={d.totals.refused} />
            <Statistic title="合计" value={d.totals.total} />
            <Statistic title="逾期" value={d.totals.overdue} />
          </div>
          <div className={styles.actions}>
            {actions.includes('urge') && (
              <Button onClick={() => urge(null)} disabled={d.totals.overdue === 0}>
                全部催办
              </Button>
            )}
            {actions.includes('retry') && !launching && <Button onClick={() => void retry()}>重新下发</Button>}
            {actions.includes('close') && (
              <Button danger onClick={close}>
                关闭周期
              </Button>
            )}
          </div>
          <div className={styles.section}>
            <h4>各部门任务</h4>
            <Table<DepartmentRow>
              rowKey={(r) => r.departmentId ?? '-'}
              size="small"
              columns={departmentColumns}
              dataSource={d.byDepartment}
              pagination={false}
              scroll={{ x: 600 }}
              data-testid="launch-departments"
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任务" /> }}
            />
          </div>
          <div className={styles.section}>
            <h4>逾期任务</h4>
            <Table<LaunchTask>
              rowKey="id"
              size="small"
              columns={overdueColumns}
              dataSource={d.overdue}
              pagination={false}
              scroll={{ x: 870 }}
              data-testid="launch-overdue"
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无逾期任务" /> }}
            />
          </div>
        </>
      )}
    </Card>
  );
}
