import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useSingleFlight } from '../../../../hooks/use-single-flight';
import type { CycleValue, TargetLibrary } from '../../../../api/standard';
import { NAME_MAX } from '../library-values';

interface CopyValues {
  name: string;
  cycleValue?: string;
}

/** 复制: the new library's name and cycle; the copy itself runs as a job the caller watches. */
export function CopyModal({ source, cycles, onCancel, onCopy }: { source: TargetLibrary; cycles: CycleValue[]; onCancel(): void; onCopy(values: CopyValues): Promise<boolean> }) {
  const [form] = Form.useForm<CopyValues>();
  const [busy, setBusy] = useState(false);
  const once = useSingleFlight();
  const submit = async () => {
    let values: CopyValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    // refused: stays open with the input (the request layer said why)
    if (!(await onCopy({ name: values.name.trim(), cycleValue: values.cycleValue }))) setBusy(false);
  };
  return (
    <Modal open title={`复制目标标准：${source.name}`} okText="复制" cancelText="取消" confirmLoading={busy} onOk={() => once(submit)} onCancel={onCancel} destroyOnHidden>
      <Form<CopyValues> form={form} layout="vertical" name="copy-library" initialValues={{ name: `${source.name}（副本）`, cycleValue: source.cycleValue }}>
        <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
          <Input maxLength={NAME_MAX} showCount />
        </Form.Item>
        <Form.Item label="周期" name="cycleValue" rules={[{ required: true, message: '请选择周期' }]}>
          <Select aria-label="周期" options={cycles.map((c) => ({ value: c.cycleNumber, label: c.cycleNumber }))} placeholder="请选择周期" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
