import { App, Badge, Button, Descriptions, Drawer, Progress, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { PushSteps } from './push-steps';
import { useState } from 'react';
import {
  SCHEDULE_STATUS_COLOURS,
  SCHEDULE_STATUS_NAMES,
  TARGET_AUDIT_STATE_NAMES,
  TARGET_TASK_STATE_NAMES,
  type ScheduleStatus,
  type TargetAuditState,
} from '@zhengai/contracts';
import { ApiError } from '../../../api/request';
import { getTaskSituation, moveTask, type TaskMoveAction, type TaskSituation } from '../../../api/task-situation';
import { useRequest } from '../../../hooks/use-request';
import { DefineModal, DelayModal, ReasonModal, ReportModal, type SendMove } from './action-modals';
import { ACTION_NAMES, actionForm, confirmText, isDangerous, periodText, primaryAction, progressPercent, targetText, yearsText } from './task-detail-values';
import { formatPercent } from '../../../utils/formatters';
import { CoopSection } from './coop-section';
import { ChildrenSection, DelaysSection, FilesSection, HistorySection, ReportsSection, RwjdTag, UrgesSection, WarningsSection } from './task-sections';
import styles from './task-detail.module.css';

/** The progress bar's colour per schedule status (finish green, normal blue, block yellow, unstart red). */
const STROKES: Record<ScheduleStatus, string> = { finish: '#52c41a', normal: '#1677ff', block: '#fadb14', unstart: '#ff4d4f' };

const EXAM_TYPE_NAMES = { score: '分数', level: '等级' } as const;

/** The moves that open a dialog of their own; the rest ask for a confirmation. */
type Dialog = { action: TaskMoveAction } | null;

/**
 * The detail of one target task (issue 13; 001 §7 yearly target service), in a wide drawer: the header (name, state,
 * type, year target, the path of ancestors, the facts), the progress bar in the schedule status's colour, the moves the
 * person may make now (each with what it needs: a reason, a report with files, a delay date, a target value, or a
 * confirmation), and the tabs 进度上报, 子任务, 延期, 催办, 预警, 协作部门, 附件, 历史. After a move it reloads and tells the list.
 * The lists open it with the task id of the URL's `task` parameter; a task of the path or a child opens in place.
 */
export function TaskDetailDrawer({ taskId, onClose, onChanged }: { taskId: string | null; onClose: () => void; onChanged?: () => void }) {
  // the task shown: the caller's, until a task of the path or a child is clicked
  const [shown, setShown] = useState<{ from: string | null; id: string | null }>({ from: taskId, id: taskId });
  if (shown.from !== taskId) setShown({ from: taskId, id: taskId });
  const id = shown.id;
  const [refusal, setRefusal] = useState<string | null>(null);
  const situation = useRequest(id ? () => getTaskSituation(id) : null, id ?? '', {
    keepPrevious: false,
    onSuccess: () => setRefusal(null),
    onError: (error) => setRefusal(error instanceof ApiError ? error.message : '加载失败'),
  });
  const data = situation.data;

  const open = (next: string) => {
    setRefusal(null);
    setShown({ from: taskId, id: next });
  };

  return (
    <Drawer
      open={taskId !== null}
      size="78%"
      title="任务详情"
      onClose={onClose}
      destroyOnHidden
      className={styles.drawer}
      extra={
        id && id !== taskId ? (
          <Button onClick={() => open(taskId ?? id)} aria-label="返回原任务">
            返回原任务
          </Button>
        ) : undefined
      }
    >
      {refusal && !data ? (
        <Result status="warning" title={refusal} data-testid="task-refusal" />
      ) : (
        <Spin spinning={situation.loading} description="加载中…">
          {data ? (
            <TaskBody
              key={data.task.id}
              situation={data}
              onOpen={open}
              onMoved={async () => {
                await situation.reload();
                onChanged?.();
              }}
              onReload={situation.reload}
            />
          ) : (
            <div className={styles.loadingSpace} />
          )}
        </Spin>
      )}
    </Drawer>
  );
}

function TaskBody({ situation, onOpen, onMoved, onReload }: { situation: TaskSituation; onOpen(id: string): void; onMoved(): Promise<void>; onReload(): Promise<unknown> }) {
  const { task, path, progress, scheduleStatus } = situation;
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tab, setTab] = useState('reports');

  const send: SendMove = async (move) => {
    try {
      await moveTask({ id: task.id, ...move }, { successMessage: `${ACTION_NAMES[move.action]}成功` });
    } catch {
      // the refusal is shown by the request layer; the task may have moved meanwhile
      await onMoved();
      return false;
    }
    await onMoved();
    return true;
  };

  const start = (action: TaskMoveAction) => {
    const form = actionForm(action);
    if (form === 'confirm') {
      modal.confirm({
        title: ACTION_NAMES[action],
        content: confirmText(action, task.rwmc),
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { danger: isDangerous(action) },
        onOk: async () => {
          await send({ action });
        },
      });
    } else {
      setDialog({ action });
    }
  };

  const primary = primaryAction(task.actions);
  // who may write the task's files: the server says (the access table's files column), the screen only shows the buttons
  const filesEditable = task.canWriteFiles;
  const auditName = task.auditState === null ? '未提交审核' : (TARGET_AUDIT_STATE_NAMES[task.auditState as TargetAuditState] ?? String(task.auditState));
  const openReports = situation.reports.filter((r) => r.auditState === 'reviewing').length;
  const openUrges = situation.urges.filter((u) => u.state === 'urge').length;
  const openDelays = situation.delays.filter((d) => d.decision === 'pending').length;
  const openWarnings = situation.warnings.filter((w) => !w.closeTime).length;
  const label = (text: string, count: number, dot = 0) => (
    <span>
      {text}
      {count > 0 && <span className={styles.tabCount}>({count})</span>}
      {dot > 0 && <Badge count={dot} size="small" className={styles.tabBadge} />}
    </span>
  );

  return (
    <div className={styles.body} data-testid="task-detail">
      <section className={styles.head} data-testid="task-head">
        <div className={styles.titleRow}>
          <Typography.Title level={4} className={styles.title} data-testid="task-name">
            {task.rwmc}
          </Typography.Title>
          <RwjdTag rwjd={task.rwjd} />
          {task.taskState === 'pause' && <Tag color="default">{TARGET_TASK_STATE_NAMES.pause}</Tag>}
          <Tag color="geekblue">{task.rwlxmc ?? task.rwlx}</Tag>
        </div>
        <nav className={styles.path} aria-label="任务路径">
          <span className={styles.pathLabel}>{task.yearTargetName ?? '年度目标'}</span>
          {path.map((a) => (
            <span key={a.id}>
              <span className={styles.pathSep}>/</span>
              <Button type="link" size="small" className={styles.pathLink} onClick={() => onOpen(a.id)}>
                {a.rwmc}
              </Button>
            </span>
          ))}
          <span className={styles.pathSep}>/</span>
          <span className={styles.pathCurrent}>{task.rwmc}</span>
        </nav>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} className={styles.facts} data-testid="task-facts">
          <Descriptions.Item label="年度目标">{task.yearTargetName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="负责部门">{task.chargeDepartName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="负责人">{task.ownerName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="审核人">{task.auditorName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="监控人">{task.jkrmc || '未设置'}</Descriptions.Item>
          <Descriptions.Item label="发布部门">{task.fbbm ?? ''}</Descriptions.Item>
          <Descriptions.Item label="起止时间">
            <span data-testid="task-period">{periodText(task.kssj, task.jssj)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="任务年份">{yearsText(task.rwnf)}</Descriptions.Item>
          <Descriptions.Item label="量化目标">
            <span data-testid="task-target">{targetText(task.targetValue, task.targetUnit)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="考核方式">{EXAM_TYPE_NAMES[task.examType]}</Descriptions.Item>
          <Descriptions.Item label="审核状态">{auditName}</Descriptions.Item>
          <Descriptions.Item label="创建人">{task.cjrmc ?? ''}</Descriptions.Item>
          <Descriptions.Item label="协作部门" span="filled">
            {task.coopDepartments.length ? task.coopDepartments.map((d) => d.name ?? d.id).join('、') : '无'}
          </Descriptions.Item>
        </Descriptions>
        <div className={styles.progressRow} data-testid="task-progress">
          <span className={styles.progressLabel}>任务进度</span>
          <Progress
            className={styles.progress}
            percent={progressPercent(progress)}
            strokeColor={STROKES[scheduleStatus]}
            format={() => formatPercent(progress)}
            aria-label="任务进度"
          />
          <Tag color={SCHEDULE_STATUS_COLOURS[scheduleStatus]} data-testid="schedule-status">
            {SCHEDULE_STATUS_NAMES[scheduleStatus]}
          </Tag>
        </div>
        {task.rwjd === 'notPushed' && <PushSteps auditState={task.auditState} />}
        <Space wrap className={styles.actions} aria-label="操作" role="toolbar">
          {task.actions.length === 0 && <Typography.Text type="secondary">当前没有可执行的操作</Typography.Text>}
          {task.actions.map((action) => (
            <Button key={action} type={action === primary ? 'primary' : 'default'} danger={isDangerous(action)} onClick={() => start(action)}>
              {ACTION_NAMES[action]}
            </Button>
          ))}
        </Space>
      </section>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        className={styles.tabs}
        items={[
          { key: 'reports', label: label('进度上报', situation.reports.length, openReports), children: <ReportsSection reports={situation.reports} unit={task.targetUnit} /> },
          { key: 'children', label: label('子任务', situation.children.length), children: <ChildrenSection situation={situation} onOpen={onOpen} /> },
          { key: 'delays', label: label('延期', situation.delays.length, openDelays), children: <DelaysSection delays={situation.delays} /> },
          { key: 'urges', label: label('催办', situation.urges.length, openUrges), children: <UrgesSection urges={situation.urges} /> },
          { key: 'warnings', label: label('预警', situation.warnings.length, openWarnings), children: <WarningsSection warnings={situation.warnings} /> },
          { key: 'coops', label: label('协作部门', task.coopDepartments.length), children: <CoopSection task={task} onChanged={onMoved} /> },
          { key: 'files', label: label('附件', situation.files.length), children: <FilesSection taskId={task.id} files={situation.files} editable={filesEditable} onChanged={onReload} /> },
          { key: 'history', label: label('历史', situation.history.length), children: <HistorySection history={situation.history} /> },
        ]}
      />
      {dialog && actionForm(dialog.action) === 'reason' && <ReasonModal task={task} action={dialog.action} send={send} onClose={() => setDialog(null)} />}
      {dialog?.action === 'report' && <ReportModal task={task} send={send} onClose={() => setDialog(null)} />}
      {dialog?.action === 'requestDelay' && <DelayModal task={task} send={send} onClose={() => setDialog(null)} />}
      {dialog?.action === 'define' && <DefineModal task={task} send={send} onClose={() => setDialog(null)} />}
    </div>
  );
}
