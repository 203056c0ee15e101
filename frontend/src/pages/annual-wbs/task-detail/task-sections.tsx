import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Empty, List, Space, Table, Tag, Timeline, Tooltip, Tree, Typography, type TableColumnsType } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import {
  PROGRESS_AUDIT_NAMES,
  PROGRESS_REPORT_TYPE_NAMES,
  RWJD_GROUP,
  RWJD_GROUP_COLOURS,
  RWJD_NAMES,
  URGE_STATE_NAMES,
  URGE_STATUS_NAMES,
  URGE_TYPE_NAMES,
  type Attachment,
  type ProgressAudit,
  type Rwjd,
  type UrgeType,
} from '@zhengai/contracts';
import { addTaskFiles, deleteTaskFile, type ProgressReport, type TargetTask, type TaskDelay, type TaskHistory, type TaskSituation, type TaskUrge, type TaskWarning } from '../../../api/task-situation';
import { saveFile } from '../../../components/attachments/downloads';
import { FilePreview, canPreview, type PreviewTarget } from '../../../components/attachments/file-preview';
import { FileTypeIcon } from '../../../components/upload/file-icon';
import { FILE_MESSAGES, formatFileSize } from '../../../components/upload/file-rules';
import { UploadModal, type UploadResult } from '../../../components/upload/upload-modal';
import { EMPTY_TEXT } from '../../../utils/constants';
import { formatPercent } from '../../../utils/formatters';
import { formatDate, formatTime, historyActionName, periodText, targetText, transitionText } from './task-detail-values';
import styles from './task-detail.module.css';

export const empty = (description = EMPTY_TEXT) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;

/** The rwjd as a tag in its display group's colour (paused orange, normal blue, finished green). */
export function RwjdTag({ rwjd }: { rwjd: Rwjd }) {
  return (
    <Tag color={RWJD_GROUP_COLOURS[RWJD_GROUP[rwjd]]} data-testid="rwjd">
      {RWJD_NAMES[rwjd]}
    </Tag>
  );
}

const AUDIT_COLOURS: Record<ProgressAudit, string> = { reviewing: 'processing', pass: 'success', childPass: 'success', reject: 'error' };

/** Download and preview of one file (000 §9: pictures and PDF preview). */
function FileLinks({ file, onPreview }: { file: Attachment; onPreview(file: PreviewTarget): void }) {
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => void saveFile(file).catch(() => undefined)}>
        下载
      </Button>
      <Tooltip title={canPreview(file) ? undefined : FILE_MESSAGES.noPreview}>
        <Button type="link" size="small" disabled={!canPreview(file)} onClick={() => onPreview(file)}>
          预览
        </Button>
      </Tooltip>
    </Space>
  );
}

function FileName({ file }: { file: Attachment }) {
  return (
    <Space size={6}>
      <FileTypeIcon type={file.fileType} name={file.fileName} />
      <span title={file.fileName}>{file.fileName}</span>
    </Space>
  );
}

