import { Descriptions, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../../api/request';
import { disposeWarning, type WarningRecord } from '../../../../api/warnings';
import { useSingleFlight } from '../../../../hooks/use-single-flight';
import { MODAL_WIDTH } from '../../../../utils/constants';
import { WARNING_TEXTS } from '../warning-values';
import styles from '../improvement.module.css';
import { RequiredTextItem } from './required-text-item';

interface DisposeValues {
  yyfx: string;
  clcs: string;
}

interface DisposeModalProps {
  open: boolean;
  /** the warning record to handle */
  warningId: string;
  /** the point's name, in the title */
  pointName?: string | null;
  onClose(): void;
  /** handled: the caller closes the modal and refreshes its counts and history */
  onDone(record: WarningRecord): void;
  /** someone handled it first (409 该预警已处理, shown by the request layer): the caller closes and refreshes */
  onStale?(): void;
}

/**
 * 处理预警 (shared by the point drawer and the warning table): 原因分析 and 处理措施, each required and at most
 * 500 characters with a live count; POST warningflow/dispose, 处理成功 on success (the request layer shows a
 * refusal's meta.message, e.g. 该预警已处理).
 */
export function DisposeModal({ open, warningId, pointName, onClose, onDone, onStale }: DisposeModalProps) {
  const [form] = Form.useForm<DisposeValues>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();

  const confirm = async () => {
    let values: DisposeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const record = await disposeWarning({ id: warningId, yyfx: values.yyfx.trim(), clcs: values.clcs.trim() }, { successMessage: WARNING_TEXTS.disposed });
      onDone(record);
    } catch (error) {
      // shown by the request layer; the input stays unless the warning was handled meanwhile
      if (error instanceof ApiError && error.status === 409) onStale?.();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={pointName ? `处理预警：${pointName}` : '处理预警'}
      open={open}
      width={640}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ loading: saving }}
      onOk={() => once(confirm)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" preserve={false} aria-label="处理预警" initialValues={{ yyfx: '', clcs: '' }}>
        <RequiredTextItem name="yyfx" label="原因分析" minRows={4} />
        <RequiredTextItem name="clcs" label="处理措施" minRows={4} />
      </Form>
    </Modal>
  );
}

const text = (value: string | null | undefined) =>
  value?.trim() ? <Typography.Paragraph className={styles.paragraph}>{value}</Typography.Paragraph> : <span className={styles.muted}>未填写</span>;

/** 处理详情: what was found and done about a handled warning, by whom and when. */
export function DisposeDetailModal({ open, record, onClose }: { open: boolean; record: WarningRecord; onClose(): void }) {
  return (
    <Modal title="处理详情" open={open} width={MODAL_WIDTH} footer={null} onCancel={onClose} destroyOnHidden>
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 96 } }} className={styles.disposeDetail}>
        <Descriptions.Item label="原因分析">{text(record.yyfx)}</Descriptions.Item>
        <Descriptions.Item label="处理措施">{text(record.clcs)}</Descriptions.Item>
        <Descriptions.Item label="处理人">{record.clrmc || ''}</Descriptions.Item>
        <Descriptions.Item label="处理时间">{record.clsj || ''}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
