import { Form, Input, Select } from 'antd';
import { getDimensions } from '../../../api/standard';
import { YEAR_TARGET_LIMITS, addYearTarget, updateYearTarget, type YearTarget } from '../../../api/year-targets';
import { FormDrawer } from '../../../components/form-drawer';
import { useDrawerSubmit } from '../../../hooks/use-drawer-submit';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';
import { yearOptions } from './year-target-values';

interface YearTargetFormValues {
  name: string;
  cycleYear: string;
  dimensionId: string;
  description?: string | null;
}

const NO_OPTIONS: { value: string; label: string }[] = [];

/** The dimensions of the target-standard form (/api/user/dimensions). */
function useDimensionOptions() {
  const request = useRequest(
    () => getDimensions().then((page) => page.records.map((d) => ({ value: d.pk_Dimension_Id, label: d.display_Name || d.dimension_Name }))),
    'dimensions',
  );
  return request.data ?? NO_OPTIONS;
}

interface YearTargetFormDrawerProps {
  open: boolean;
  /** null: 新增年度目标 */
  target: YearTarget | null;
  onClose(): void;
  afterClose(): void;
  onSaved(): void;
}

/** 新增年度目标 / 编辑年度目标 in the form drawer; mounted afresh for each opening. */
export function YearTargetFormDrawer({ open, target, onClose, afterClose, onSaved }: YearTargetFormDrawerProps) {
  const [form] = Form.useForm<YearTargetFormValues>();
  const dimensions = useDimensionOptions();
  const years = yearOptions(new Date(), target ? [target.cycleYear] : []);

  const initialValues: Partial<YearTargetFormValues> = target
    ? { name: target.name, cycleYear: target.cycleYear, dimensionId: target.dimensionId ?? undefined, description: target.description }
    : { cycleYear: String(new Date().getFullYear()) };

  const submit = useDrawerSubmit(form, async (values) => {
    const input = { name: values.name.trim(), cycleYear: values.cycleYear, dimensionId: values.dimensionId, description: values.description?.trim() || null };
    if (target) await updateYearTarget(target.id, input, { successMessage: '修改成功' });
    else await addYearTarget(input, { successMessage: '新增成功' });
    onSaved();
  });

  return (
    <FormDrawer
      open={open}
      title={target ? `编辑年度目标：${target.name}` : '新增年度目标'}
      dirty={submit.dirty}
      saving={submit.saving}
      onSave={submit.save}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose()}
    >
      <Form<YearTargetFormValues> form={form} name="year-target-form" layout="vertical" initialValues={initialValues} onValuesChange={submit.touch} style={{ maxWidth: 640 }}>
        <Form.Item label="年度目标名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入年度目标名称' }]}>
          <Input placeholder="如：提升人才培养质量" maxLength={YEAR_TARGET_LIMITS.name} showCount />
        </Form.Item>
        <Form.Item label="年度" name="cycleYear" rules={[{ required: true, message: '请选择年度' }]}>
          <Select aria-label="年度" options={years} placeholder="请选择年度" />
        </Form.Item>
        <Form.Item label="维度" name="dimensionId" rules={[{ required: true, message: '请选择维度' }]}>
          <Select aria-label="维度" showSearch={{ optionFilterProp: 'label' }} options={dimensions} placeholder="请选择维度" notFoundContent={EMPTY_TEXT} />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input.TextArea placeholder="年度目标的说明" maxLength={YEAR_TARGET_LIMITS.description} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
