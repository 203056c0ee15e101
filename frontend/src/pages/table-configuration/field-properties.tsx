import { DatabaseOutlined } from '@ant-design/icons';
import {
  COMPONENT_MAX_LENGTH,
  FORM_LIMITS,
  INPUT_MAX,
  NUMERIC_COMPONENTS,
  OPTION_COMPONENTS,
  PATTERN_PROBLEM_TEXTS,
  VALIDATION_TYPE_LABELS,
  patternProblem,
  type ConstantType,
  type FormField,
} from '@zhengai/contracts';
import { Alert, Button, Checkbox, Empty, Form, Input, InputNumber, Select, Space, Tooltip } from 'antd';
import { EMPTY_TEXT } from '../../utils/constants';
import { COMPONENT_OPTIONS, fieldProblem, withComponent } from './design';
import styles from './table-configuration.module.css';

export interface FieldPropertiesProps {
  field: FormField | null;
  fields: readonly FormField[];
  constantTypes: ConstantType[];
  /** the key was published in a version: it stays (the data centre has the column) */
  keyLocked: boolean;
  /** 创建数据源 is offered (a numeric field of a published form) */
  canCreateSource: boolean;
  onChange(field: FormField): void;
  onCreateSource(): void;
}

/** The selected field's properties, each change applied at once (the design is saved as a whole). */
export function FieldProperties({ field, fields, constantTypes, keyLocked, canCreateSource, onChange, onCreateSource }: FieldPropertiesProps) {
  if (!field) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={fields.length ? '请选择字段' : EMPTY_TEXT} />;
  const set = (patch: Partial<FormField>) => onChange({ ...field, ...patch });
  const setRule = (patch: Partial<FormField['validations']>) => onChange({ ...field, validations: { ...field.validations, ...patch } });
  const custom = field.validations.custom;
  const patternBroken = custom?.pattern ? patternProblem(custom.pattern) : null;
  const problem = fieldProblem(field, fields);
  const max = COMPONENT_MAX_LENGTH[field.component];
  const numeric = NUMERIC_COMPONENTS.includes(field.component);

  return (
    <Form layout="vertical" size="small">
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      <Form.Item label="标题" required>
        <Input aria-label="标题" maxLength={INPUT_MAX.default} value={field.label} onChange={(e) => set({ label: e.target.value })} />
      </Form.Item>
      <Form.Item label="列名" required extra={keyLocked ? '已发布的列名不能修改' : '小写字母、数字和下划线，以字母开头'}>
        <Input aria-label="列名" maxLength={FORM_LIMITS.code} disabled={keyLocked} value={field.key} onChange={(e) => set({ key: e.target.value.trim() })} />
      </Form.Item>
      <Form.Item label="组件类型" extra={keyLocked ? '已发布的字段改变列类型时发布会被拒绝' : undefined}>
        <Select aria-label="组件类型" options={COMPONENT_OPTIONS} value={field.component} onChange={(c) => onChange(withComponent(field, c))} />
      </Form.Item>
      {OPTION_COMPONENTS.includes(field.component) && (
        <Form.Item label="常量类型" required>
          <Select
            aria-label="常量类型"
            placeholder="请选择常量类型"
            allowClear
            showSearch
            optionFilterProp="label"
            options={constantTypes.map((t) => ({ value: t.id, label: `${t.name}（${t.code}）` }))}
            value={field.constantTypeId ?? undefined}
            onChange={(v?: string) => set({ constantTypeId: v ?? null })}
          />
        </Form.Item>
      )}
      <Space size={12} style={{ display: 'flex' }}>
        <Form.Item label="最大长度" extra={`不超过${max}`}>
          <InputNumber aria-label="最大长度" min={1} max={max} precision={0} placeholder={String(max)} value={field.maxLength} onChange={(v) => set({ maxLength: v ?? null })} />
        </Form.Item>
        <Form.Item label="列宽（px）">
          <InputNumber aria-label="列宽" min={FORM_LIMITS.width.min} max={FORM_LIMITS.width.max} precision={0} value={field.width} onChange={(v) => set({ width: v ?? null })} />
        </Form.Item>
      </Space>
      <Form.Item label="占位提示">
        <Input aria-label="占位提示" maxLength={INPUT_MAX.default} value={field.placeholder ?? ''} onChange={(e) => set({ placeholder: e.target.value === '' ? null : e.target.value })} />
      </Form.Item>
      <Form.Item label="校验">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Checkbox checked={field.validations.require} onChange={(e) => setRule({ require: e.target.checked })}>
              {VALIDATION_TYPE_LABELS.require}
            </Checkbox>
            <Checkbox checked={field.validations.unique} onChange={(e) => setRule({ unique: e.target.checked })}>
              {VALIDATION_TYPE_LABELS.unique}
            </Checkbox>
            <Checkbox checked={!!custom} onChange={(e) => setRule({ custom: e.target.checked ? { pattern: '', message: '' } : null })}>
              {VALIDATION_TYPE_LABELS.custom}
            </Checkbox>
          </Space>
          {custom && (
            <>
              <Input
                aria-label="正则表达式"
                className={styles.sql}
                placeholder="正则表达式，如 ^\d{6}$"
                maxLength={FORM_LIMITS.pattern}
                status={patternBroken ? 'error' : undefined}
                value={custom.pattern}
                onChange={(e) => setRule({ custom: { ...custom, pattern: e.target.value } })}
              />
              {patternBroken && <span className={styles.problem}>{PATTERN_PROBLEM_TEXTS[patternBroken]}</span>}
              <Input aria-label="校验提示" placeholder="不符合时的提示" maxLength={INPUT_MAX.default} value={custom.message} onChange={(e) => setRule({ custom: { ...custom, message: e.target.value } })} />
            </>
          )}
        </Space>
      </Form.Item>
      {numeric && (
        <Tooltip title={canCreateSource ? undefined : '发布后可创建数据源'}>
          <Button icon={<DatabaseOutlined />} disabled={!canCreateSource} onClick={onCreateSource}>
            创建数据源
          </Button>
        </Tooltip>
      )}
    </Form>
  );
}
