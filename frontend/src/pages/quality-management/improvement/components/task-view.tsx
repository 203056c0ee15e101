import { ApartmentOutlined, ArrowLeftOutlined, CalculatorOutlined, CheckOutlined, CloseOutlined, HistoryOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import { ExportButton } from '../../../../components/export-button';
import { App, Button, Card, Checkbox, Descriptions, Result, Space, Tag, Tooltip } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../../auth/auth-context';
import { calculateResults, exportQualityTable, submitAudit, type QualityRow } from '../../../../api/diagnosis';
import { AttachmentListModal } from '../../../../components/attachments/attachment-list-modal';
import { formatPercent, UNKNOWN } from '../../../../utils/formatters';
import { useQualityTable } from '../hooks';
import { MISS_TEXT, auditStateTag, missesTarget } from '../quality-values';
import { centreLevelOf, objectLink } from '../../../develop-centre/centre-data';
import { objectTypeName, taskPeriod } from '../tasks';
import { AuditHistoryModal, AuditModal, type AuditDecision } from './audit-modals';
import { ObjListsModal } from './obj-lists-modal';
import { PointDrawer, type DrawerTab } from './point-drawer';
import { SamplingModal } from './sampling-modal';
import { QualityTable } from './quality-table';
import { TaskAuthorityDrawer } from './task-authority-drawer';
import { TaskScoreButtons } from './task-score-buttons';
import styles from '../improvement.module.css';

interface Opened<T> {
  /** a fresh component for every opening */
  key: number;
  open: boolean;
  value: T;
}

function useOpened<T>(initial?: T | null) {
  const [state, setState] = useState<Opened<T> | null>(() => (initial ? { key: 1, open: true, value: initial } : null));
  return {
    state,
    open: (value: T) => setState((current) => ({ key: (current?.key ?? 0) + 1, open: true, value })),
    close: () => setState((current) => current && { ...current, open: false }),
    clear: () => setState((current) => (current && !current.open ? null : current)),
  };
}

/** The point a drawer shows: the row when the table has it, the tab it opens on. */
interface DrawerPoint {
  id: string;
  row: QualityRow | null;
  tab: DrawerTab;
}

/** A point to show once the table is loaded (?point=&tab= of the address). */
export interface LinkedPoint {
  id: string;
  tab: DrawerTab;
}

interface TaskViewProps {
  taskId: string;
  onBack(): void;
  linkedPoint?: LinkedPoint | null;
  /** the drawer of the linked point was closed: the address forgets it */
  onLinkedPointClosed?(): void;
}

/** A task's quality-point table with its toolbar: grading, submission, audit and the audit history. */
export function TaskView({ taskId, onBack, linkedPoint, onLinkedPointClosed }: TaskViewProps) {
  const { modal } = App.useApp();
  const { user } = useAuth();
  const quality = useQualityTable(taskId);
  const { table } = quality;
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [grading, setGrading] = useState(false);
  // a link to a point (the home page's 我的预警) opens its drawer as soon as the table is there
  const drawer = useOpened<DrawerPoint>(linkedPoint ? { id: linkedPoint.id, row: null, tab: linkedPoint.tab } : null);
  const attachments = useOpened<QualityRow>();
  const sampling = useOpened<QualityRow>();
  const audit = useOpened<AuditDecision>();
  const history = useOpened<null>();
  const objLists = useOpened<null>();
  const authority = useOpened<null>();

  const missing = useMemo(() => (table?.rows ?? []).filter(missesTarget), [table]);
  const rows = onlyMissing ? missing : (table?.rows ?? []);

  if (!table) {
    return (
      <Card loading={quality.loading} title={<BackTitle onBack={onBack} title="诊断改进" />}>
        {quality.failed && <Result status="warning" title="无法打开该诊断任务" extra={<Button onClick={onBack}>返回任务列表</Button>} />}
      </Card>
    );
  }
  const { task, isedit: canEdit, canAudit } = table;
  const drawerPoint = drawer.state?.value;
  const drawerRow = drawerPoint ? (drawerPoint.row ?? table.rows.find((r) => r.id === drawerPoint.id) ?? null) : null;
  const state = auditStateTag(task.auditState, task.auditStateName);
  // the object opens in its level's centre, when the person has it (000 §2's redirect helper)
  const portrait = objectLink(user?.menus, centreLevelOf(task.objectType), task.objectId);

  const grade = async () => {
    setGrading(true);
    try {
      const result = await calculateResults(taskId);
      quality.patchTask({ score: result.score });
      quality.reload();
    } catch {
      // shown by the request layer
    } finally {
      setGrading(false);
    }
  };

  const submit = () => {
    modal.confirm({
      title: '提交审核',
      content: missing.length
        ? `共有${missing.length}个未达标的质控点，请确认均已填写原因分析和改进措施。提交后将不能修改，确定提交审核吗？`
        : '提交后将不能修改，确定提交审核吗？',
      okText: '提交',
      cancelText: '取消',
      onOk: async () => {
        try {
          const result = await submitAudit(taskId, undefined, { successMessage: '提交成功' });
          quality.patchTask(result);
          quality.reload();
        } catch (error) {
          // the server's reason is shown; with rows left to fill, show just those
          if (error instanceof Error && error.message.includes(MISS_TEXT)) setOnlyMissing(true);
        }
      },
    });
  };

  const toolbar = (
    <Space wrap>
      {canEdit && (
        <Button icon={<CalculatorOutlined />} loading={grading} onClick={() => void grade()}>
          计算等级
        </Button>
      )}
      {canEdit && (
        <Button type="primary" icon={<SendOutlined />} onClick={submit}>
          提交审核
        </Button>
      )}
      {canAudit && (
        <Button type="primary" icon={<CheckOutlined />} onClick={() => audit.open('pass')}>
          审核通过
        </Button>
      )}
      {canAudit && (
        <Button danger icon={<CloseOutlined />} onClick={() => audit.open('refuse')}>
          审核不通过
        </Button>
      )}
      <Button icon={<HistoryOutlined />} onClick={() => history.open(null)}>
        审核记录
      </Button>
      <Button icon={<ApartmentOutlined />} onClick={() => objLists.open(null)}>
        上下级对象
      </Button>
    </Space>
  );

  return (
    <Card
      className={styles.taskCard}
      title={
        <BackTitle
          onBack={onBack}
          title={
            <>
              <span className={styles.taskTitle}>{task.rwmc}</span>
              <Tag color={state.color} data-testid="audit-state">
                {state.text}
              </Tag>
            </>
          }
        />
      }
      extra={toolbar}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3, xl: 6 }} className={styles.taskFacts}>
        <Descriptions.Item label="诊断对象">
          {objectTypeName(task.objectType)}：{portrait ? <Link to={portrait}>{task.objectName}</Link> : task.objectName}
        </Descriptions.Item>
        <Descriptions.Item label="周期">{task.zqz}</Descriptions.Item>
        <Descriptions.Item label="起止时间">{taskPeriod(task) ?? UNKNOWN}</Descriptions.Item>
        <Descriptions.Item label="负责人">{task.ownerName || UNKNOWN}</Descriptions.Item>
        <Descriptions.Item label="审核人">{task.jkrmc || UNKNOWN}</Descriptions.Item>
        <Descriptions.Item label="得分">{task.score === null || task.score === undefined ? UNKNOWN : formatPercent(task.score)}</Descriptions.Item>
        <Descriptions.Item label="目标标准">{task.libraryName}</Descriptions.Item>
      </Descriptions>
      <div className={styles.tableBar}>
        <Space size={16} wrap>
          <Checkbox checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)}>
            只看未达标
          </Checkbox>
          <span className={styles.muted}>
            共{table.rows.length}个质控点，<span className={missing.length ? styles.missCount : undefined} data-testid="miss-count">
              未达标{missing.length}个
            </span>
          </span>
        </Space>
        <Space size={8} wrap>
          {!canEdit && (
            <Tooltip title={task.auditState === 'submitted' || task.auditState === 'passed' ? `任务${state.text}，不能修改` : '没有修改权限'}>
              <Tag>只读</Tag>
            </Tooltip>
          )}
          {table.canRecalculate && (
            <TaskScoreButtons
              taskId={taskId}
              onScored={(score) => {
                quality.patchTask({ score });
                quality.reload();
              }}
            />
          )}
          <ExportButton run={() => exportQualityTable(taskId)} fallbackName={`质控点列表-${task.rwmc}.xlsx`} disabled={!table.rows.length} />
          {table.canManageGrants && (
            <Button icon={<TeamOutlined />} onClick={() => authority.open(null)}>
              权限设置
            </Button>
          )}
        </Space>
      </div>
      <QualityTable
        table={table}
        rows={rows}
        loading={quality.loading}
        onOpenPoint={(row) => drawer.open({ id: row.id, row, tab: 'detail' })}
        onAttachments={attachments.open}
        onSampling={sampling.open}
        onSaved={quality.replaceRow}
        onStale={quality.reload}
      />

      {drawer.state && (
        <PointDrawer
          key={drawer.state.key}
          open={drawer.state.open}
          taskId={taskId}
          pointId={drawer.state.value.id}
          pointName={drawerRow?.zkdmc ?? '质控点详情'}
          row={drawerRow}
          initialTab={drawer.state.value.tab}
          canHandle={table.canHandleWarnings}
          onClose={() => {
            drawer.close();
            if (linkedPoint) onLinkedPointClosed?.();
          }}
          afterClose={drawer.clear}
        />
      )}
      {sampling.state && (
        <SamplingModal key={sampling.state.key} open={sampling.state.open} taskId={taskId} point={sampling.state.value} onClose={sampling.close} afterClose={sampling.clear} />
      )}
      {attachments.state && (
        <AttachmentListModal
          key={attachments.state.key}
          open={attachments.state.open}
          onClose={attachments.close}
          owner={{ zgzkdid: attachments.state.value.id, objTaskId: taskId }}
          pointName={attachments.state.value.zkdmc}
          editable={canEdit}
          defaultStage="zwzd"
          onChanged={(list) => attachments.state && quality.setAttachments(attachments.state.value.id, list)}
        />
      )}
      {audit.state && (
        <AuditModal
          key={audit.state.key}
          open={audit.state.open}
          decision={audit.state.value}
          taskId={taskId}
          onClose={audit.close}
          onDone={(result) => {
            audit.close();
            quality.patchTask(result);
            quality.reload();
          }}
        />
      )}
      {history.state && <AuditHistoryModal key={history.state.key} open={history.state.open} taskId={taskId} onClose={history.close} />}
      {authority.state && (
        <TaskAuthorityDrawer key={authority.state.key} open={authority.state.open} taskId={taskId} taskName={task.rwmc} onClose={authority.close} afterClose={authority.clear} />
      )}
      {objLists.state && (
        <ObjListsModal key={objLists.state.key} open={objLists.state.open} taskId={taskId} canEdit={canEdit} onClose={objLists.close} onChanged={quality.reload} />
      )}
    </Card>
  );
}

function BackTitle({ onBack, title }: { onBack(): void; title: ReactNode }) {
  return (
    <Space size={8} className={styles.backTitle}>
      <Tooltip title="返回任务列表">
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回任务列表" onClick={onBack} />
      </Tooltip>
      {title}
    </Space>
  );
}
