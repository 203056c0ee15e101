import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { PROGRESS_REPORT_TYPE_NAMES, TARGET_TASK_LIMITS, type ProgressReportType, type TargetTaskDetail, type TargetTaskMove, type TaskMoveAction } from '@zhengai/contracts';
import type { UploadedFile } from '../../../api/files';
import { FileTypeIcon } from '../../../components/upload/file-icon';
import { formatFileSize } from '../../../components/upload/file-rules';
import { UploadModal } from '../../../components/upload/upload-modal';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { MODAL_WIDTH } from '../../../utils/constants';
import { ACTION_NAMES, TARGET_TASK_REASON_MAX, firstDelayDay, formatDate, reasonProblem } from './task-detail-values';
import styles from './task-detail.module.css';

/** The frame every move's modal shares: its own title and OK text, 取消, OK busy while sending, kept open by a stray click. */
function MoveFrame({ title, width = MODAL_WIDTH, okText, danger = false, saving, onOk, onClose, children }: { title: string; width?: number; okText: string; danger?: boolean; saving: boolean; onOk: () => Promise<void>; onClose: () => void; children: ReactNode }) {
  // `saving` comes only after the form validated: a second click on OK meanwhile would send the move twice
  const once = useSingleFlight();
  return (
    <Modal open title={title} width={width} okText={okText} cancelText="取消" okButtonProps={{ danger, loading: saving }} onOk={() => once(onOk)} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      {children}
    </Modal>
  );
}

/** Sends one move; resolves true when the server took it (a refusal is shown by the request layer). */
export type SendMove = (move: Omit<TargetTaskMove, 'id'>) => Promise<boolean>;

interface MoveModalProps {
  task: TargetTaskDetail;
  send: SendMove;
  onClose(): void;
}

