import { App, Button, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { updateDisqualified, type QualityRow, type RowUpdate, type ValueType } from '../../../../api/diagnosis';
import { ApiError } from '../../../../api/request';
import { useSingleFlight } from '../../../../hooks/use-single-flight';
import { TEXT_VALUE_MAX, inputValue, resultSampled, revisedEditable, storedValue } from '../quality-values';
import styles from '../improvement.module.css';
import { RequiredTextItem } from './required-text-item';

interface RowValues {
  yyfx: string;
  gjcs: string;
  jgz?: string;
  xzmbz?: string;
  xzjgz?: string;
}

type ValueField = 'jgz' | 'xzmbz' | 'xzjgz';
const FIELDS = ['yyfx', 'gjcs', 'jgz', 'xzmbz', 'xzjgz'] as const;

function initialValues(row: QualityRow): RowValues {
  return {
    yyfx: row.yyfx ?? '',
    gjcs: row.gjcs ?? '',
    jgz: inputValue(row.zlx, row.jgz),
    xzmbz: inputValue(row.zlx, row.xzmbz),
    xzjgz: inputValue(row.zlx, row.xzjgz),
  };
}

/** The input for a value of the point's type (001 §2): 无/有, 否/是, numbers, or text. */
function ValueInput({ type, label, ...rest }: { type: ValueType; label: string; value?: string; onChange?(value: string | null | undefined): void }) {
  switch (type) {
    case 'have':
    case 'whether':
      return (
        <Select
          {...rest}
          aria-label={label}
          allowClear
          placeholder="请选择"
          options={type === 'have' ? [{ value: '0', label: '无' }, { value: '1', label: '有' }] : [{ value: '0', label: '否' }, { value: '1', label: '是' }]}
        />
      );
    case 'text':
      // an editable cell takes 500 characters (001 §2): a growing text area with its count
      return <Input.TextArea {...rest} aria-label={label} maxLength={TEXT_VALUE_MAX} showCount autoSize={{ minRows: 1, maxRows: 4 }} onChange={(e) => rest.onChange?.(e.target.value)} />;
    default:
      return (
        <InputNumber<string>
          {...rest}
          aria-label={label}
          stringMode
          precision={type === 'integer' ? 0 : undefined}
          suffix={type === 'percent' ? '%' : undefined}
          style={{ width: '100%' }}
          onChange={(value) => rest.onChange?.(value)}
        />
      );
  }
}

interface RowEditorProps {
  row: QualityRow;
  taskId: string;
  /** the row came back saved */
  onSaved(row: QualityRow): void;
  /** the server refused because the task moved on (409): the table must be read again */
  onStale(): void;
}

/**
 * The expanded row in edit mode: 原因分析 and 改进措施 (required, at most 500 characters, live count), the
 * result (of a point read from a source: typed, it wins over the samples; emptied, the latest sample is the result
 * again) and the revised target and result (fsjzxz = 1), 保存.
 */
export function RowEditor({ row, taskId, onSaved, onStale }: RowEditorProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RowValues>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const sampled = resultSampled(row);
  const withRevised = revisedEditable(row);

  const save = async () => {
    let values: RowValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const update: RowUpdate = { id: row.id, gzdxid: taskId, yyfx: values.yyfx, gjcs: values.gjcs };
    update.jgz = storedValue(values.jgz);
    if (withRevised) {
      update.xzmbz = storedValue(values.xzmbz);
      update.xzjgz = storedValue(values.xzjgz);
    }
    setSaving(true);
    try {
      const saved = await updateDisqualified(update, { successMessage: '保存成功' });
      form.setFieldsValue(initialValues(saved));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        // the message was shown; put it under the field it concerns, too
        const field = (error.data as { field?: string } | undefined)?.field;
        if (field && (FIELDS as readonly string[]).includes(field)) form.setFields([{ name: field as keyof RowValues, errors: [error.message.replace(/^[^：]*：/, '')] }]);
        if (error.status === 409) onStale();
      }
    } finally {
      setSaving(false);
    }
  };

  const valueItem = (name: ValueField, label: string, extra?: string) => (
    <Form.Item name={name} label={label} className={styles.valueItem} extra={extra}>
      <ValueInput type={row.zlx} label={label} />
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" initialValues={initialValues(row)} className={styles.rowForm} aria-label={`${row.zkdmc}的原因分析和改进措施`}>
      <div className={styles.textPair}>
        <RequiredTextItem name="yyfx" label="原因分析" />
        <RequiredTextItem name="gjcs" label="改进措施" />
      </div>
      <div className={styles.rowActions}>
        {valueItem('jgz', '本期结果', sampled ? '留空则取最新采样值' : undefined)}
        {withRevised && valueItem('xzmbz', '修正目标值')}
        {withRevised && valueItem('xzjgz', '修正结果值')}
        <div className={styles.saveBox}>
          <Button
            type="primary"
            loading={saving}
            onClick={() => once(() => save().catch(() => void message.error('保存失败')))}
          >
            保存
          </Button>
        </div>
      </div>
    </Form>
  );
}

/** The expanded row in read-only mode: the texts only. */
export function RowTexts({ row }: { row: QualityRow }) {
  const text = (value: string | null) => (value?.trim() ? <div className={styles.readText}>{value}</div> : <div className={styles.muted}>未填写</div>);
  return (
    <div className={styles.textPair} aria-label={`${row.zkdmc}的原因分析和改进措施`}>
      <div>
        <div className={styles.readLabel}>原因分析</div>
        {text(row.yyfx)}
      </div>
      <div>
        <div className={styles.readLabel}>改进措施</div>
        {text(row.gjcs)}
      </div>
    </div>
  );
}
