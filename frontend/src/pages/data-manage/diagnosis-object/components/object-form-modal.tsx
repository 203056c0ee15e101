import { Form, Input, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import {
  addObject, objectOptions, OBJECT_LEVEL_NAMES, OBJECT_LIMITS, updateObject, type DiagnosisObject, type ObjectLevel,
} from '../../../../api/diagnosis-objects';
import type { DepartmentNode } from '../../../../api/types';
import { usePersonSearch, type Person } from '../../../../hooks/use-person-search';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT, MODAL_WIDTH } from '../../../../utils/constants';
import { departmentOptions } from '../../department-tree';
import { LEVEL_VIEWS } from '../object-page';
import { DepartmentTreeSelect } from '../../../../components/department-tree-select';

interface FormValues {
  code?: string;
  name?: string;
  departmentId?: string | null;
  responsibleId?: string | null;
  upperId?: string | null;
  userId?: string | null;
  className?: string;
  grade?: string;
}

interface ObjectFormModalProps {
  level: ObjectLevel;
  /** null adds one */
  object: DiagnosisObject | null;
  tree: DepartmentNode[];
  onClose(): void;
  onSaved(): void;
}

/** 新增 / 编辑 one object with the pickers its level needs: department, responsible person, major, the person. */
export function ObjectFormModal({ level, object, tree, onClose, onSaved }: ObjectFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const view = LEVEL_VIEWS[level];
  const departments = useMemo(() => departmentOptions(tree), [tree]);
  const majors = useRequest(view.major ? () => objectOptions({ level: 'major' }) : null, `form-majors-${level}`);
  const people = usePersonSearch(view.responsible || (view.person && !object) ? `object-form-${level}` : null);
  // the chosen person stays an option while another search runs
  const current: Person[] = [];
  if (object?.responsibleId) current.push({ value: object.responsibleId, label: `${object.responsibleName ?? ''}（${object.responsibleAccount ?? ''}）` });
  const personOptions = [...current.filter((c) => !people.options.some((p) => p.value === c.value)), ...people.options];
  const title = `${object ? '编辑' : '新增'}${OBJECT_LEVEL_NAMES[level]}`;

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const body = {
        code: view.typed ? values.code : undefined,
        name: view.typed ? values.name : undefined,
        departmentId: view.department === 'pick' ? (values.departmentId ?? null) : null,
        responsibleId: view.responsible ? (values.responsibleId ?? null) : null,
        upperId: view.major ? (values.upperId ?? null) : null,
        userId: view.person ? (object?.userId ?? values.userId ?? null) : null,
        className: view.classAndGrade ? (values.className ?? null) : null,
        grade: view.classAndGrade ? (values.grade ?? null) : null,
      };
      if (object) await updateObject({ id: object.id, ...body }, { successMessage: '修改成功' });
      else await addObject({ level, ...body }, { successMessage: '新增成功' });
      onSaved();
    } catch {
      // the server's reason is shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={MODAL_WIDTH}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        name="object-form"
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={
          object
            ? { code: object.code, name: object.name, departmentId: object.departmentId, responsibleId: object.responsibleId, upperId: object.upperId, className: object.className ?? '', grade: object.grade ?? '' }
            : {}
        }
      >
        {view.person &&
          (object ? (
            <Form.Item label="人员">
              <Input value={`${object.name}（${object.userAccount ?? object.code}）`} disabled />
            </Form.Item>
          ) : (
            <Form.Item label={level === 'teacher' ? '教师' : '学生'} name="userId" rules={[{ required: true, message: '请选择人员' }]}>
              <Select
                aria-label="人员"
                showSearch={{ onSearch: people.search, filterOption: false }}
                placeholder="输入姓名或账号搜索"
                loading={people.searching}
                notFoundContent={EMPTY_TEXT}
                options={people.options}
              />
            </Form.Item>
          ))}
        {view.typed && (
          <>
            <Form.Item label={view.codeTitle} name="code" rules={[{ required: true, whitespace: true, message: `请输入${view.codeTitle}` }]}>
              <Input maxLength={OBJECT_LIMITS.code} />
            </Form.Item>
            <Form.Item label={view.nameTitle} name="name" rules={[{ required: true, whitespace: true, message: `请输入${view.nameTitle}` }]}>
              <Input maxLength={OBJECT_LIMITS.name} />
            </Form.Item>
          </>
        )}
        {view.major && (
          <Form.Item label="所属专业" name="upperId" rules={[{ required: true, message: '请选择所属专业' }]}>
            <Select
              aria-label="所属专业"
              showSearch={{ optionFilterProp: 'label' }}
              loading={majors.loading}
              notFoundContent={EMPTY_TEXT}
              options={(majors.data ?? []).map((m) => ({ value: m.value, label: m.text }))}
            />
          </Form.Item>
        )}
        {view.department === 'pick' && (
          <Form.Item
            label="所属部门"
            name="departmentId"
            rules={level === 'major' ? [{ required: true, message: '请选择所属部门' }] : []}
            extra={level === 'teacher' ? '不选时为该教师所在部门' : undefined}
          >
            <DepartmentTreeSelect aria-label="所属部门" treeData={departments} />
          </Form.Item>
        )}
        {view.department === 'fromMajor' && <p style={{ color: 'rgba(0,0,0,0.45)' }}>所属部门为所属专业的部门。</p>}
        {view.responsible && (
          <Form.Item label="负责人" name="responsibleId">
            <Select
              aria-label="负责人"
              allowClear
              showSearch={{ onSearch: people.search, filterOption: false }}
              placeholder="输入姓名或账号搜索"
              loading={people.searching}
              notFoundContent={EMPTY_TEXT}
              options={personOptions}
            />
          </Form.Item>
        )}
        {view.classAndGrade && (
          <>
            <Form.Item label="班级" name="className">
              <Input maxLength={OBJECT_LIMITS.className} />
            </Form.Item>
            <Form.Item label="年级" name="grade">
              <Input maxLength={OBJECT_LIMITS.grade} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
