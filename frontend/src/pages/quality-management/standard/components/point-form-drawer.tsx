import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Radio, Select } from 'antd';
import { addDefinition, updateDefinition, type PointDefinition } from '../../../../api/standard';
import { getAlgorithms, type Algorithm } from '../../../../api/warnings';
import { useAuth } from '../../../../auth/auth-context';
import { isAdministrator } from '../../../../auth/roles';
import { FormDrawer } from '../../../../components/form-drawer';
import { useDrawerSubmit } from '../../../../hooks/use-drawer-submit';
import { useRequest } from '../../../../hooks/use-request';
import { COLLECT_METHOD_NAMES, DISPLAY_MODE_NAMES, VALUE_TYPE_NAMES } from '../../improvement/quality-values';
import { CODE_PATTERN, DIRECTION_OPTIONS, isGraded, POINT_LIMITS, SAMPLING_PERIOD_OPTIONS, pointFormValues, pointInputOf, type PointFormValues } from '../library-values';
import { ADMIN_ONLY_METHODS, SourceConfigFields, WarningRuleFields } from './monitoring-fields';
import styles from '../standard.module.css';

const options = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));
const VALUE_TYPE_OPTIONS = options(VALUE_TYPE_NAMES);
const COLLECT_OPTIONS = options(COLLECT_METHOD_NAMES);
const DISPLAY_OPTIONS = options(DISPLAY_MODE_NAMES);
const NO_ALGORITHMS: Algorithm[] = [];

interface PointFormDrawerProps {
  open: boolean;
  libraryId: string;
  indicatorId: string;
  indicatorName: string;
  /** null: 新增质控点 */
  point: PointDefinition | null;
  onClose(): void;
  afterClose(): void;
  onSaved(): void;
}

/** 新增质控点 / 编辑质控点 in the form drawer; mounted afresh for each opening. */
export function PointFormDrawer({ open, libraryId, indicatorId, indicatorName, point, onClose, afterClose, onSaved }: PointFormDrawerProps) {
  const [form] = Form.useForm<PointFormValues>();
  const admin = isAdministrator(useAuth().user);
  // the algorithms an algorithm source may name; none when they cannot be read
  const request = useRequest(() => getAlgorithms({ silent: true }).then((list) => list ?? []), 'algorithms');
  const algorithms = request.data ?? (request.failed ? NO_ALGORITHMS : null);

  const submit = useDrawerSubmit(form, async (values) => {
    const input = pointInputOf(values);
    if (point) await updateDefinition(point.id, input, { successMessage: '保存成功' });
    else await addDefinition({ libraryId, indicatorId, ...input }, { successMessage: '新增成功' });
    onSaved();
  });

  const max = (n: number) => ({ max: n, message: `最多只能输入${n}个字符` });

  return (
    <FormDrawer
      open={open}
      title={point ? `编辑质控点：${point.zkdmc}` : `新增质控点（${indicatorName}）`}
      dirty={submit.dirty}
      saving={submit.saving}
      onSave={submit.save}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose()}
    >
      <Form<PointFormValues> form={form} name="point-form" layout="vertical" initialValues={pointFormValues(point)} onValuesChange={submit.touch} style={{ maxWidth: 720 }}>
        <Form.Item label="质控点名称" name="zkdmc" rules={[{ required: true, whitespace: true, message: '请输入质控点名称' }, max(POINT_LIMITS.zkdmc)]}>
          <Input maxLength={POINT_LIMITS.zkdmc} showCount placeholder="请输入质控点名称" />
        </Form.Item>
        <Form.Item
          label="编号"
          name="zkdid"
          extra="不填时自动生成"
          rules={[{ pattern: CODE_PATTERN, message: '编号只能包含字母、数字、点、横线和下划线，最多64个字符' }]}
        >
          <Input maxLength={POINT_LIMITS.code} placeholder="如：XX-001" />
        </Form.Item>
        <Form.Item label="内涵" name="nh" rules={[max(POINT_LIMITS.nh)]}>
          <Input.TextArea maxLength={POINT_LIMITS.nh} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="诊断标准" name="zdbz" rules={[max(POINT_LIMITS.zdbz)]}>
          <Input.TextArea maxLength={POINT_LIMITS.zdbz} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <div className={styles.ruleRow}>
          <Form.Item label="值类型" name="zlx" rules={[{ required: true, message: '请选择值类型' }]} style={{ width: 160 }}>
            <Select aria-label="值类型" options={VALUE_TYPE_OPTIONS} />
          </Form.Item>
          <Form.Item label="标准值" name="bzz" rules={[max(POINT_LIMITS.value)]} style={{ width: 180 }}>
            <Input maxLength={POINT_LIMITS.value} placeholder="有无、是否填1或0" />
          </Form.Item>
          <Form.Item label="目标值" name="mbz" rules={[max(POINT_LIMITS.value)]} style={{ width: 180 }}>
            <Input maxLength={POINT_LIMITS.value} placeholder="有无、是否填1或0" />
          </Form.Item>
          <Form.Item label="采样周期" name="samplingPeriod" rules={[{ required: true, message: '请选择采样周期' }]} style={{ width: 140 }}>
            <Select aria-label="采样周期" options={SAMPLING_PERIOD_OPTIONS} />
          </Form.Item>
        </div>
        <div className={styles.ruleRow}>
          <Form.Item label="评分规则" name="direction">
            <Radio.Group options={DIRECTION_OPTIONS} />
          </Form.Item>
          <Form.Item
            label="良好（B）占目标值"
            name="b"
            dependencies={['direction']}
            rules={[({ getFieldValue }) => ({ required: isGraded(getFieldValue('direction')), message: '请输入B的比例' })]}
          >
            <InputNumber aria-label="B" min={0.01} max={100} precision={2} suffix="%" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            label="一般（C）占目标值"
            name="c"
            dependencies={['direction', 'b']}
            rules={[
              ({ getFieldValue }) => ({
                required: isGraded(getFieldValue('direction')),
                message: '请输入C的比例',
              }),
              ({ getFieldValue }) => ({
                validator: (_rule, value: number | null) =>
                  value === null || value === undefined || getFieldValue('b') === null || getFieldValue('b') === undefined || value <= getFieldValue('b')
                    ? Promise.resolve()
                    : Promise.reject(new Error('C不能大于B')),
              }),
            ]}
          >
            <InputNumber aria-label="C" min={0.01} max={100} precision={2} suffix="%" style={{ width: 140 }} />
          </Form.Item>
        </div>
        <WarningRuleFields form={form} />
        <Form.Item label="数据源">
          <Form.List name="datasources">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <div key={field.key} className={styles.sourceBox} data-testid="datasource">
                    <div className={styles.sourceRow}>
                      <Form.Item name={[field.name, 'cjfs']} rules={[{ required: true, message: '请选择采集方式' }]}>
                        <Select
                          aria-label="采集方式"
                          placeholder="采集方式"
                          options={admin ? COLLECT_OPTIONS : COLLECT_OPTIONS.map((o) => ({ ...o, disabled: ADMIN_ONLY_METHODS.includes(String(o.value)) }))}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'xsfs']} rules={[{ required: true, message: '请选择展示方式' }]}>
                        <Select aria-label="展示方式" placeholder="展示方式" options={DISPLAY_OPTIONS} />
                      </Form.Item>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label="移除数据源" onClick={() => remove(field.name)} />
                    </div>
                    <SourceConfigFields form={form} name={field.name} admin={admin} algorithms={algorithms} />
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ cjfs: 'report', xsfs: 'table' })} disabled={fields.length >= 20}>
                  添加数据源
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