/** 进度上报: the reports newest first, each with its audit state (and reason) and its evidence files. */
export function ReportsSection({ reports, unit }: { reports: ProgressReport[]; unit: string | null }) {
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  if (reports.length === 0) return empty('暂无进度上报');
  return (
    <>
      <List
        className={styles.reports}
        aria-label="进度上报"
        dataSource={reports}
        renderItem={(r) => (
          <List.Item key={r.id} data-testid="progress-report">
            <div className={styles.report}>
              <div className={styles.reportHead}>
                <Tag color={r.kind === 'final' ? 'purple' : 'cyan'}>{PROGRESS_REPORT_TYPE_NAMES[r.kind]}</Tag>
                <Tag color={AUDIT_COLOURS[r.auditState]} data-testid="report-audit">
                  {PROGRESS_AUDIT_NAMES[r.auditState]}
                </Tag>
                <Typography.Text type="secondary">
                  {r.reporterName || '未知'} 于 {formatTime(r.reportTime)} 上报
                </Typography.Text>
              </div>
              <Typography.Paragraph className={styles.reportContent}>{r.content || '（无说明）'}</Typography.Paragraph>
              <Space size="large" wrap>
                <span>完成值：{targetText(r.valueReached, unit).replace('未制定', '—')}</span>
                <span>进度：{formatPercent(r.progress)}</span>
                {r.auditorName && (
                  <span>
                    审核：{r.auditorName} {formatTime(r.auditTime)}
                  </span>
                )}
              </Space>
              {r.auditState === 'reject' && r.auditReason && (
                <Typography.Paragraph type="danger" className={styles.reason} data-testid="reject-reason">
                  驳回原因：{r.auditReason}
                </Typography.Paragraph>
              )}
              {r.files.length > 0 && (
                <ul className={styles.fileList} aria-label="佐证附件">
                  {r.files.map((f) => (
                    <li key={f.id}>
                      <FileName file={f} />
                      <FileLinks file={f} onPreview={setPreview} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </List.Item>
        )}
      />
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </>
  );
}

/** 子任务: the decomposition tree (ancestors, this task, its children) and the children as rows, each clickable. */
export function ChildrenSection({ situation, onOpen }: { situation: TaskSituation; onOpen(id: string): void }) {
  const { task, path, children } = situation;
  const leaf = (t: TargetTask): DataNode => ({ key: t.id, title: <TreeTitle name={t.rwmc} rwjd={t.rwjd} />, isLeaf: t.childCount === 0 });
  const self: DataNode = {
    key: task.id,
    title: <TreeTitle name={task.rwmc} rwjd={task.rwjd} current />,
    children: children.map(leaf),
  };
  const tree = path.reduceRight<DataNode>((inner, a) => ({ key: a.id, title: a.rwmc, children: [inner] }), self);
  const columns: TableColumnsType<TargetTask> = [
    {
      title: '任务名称',
      dataIndex: 'rwmc',
      ellipsis: true,
      render: (_v, t) => (
        <Button type="link" size="small" className={styles.linkCell} onClick={() => onOpen(t.id)}>
          {t.rwmc}
        </Button>
      ),
    },
    { title: '状态', dataIndex: 'rwjd', width: 110, render: (_v, t) => <RwjdTag rwjd={t.rwjd} /> },
    { title: '负责部门', dataIndex: 'chargeDepartName', width: 140, ellipsis: true },
    { title: '负责人', dataIndex: 'ownerName', width: 90, ellipsis: true },
    { title: '起止时间', key: 'period', width: 200, render: (_v, t) => periodText(t.kssj, t.jssj) },
    { title: '预警', key: 'warnings', width: 110, render: (_v, t) => `过程${t.processWarningCount} / 逾期${t.expiredWarningCount}` },
  ];
  return (
    <div className={styles.children}>
      <Tree
        aria-label="任务分解"
        treeData={[tree]}
        defaultExpandAll
        selectedKeys={[task.id]}
        blockNode
        onSelect={(keys) => {
          const id = keys[0] ? String(keys[0]) : null;
          if (id && id !== task.id) onOpen(id);
        }}
      />
      <Table<TargetTask>
        aria-label="子任务"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={children}
        pagination={false}
        locale={{ emptyText: empty('暂无子任务') }}
      />
    </div>
  );
}

function TreeTitle({ name, rwjd, current = false }: { name: string; rwjd: Rwjd; current?: boolean }) {
  return (
    <span className={current ? styles.currentNode : undefined}>
      {name} <RwjdTag rwjd={rwjd} />
    </span>
  );
}

const DELAY_DECISIONS: Record<TaskDelay['decision'], { name: string; colour: string }> = {
  pending: { name: '待审核', colour: 'processing' },
  granted: { name: '已同意', colour: 'success' },
  refused: { name: '已拒绝', colour: 'error' },
};

/** 延期: the requests and their decisions. */
export function DelaysSection({ delays }: { delays: TaskDelay[] }) {
  const columns: TableColumnsType<TaskDelay> = [
    { title: '原结束时间', dataIndex: 'oldEndDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '延期至', dataIndex: 'newEndDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '延期原因', dataIndex: 'reason', ellipsis: true },
    { title: '申请人', key: 'requester', width: 170, render: (_v, d) => <TimeBy name={d.requesterName} time={d.requestTime} /> },
    { title: '审核结果', dataIndex: 'decision', width: 90, render: (_v, d) => <Tag color={DELAY_DECISIONS[d.decision].colour}>{DELAY_DECISIONS[d.decision].name}</Tag> },
    { title: '审核人', key: 'decider', width: 170, render: (_v, d) => (d.deciderName ? <TimeBy name={d.deciderName} time={d.decideTime} /> : '') },
    { title: '审核意见', dataIndex: 'decisionReason', ellipsis: true, render: (v: string | null) => v ?? '' },
  ];
  return <Table<TaskDelay> aria-label="延期记录" rowKey="id" size="small" columns={columns} dataSource={delays} pagination={false} locale={{ emptyText: empty('暂无延期申请') }} />;
}

/** 催办: the urges with their state. */
export function UrgesSection({ urges }: { urges: TaskUrge[] }) {
  const columns: TableColumnsType<TaskUrge> = [
    { title: '催办类型', dataIndex: 'urgeType', width: 90, render: (v: number) => URGE_TYPE_NAMES[v as UrgeType] ?? String(v) },
    { title: '催办事项', dataIndex: 'status', width: 110, render: (v: TaskUrge['status']) => (v ? URGE_STATUS_NAMES[v] : '') },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: TaskUrge['state']) => <Tag color={v === 'acceptUrge' ? 'success' : 'warning'}>{URGE_STATE_NAMES[v]}</Tag> },
    { title: '催办人', key: 'from', width: 170, render: (_v, u) => <TimeBy name={u.fromName} time={u.createTime} /> },
    { title: '被催办人', dataIndex: 'toName', width: 90, render: (v: string | null) => v ?? '' },
    { title: '接收时间', dataIndex: 'acceptTime', width: 160, render: (v: string | null) => formatTime(v) },
    { title: '说明', dataIndex: 'message', ellipsis: true, render: (v: string | null) => v ?? '' },
  ];
  return <Table<TaskUrge> aria-label="催办记录" rowKey="id" size="small" columns={columns} dataSource={urges} pagination={false} locale={{ emptyText: empty('暂无催办') }} />;
}

const WARNING_KINDS: Record<TaskWarning['kind'], { name: string; colour: string }> = {
  process: { name: '过程预警', colour: 'gold' },
  expired: { name: '逾期预警', colour: 'red' },
};

/** 预警: process and expired warnings, open or closed. */
export function WarningsSection({ warnings }: { warnings: TaskWarning[] }) {
  const columns: TableColumnsType<TaskWarning> = [
    { title: '预警类型', dataIndex: 'kind', width: 110, render: (_v, w) => <Tag color={WARNING_KINDS[w.kind].colour}>{WARNING_KINDS[w.kind].name}</Tag> },
    { title: '周期', dataIndex: 'periodKey', width: 120 },
    { title: '预警时间', dataIndex: 'openTime', width: 170, render: (v: string) => formatTime(v) },
    { title: '关闭时间', dataIndex: 'closeTime', width: 170, render: (v: string | null) => formatTime(v) },
    { title: '状态', key: 'state', render: (_v, w) => (w.closeTime ? <Tag>已关闭</Tag> : <Tag color="error">未关闭</Tag>) },
  ];
  return <Table<TaskWarning> aria-label="预警记录" rowKey="id" size="small" columns={columns} dataSource={warnings} pagination={false} locale={{ emptyText: empty('暂无预警') }} />;
}

/**
 * 附件: the task's own files (stage task), to download or preview; for those who may write them (the publisher, an
 * administrator, the owner while the task is not finished: the server decides, `editable` only shows the buttons)
 * 上传 through the upload modal and 删除 after a confirmation.
 */
export function FilesSection({ taskId, files, editable, onChanged }: { taskId: string; files: Attachment[]; editable: boolean; onChanged(): Promise<unknown> }) {
  const { modal } = App.useApp();
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [uploading, setUploading] = useState(false);

  const attach = async ({ files: merged }: UploadResult) => {
    await addTaskFiles(taskId, merged.map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileType: f.fileType })), { successMessage: FILE_MESSAGES.imported });
    await onChanged();
  };

  const confirmDelete = (file: Attachment) => {
    modal.confirm({
      title: '删除附件',
      content: `确定删除“${file.fileName}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteTaskFile(file.id, { successMessage: '删除成功' });
        } catch {
          // shown by the request layer
        }
        await onChanged();
      },
    });
  };

  const columns: TableColumnsType<Attachment> = [
    { title: '文件名', dataIndex: 'fileName', ellipsis: true, render: (_v, f) => <FileName file={f} /> },
    { title: '大小', dataIndex: 'size', width: 100, render: (v: number) => formatFileSize(v) },
    { title: '上传人', dataIndex: 'uploaderName', width: 100, ellipsis: true },
    { title: '上传时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: editable ? 170 : 120,
      render: (_v, f) => (
        <Space size={0}>
          <FileLinks file={f} onPreview={setPreview} />
          {editable && (
            <Button type="link" size="small" danger onClick={() => confirmDelete(f)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      {editable && (
        <div className={styles.sectionBar}>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            上传附件
          </Button>
        </div>
      )}
      <Table<Attachment> aria-label="任务附件" rowKey="id" size="small" columns={columns} dataSource={files} pagination={false} locale={{ emptyText: empty('暂无附件') }} />
      {editable && <UploadModal open={uploading} onUploaded={attach} onClose={() => setUploading(false)} />}
      <FilePreview file={preview} onClose={() => setPreview(null)} />
    </>
  );
}

/** 历史: every change of the task, oldest first: time, who, what, from → to, why. */
export function HistorySection({ history }: { history: TaskHistory[] }) {
  if (history.length === 0) return empty('暂无历史记录');
  return (
    <Timeline
      className={styles.history}
      aria-label="历史记录"
      items={history.map((h) => ({
        key: h.id,
        color: h.reason ? 'orange' : 'blue',
        content: (
          <div data-testid="history-item">
            <Typography.Text type="secondary">{formatTime(h.time)}</Typography.Text>
            <div>
              <Typography.Text strong>{h.actorName || '未知'}</Typography.Text> {historyActionName(h.action)}
              {(h.fromState || h.toState) && <Typography.Text type="secondary">（{transitionText(h.fromState, h.toState)}）</Typography.Text>}
            </div>
            {h.reason && <div className={styles.reason}>原因：{h.reason}</div>}
          </div>
        ),
      }))}
    />
  );
}

function TimeBy({ name, time }: { name: string | null; time: string | null }) {
  return (
    <span>
      {name || '未知'}
      <Typography.Text type="secondary" className={styles.timeBy}>
        {formatTime(time)}
      </Typography.Text>
    </span>
  );
}
