import { Form, Input, Select, Spin } from 'antd';
import { useMemo } from 'react';
import type { DepartmentInput, DepartmentNode } from '../../../../api/types';
import { addDepartment, updateDepartment } from '../../../../api/user';
import { FormDrawer } from '../../../../components/form-drawer';
import { useDrawerSubmit } from '../../../../hooks/use-drawer-submit';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { departmentOptions, subtreeIds, type DepartmentInfo } from '../../department-tree';
import { useUserSearch, type UserOption } from '../hooks';
import { DepartmentTreeSelect } from '../../../../components/department-tree-select';

/** Add a department under `parentId` (null: at the top), or edit one. */
export type DepartmentFormMode = { kind: 'add'; parentId: string | null } | { kind: 'edit'; department: DepartmentInfo };

interface DepartmentFormValues {
  departmentName: string;
  parentId?: string | null;
  chargeUserId?: string | null;
  shortNameChinese?: string;
  shortNameEnglish?: string;
}

const NAME_MAX = 100;
const SHORT_NAME_MAX = 60;

const orNull = (value: string | null | undefined) => (value ?? '').trim() || null;

/** The head picker: people by name or account (users/common), the current head kept as an option. */
function HeadSelect({ value, onChange, current }: { value?: string | null; onChange?(value: string | null): void; current: UserOption | null }) {
  const { options, searching, search } = useUserSearch();
  const merged = current && !options.some((o) => o.value === current.value) ? [current, ...options] : options;
  return (
    <Select<string | null>
      aria-label="负责人"
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={merged}
      allowClear
      placeholder="输入姓名或账号搜索"
      showSearch={{ filterOption: false, onSearch: search }}
      loading={searching}
      notFoundContent={searching ? <Spin size="small" /> : EMPTY_TEXT}
    />
  );
}

interface DepartmentFormDrawerProps {
  open: boolean;
  mode: DepartmentFormMode;
  tree: DepartmentNode[];
  onClose(): void;
  afterClose(): void;
  /** the saved department's id, to reload and select it */
  onSaved(departmentId: string): void;
}

/** 新增部门 / 编辑部门 in the form drawer; mounted afresh for each opening. */
export function DepartmentFormDrawer({ open, mode, tree, onClose, afterClose, onSaved }: DepartmentFormDrawerProps) {
  const [form] = Form.useForm<DepartmentFormValues>();
  const editing = mode.kind === 'edit' ? mode.department : null;

  // a department cannot move under itself or one of its sub-departments
  const parentOptions = useMemo(() => departmentOptions(tree, editing ? subtreeIds(tree, editing.departmentId) : undefined), [tree, editing]);
  const currentHead = editing?.chargeUserId ? { value: editing.chargeUserId, label: editing.chargeUserName ?? editing.chargeUserId } : null;
  const initialValues: DepartmentFormValues = editing
    ? {
        departmentName: editing.departmentName,
        parentId: editing.parentId,
        chargeUserId: editing.chargeUserId,
        shortNameChinese: editing.shortNameChinese ?? '',
        shortNameEnglish: editing.shortNameEnglish ?? '',
      }
    : { departmentName: '', parentId: mode.kind === 'add' ? mode.parentId : null, chargeUserId: null, shortNameChinese: '', shortNameEnglish: '' };

  const submit = useDrawerSubmit(form, async (values) => {
    const input: DepartmentInput = {
      departmentName: values.departmentName.trim(),
      parentId: values.parentId ?? null,
      chargeUserId: values.chargeUserId ?? null,
      shortNameChinese: orNull(values.shortNameChinese),
      shortNameEnglish: orNull(values.shortNameEnglish),
    };
    if (editing) {
      await updateDepartment(editing.departmentId, input, { successMessage: '保存成功' });
      onSaved(editing.departmentId);
    } else {
      const { departmentId } = await addDepartment(input, { successMessage: '新增成功' });
      onSaved(departmentId);
    }
  });

  return (
    <FormDrawer
      open={open}
      title={editing ? `编辑部门：${editing.departmentName}` : '新增部门'}
      dirty={submit.dirty}
      saving={submit.saving}
      onSave={submit.save}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose()}
    >
      <Form<DepartmentFormValues>
        form={form}
        name="department-form"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={submit.touch}
        style={{ maxWidth: 640 }}
      >
        <Form.Item label="部门名称" name="departmentName" rules={[{ required: true, whitespace: true, message: '请输入部门名称' }]}>
          <Input placeholder="请输入部门名称" maxLength={NAME_MAX} showCount />
        </Form.Item>
        <Form.Item label="上级部门" name="parentId" extra="不选择时为顶级部门">
          <DepartmentTreeSelect
            aria-label="上级部门"
            treeData={parentOptions}
            placeholder="请选择上级部门"
          />
        </Form.Item>
        <Form.Item label="负责人" name="chargeUserId">
          <HeadSelect current={currentHead} />
        </Form.Item>
        <Form.Item label="中文简称" name="shortNameChinese">
          <Input placeholder="请输入中文简称" maxLength={SHORT_NAME_MAX} />
        </Form.Item>
        <Form.Item label="英文简称" name="shortNameEnglish">
          <Input placeholder="请输入英文简称" maxLength={SHORT_NAME_MAX} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