/** Keeps a modal open while its move is on its way, and closes it once the server took it. */
function useSending(send: SendMove, onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const run = async (move: Omit<TargetTaskMove, 'id'>) => {
    setSaving(true);
    try {
      if (await send(move)) onClose();
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}

const reasonRule = {
  validator: (_rule: unknown, value: string | undefined) => {
    const problem = reasonProblem(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

const REASON_LABELS: Partial<Record<TaskMoveAction, string>> = {
  failAudit: '不通过原因',
  sendBack: '退回原因',
  rejectReport: '驳回原因',
  refuseDelay: '拒绝原因',
};

/** failAudit, sendBack, rejectReport, refuseDelay: a required reason of at most 500 characters, with a live count. */
export function ReasonModal({ task, action, send, onClose }: MoveModalProps & { action: TaskMoveAction }) {
  const [form] = Form.useForm<{ reason?: string }>();
  const { saving, run } = useSending(send, onClose);
  const label = REASON_LABELS[action] ?? '原因';

  const confirm = async () => {
    let reason: string;
    try {
      reason = ((await form.validateFields()).reason ?? '').trim();
    } catch {
      return;
    }
    await run({ action, reason });
  };

  return (
    <MoveFrame title={ACTION_NAMES[action]} okText="确定" danger saving={saving} onOk={confirm} onClose={onClose}>
      <Typography.Paragraph type="secondary">任务：{task.rwmc}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={label} required rules={[reasonRule]}>
          <Input.TextArea aria-label={label} autoSize={{ minRows: 4, maxRows: 8 }} count={{ show: true, max: TARGET_TASK_REASON_MAX }} placeholder={`请填写${label}`} />
        </Form.Item>
      </Form>
    </MoveFrame>
  );
}

/** requestDelay: the new end date (after jssj) and the reason. */
export function DelayModal({ task, send, onClose }: MoveModalProps) {
  const [form] = Form.useForm<{ newEndDate?: Dayjs | null; reason?: string }>();
  const { saving, run } = useSending(send, onClose);
  const first = firstDelayDay(task.jssj);

  const confirm = async () => {
    let values: { newEndDate?: Dayjs | null; reason?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await run({ action: 'requestDelay', newEndDate: values.newEndDate?.format('YYYY-MM-DD') ?? null, reason: (values.reason ?? '').trim() });
  };

  return (
    <MoveFrame title="申请延期" okText="提交申请" saving={saving} onOk={confirm} onClose={onClose}>
      <Typography.Paragraph type="secondary">当前结束时间：{formatDate(task.jssj) || '未设置'}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="newEndDate" label="延期至" rules={[{ required: true, message: '请选择新的结束时间' }]}>
          <DatePicker aria-label="延期至" style={{ width: '100%' }} format="YYYY-MM-DD" disabledDate={(d) => d.isBefore(first, 'day')} />
        </Form.Item>
        <Form.Item name="reason" label="延期原因" required rules={[reasonRule]}>
          <Input.TextArea aria-label="延期原因" autoSize={{ minRows: 4, maxRows: 8 }} count={{ show: true, max: TARGET_TASK_REASON_MAX }} placeholder="请填写延期原因" />
        </Form.Item>
      </Form>
    </MoveFrame>
  );
}

/** define: the quantified target value (above 0) in the task's unit. */
export function DefineModal({ task, send, onClose }: MoveModalProps) {
  const [form] = Form.useForm<{ target?: number | null }>();
  const { saving, run } = useSending(send, onClose);

  const confirm = async () => {
    let target: number | null | undefined;
    try {
      target = (await form.validateFields()).target;
    } catch {
      return;
    }
    await run({ action: 'define', target: target ?? null });
  };

  return (
    <MoveFrame title="制定目标" okText="确定" saving={saving} onOk={confirm} onClose={onClose}>
      <Typography.Paragraph type="secondary">任务：{task.rwmc}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ target: task.targetValue ?? undefined }}>
        <Form.Item
          name="target"
          label="量化目标值"
          rules={[
            { required: true, message: '请填写大于0的量化目标值' },
            { validator: (_r, v: number | null | undefined) => (v === null || v === undefined || v > 0 ? Promise.resolve() : Promise.reject(new Error('请填写大于0的量化目标值'))) },
          ]}
        >
          <InputNumber aria-label="量化目标值" style={{ width: '100%' }} min={0} max={1e12} suffix={task.targetUnit || undefined} placeholder="大于0" />
        </Form.Item>
        <Typography.Text type="secondary">单位：{task.targetUnit || '未设置'}</Typography.Text>
      </Form>
    </MoveFrame>
  );
}

interface ReportValues {
  reportType: ProgressReportType;
  content?: string;
  valueReached?: number | null;
}

/**
 * report: 过程进度 or 最终成果, the text, the value reached and evidence files. Each file goes through the upload
 * modal (chunked, merged); the merged files' ids go with the report as `fileIds`.
 */
export function ReportModal({ task, send, onClose }: MoveModalProps) {
  const [form] = Form.useForm<ReportValues>();
  const { saving, run } = useSending(send, onClose);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);

  const confirm = async () => {
    let values: ReportValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await run({
      action: 'report',
      reportType: values.reportType,
      content: (values.content ?? '').trim(),
      valueReached: values.valueReached ?? null,
      fileIds: files.map((f) => f.fileId),
    });
  };

  return (
    <>
      <MoveFrame title="提交进度" width={640} okText="提交" saving={saving} onOk={confirm} onClose={onClose}>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ reportType: 'process' }}>
          <Form.Item name="reportType" label="上报类型" rules={[{ required: true, message: '请选择上报类型' }]}>
            <Radio.Group aria-label="上报类型" optionType="button" options={(['process', 'final'] as const).map((k) => ({ value: k, label: PROGRESS_REPORT_TYPE_NAMES[k] }))} />
          </Form.Item>
          <Form.Item name="content" label="进度说明" rules={[{ required: true, whitespace: true, message: '请填写进度说明' }, { max: TARGET_TASK_LIMITS.content, message: `进度说明最多${TARGET_TASK_LIMITS.content}个字符` }]}>
            <Input.TextArea aria-label="进度说明" autoSize={{ minRows: 4, maxRows: 8 }} count={{ show: true, max: TARGET_TASK_LIMITS.content }} placeholder="请填写进度说明" />
          </Form.Item>
          <Form.Item
            name="valueReached"
            label="完成值"
            extra={`量化目标：${task.targetValue ?? '未制定'}${task.targetUnit ? ` ${task.targetUnit}` : ''}`}
            rules={[{ required: true, message: '请填写完成值' }]}
          >
            <InputNumber aria-label="完成值" style={{ width: '100%' }} min={0} max={1e12} suffix={task.targetUnit || undefined} />
          </Form.Item>
          <Form.Item label="佐证附件">
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                上传附件
              </Button>
              {files.length > 0 && (
                <ul className={styles.fileList} aria-label="佐证附件">
                  {files.map((file) => (
                    <li key={file.fileId}>
                      <Space size={6}>
                        <FileTypeIcon type={file.fileType} name={file.fileName} />
                        <span>{file.fileName}</span>
                        <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>
                      </Space>
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`移除 ${file.fileName}`}
                        onClick={() => setFiles((list) => list.filter((f) => f.fileId !== file.fileId))}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </Space>
          </Form.Item>
        </Form>
      </MoveFrame>
      <UploadModal
        open={uploading}
        onUploaded={({ files: merged }) => setFiles((list) => [...list, ...merged.filter((m) => !list.some((f) => f.fileId === m.fileId))])}
        onClose={() => setUploading(false)}
      />
    </>
  );
}
