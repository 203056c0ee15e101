import { Form, Input, InputNumber, Select } from 'antd';
import { addTarget, getTargets, updateTarget, type TargetInput, type TargetLibrary } from '../../../../api/standard';
import { FormDrawer } from '../../../../components/form-drawer';
import { useDrawerSubmit } from '../../../../hooks/use-drawer-submit';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../../utils/constants';
import type { Lookups } from '../hooks';
import { NAME_MAX, parentOptions, TARGET_LEVEL_OPTIONS, TREE_LEVEL_DEFAULT, TREE_LEVEL_MAX } from '../library-values';

interface LibraryFormValues {
  name: string;
  targetLevelId: string;
  cycleValue: string;
  dimensionId?: string | null;
  treeLevel: number;
  parentId?: string | null;
}

const NO_OPTIONS: { value: string; label: string }[] = [];

/** Libraries that may be a parent: live, not a child themselves (one level of parent and child), not itself, addChild. */
function useParentOptions(editing: TargetLibrary | null, level: string | null) {
  const request = useRequest(
    () => getTargets({ mode: 'normal', targetLevelId: level, pageNum: 1, pageSize: 1000 }, { silent: true }).then((page) => parentOptions(page.records, editing)),
    `${editing?.id ?? ''}/${level ?? ''}`,
  );
  return request.data ?? NO_OPTIONS;
}

interface LibraryFormDrawerProps {
  open: boolean;
  /** null: 新增目标标准 */
  library: TargetLibrary | null;
  lookups: Lookups;
  /** a centre's 目标标准: its level, fixed (null: any level) */
  level: string | null;
  onClose(): void;
  afterClose(): void;
  onSaved(): void;
}

/** 新增目标标准 / 编辑目标标准 in the form drawer; mounted afresh for each opening. */
export function LibraryFormDrawer({ open, library, lookups, level, onClose, afterClose, onSaved }: LibraryFormDrawerProps) {
  const [form] = Form.useForm<LibraryFormValues>();
  const parents = useParentOptions(library, level);
  const defaultCycle = lookups.cycles.find((c) => c.defaultsStatus === 1)?.cycleNumber;
  const yearType = lookups.cycleTypes.find((t) => t.lxmc === '年度')?.id ?? null;

  const initialValues: Partial<LibraryFormValues> = library
    ? {
        name: library.name,
        targetLevelId: library.targetLevelId,
        cycleValue: library.cycleValue,
        dimensionId: library.dimensionId,
        treeLevel: library.treeLevel,
        parentId: library.parentId,
      }
    : { treeLevel: TREE_LEVEL_DEFAULT, cycleValue: defaultCycle, targetLevelId: level ?? undefined };

  const submit = useDrawerSubmit(form, async (values) => {
    const input: TargetInput = {
      name: values.name.trim(),
      targetLevelId: values.targetLevelId,
      cycleValue: values.cycleValue,
      cycleTypeId: library?.cycleTypeId ?? yearType,
      dimensionId: values.dimensionId ?? null,
      treeLevel: values.treeLevel,
      parentId: values.parentId ?? null,
    };
    if (library) await updateTarget(library.id, input, { successMessage: '修改成功' });
    else await addTarget(input, { successMessage: '新增成功' });
    onSaved();
  });

  return (
    <FormDrawer
      open={open}
      title={library ? `编辑目标标准：${library.name}` : '新增目标标准'}
      dirty={submit.dirty}
      saving={submit.saving}
      onSave={submit.save}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose()}
    >
      <Form<LibraryFormValues> form={form} name="library-form" layout="vertical" initialValues={initialValues} onValuesChange={submit.touch} style={{ maxWidth: 640 }}>
        <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
          <Input placeholder="如：2026年学校层面目标标准" maxLength={NAME_MAX} showCount />
        </Form.Item>
        <Form.Item label="层面" name="targetLevelId" rules={[{ required: true, message: '请选择层面' }]}>
          <Select aria-label="层面" options={TARGET_LEVEL_OPTIONS} placeholder="请选择层面" disabled={!!level} />
        </Form.Item>
        <Form.Item label="周期" name="cycleValue" rules={[{ required: true, message: '请选择周期' }]}>
          <Select aria-label="周期" options={lookups.cycles.map((c) => ({ value: c.cycleNumber, label: c.cycleNumber }))} placeholder="请选择周期" notFoundContent={EMPTY_TEXT} />
        </Form.Item>
        <Form.Item label="维度" name="dimensionId">
          <Select
            aria-label="维度"
            allowClear
            options={lookups.dimensions.map((d) => ({ value: d.pk_Dimension_Id, label: d.display_Name || d.dimension_Name }))}
            placeholder="请选择维度"
            notFoundContent={EMPTY_TEXT}
          />
        </Form.Item>
        <Form.Item label="指标层级" name="treeLevel" rules={[{ required: true, message: '请输入指标层级' }]} extra={`指标最多分${TREE_LEVEL_MAX}级`}>
          <InputNumber aria-label="指标层级" min={1} max={TREE_LEVEL_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="父库" name="parentId" extra="选择后作为该库的子库，可从父库继承质控点">
          <Select aria-label="父库" allowClear showSearch={{ optionFilterProp: 'label' }} options={parents} placeholder="不选择时为独立的目标标准" notFoundContent={EMPTY_TEXT} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
