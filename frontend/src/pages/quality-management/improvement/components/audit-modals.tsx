import { Empty, Form, Input, Modal, Spin, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../../../utils/formatters';
import { useState } from 'react';
import { getAuditSteps, passAudit, refuseAudit, type AuditResult, type AuditStep } from '../../../../api/diagnosis';
import { useRequest } from '../../../../hooks/use-request';
import { useSingleFlight } from '../../../../hooks/use-single-flight';
import { EMPTY_TEXT, MODAL_WIDTH } from '../../../../utils/constants';
import { AUDIT_COMMENT_MAX } from '../quality-values';
import styles from '../improvement.module.css';

export type AuditDecision = 'pass' | 'refuse';

const REFUSE_REASON_REQUIRED = '请填写不通过的原因';

interface AuditModalProps {
  open: boolean;
  decision: AuditDecision;
  taskId: string;
  onClose(): void;
  onDone(result: AuditResult): void;
}

/** 审核通过 / 审核不通过 with the 审核意见 (at most 500 characters; required to refuse). */
export function AuditModal({ open, decision, taskId, onClose, onDone }: AuditModalProps) {
  const [form] = Form.useForm<{ comment?: string }>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const refuse = decision === 'refuse';

  const confirm = async () => {
    let comment: string | undefined;
    try {
      comment = (await form.validateFields()).comment?.trim();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const result = refuse
        ? await refuseAudit(taskId, comment ?? '', { successMessage: '已退回' })
        : await passAudit(taskId, comment, { successMessage: '审核通过' });
      onDone(result);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={refuse ? '审核不通过' : '审核通过'}
      open={open}
      width={MODAL_WIDTH}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: refuse, loading: saving }}
      onOk={() => once(confirm)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="comment"
          label="审核意见"
          required={refuse}
          rules={refuse ? [{ required: true, whitespace: true, message: REFUSE_REASON_REQUIRED }] : []}
        >
          <Input.TextArea aria-label="审核意见" autoSize={{ minRows: 4, maxRows: 8 }} maxLength={AUDIT_COMMENT_MAX} showCount placeholder={refuse ? REFUSE_REASON_REQUIRED : '选填'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const NO_STEPS: AuditStep[] = [];
const STEP_COLORS: Record<string, string> = { submit: 'blue', pass: 'green', refuse: 'red' };

/** 审核记录: every step of the task's audit, who, when, what and the opinion. */
export function AuditHistoryModal({ open, taskId, onClose }: { open: boolean; taskId: string; onClose(): void }) {
  const request = useRequest(open ? () => getAuditSteps(taskId) : null, taskId);
  const steps = request.data ?? (request.failed ? NO_STEPS : null);

  return (
    <Modal title="审核记录" open={open} width={MODAL_WIDTH} footer={null} onCancel={onClose} destroyOnHidden>
      <Spin spinning={steps === null}>
        {steps && !steps.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
        ) : (
          <Timeline
            className={styles.auditTimeline}
            items={(steps ?? []).map((step) => ({
              key: String(step.id),
              color: STEP_COLORS[step.action] ?? 'gray',
              title: formatDateTime(step.createdAt, ''),
              content: (
                <div className={styles.auditStep}>
                  <div>
                    <Typography.Text strong>{step.userName || '未知'}</Typography.Text> {step.actionName}
                    <Typography.Text type="secondary">（{step.toStateName}）</Typography.Text>
                  </div>
                  {step.comment && (
                    <div className={styles.auditComment}>
                      {step.action === 'submit' ? '说明' : '审核意见'}：{step.comment}
                    </div>
                  )}
                </div>
              ),
            }))}
          />
        )}
      </Spin>
    </Modal>
  );
}
