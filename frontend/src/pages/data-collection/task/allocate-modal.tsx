// 分配: one form of the task to departments (their members fill) and/or people, with the auditor. Choosing a
// department proposes its head (chargeUserId) as auditor while none has been picked by hand.
import { Form, Modal, Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import type { CollectionTask } from '@zhengai/contracts';
import { addAllocations } from '../../../api/data-collection';
import { getDepartmentTree } from '../../../api/user';
import { usePersonSearch, type Person } from '../../../hooks/use-person-search';
import { useRequest } from '../../../hooks/use-request';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { departmentIndex, departmentOptions, proposedAuditor } from './task-values';

interface Values {
  formId: string;
  departmentIds?: string[];
  userIds?: string[];
  auditorId: string;
}

export function AllocateModal({ task, open, onClose, onSaved }: { task: CollectionTask; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const once = useSingleFlight();
  const [auditorPicked, setAuditorPicked] = useState(false);
  const [proposed, setProposed] = useState<Person | null>(null);
  const { data: tree } = useRequest(open ? () => getDepartmentTree() : null, 'department-tree');
  const index = useMemo(() => departmentIndex(tree ?? []), [tree]);
  const fillers = usePersonSearch(open ? `fillers:${task.id}` : null);
  const auditors = usePersonSearch(open ? `auditors:${task.id}` : null);
  const auditorOptions = proposed && !auditors.options.some((o) => o.value === proposed.value) ? [proposed, ...auditors.options] : auditors.options;

  const close = () => {
    setAuditorPicked(false);
    setProposed(null);
    onClose();
  };

  const ok = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await addAllocations({ taskId: task.id, formId: values.formId, departmentIds: values.departmentIds ?? [], userIds: values.userIds ?? [], auditorId: values.auditorId }, { successMessage: '分配成功' });
      close();
      onSaved();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="分配" open={open} onCancel={close} onOk={() => once(ok)} okText="确定" cancelText="取消" confirmLoading={busy} destroyOnHidden width={560}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ formId: task.forms.length === 1 ? task.forms[0].formId : undefined }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('auditorId' in changed) setAuditorPicked(true);
          if ('departmentIds' in changed && !auditorPicked) {
            const head = proposedAuditor(changed.departmentIds ?? [], index);
            setProposed(head ? { value: head.id, label: head.name } : null);
            form.setFieldValue('auditorId', head?.id);
          }
        }}
      >
        <Form.Item name="formId" label="表单" rules={[{ required: true, message: '请选择表单' }]}>
          <Select placeholder="请选择表单" options={task.forms.map((f) => ({ value: f.formId, label: f.formName }))} />
        </Form.Item>
        <Form.Item name="departmentIds" label="填报部门" dependencies={['userIds']} rules={[({ getFieldValue }) => ({ validator: (_r, v?: string[]) => (v?.length || getFieldValue('userIds')?.length ? Promise.resolve() : Promise.reject(new Error('请选择填报部门或填报人'))) })]}>
          <TreeSelect treeData={departmentOptions(tree ?? [])} multiple treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder="请选择部门（部门成员均可填报）" allowClear />
        </Form.Item>
        <Form.Item name="userIds" label="填报人">
          <Select mode="multiple" showSearch filterOption={false} onSearch={fillers.search} loading={fillers.searching} options={fillers.options} placeholder="可按姓名搜索" allowClear />
        </Form.Item>
        <Form.Item name="auditorId" label="审核人" rules={[{ required: true, message: '请选择审核人' }]} extra="选择部门后默认为部门负责人">
          <Select showSearch filterOption={false} onSearch={auditors.search} loading={auditors.searching} options={auditorOptions} placeholder="请选择审核人" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
