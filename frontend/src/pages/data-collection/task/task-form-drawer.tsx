// 新增/编辑 a collection task in the form drawer: name, cycle (a year), deadline, description and the published forms.
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { INPUT_MAX, type CollectionTask } from '@zhengai/contracts';
import { listForms, saveTask } from '../../../api/data-collection';
import { FormDrawer } from '../../../components/form-drawer';
import { useDrawerSubmit } from '../../../hooks/use-drawer-submit';
import { useRequest } from '../../../hooks/use-request';

interface Values {
  name: string;
  cycle: Dayjs | null;
  deadline: Dayjs | null;
  description?: string | null;
  formIds: string[];
}

export function TaskFormDrawer({ open, task, onClose, onSaved }: { open: boolean; task: CollectionTask | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const { data: forms, loading } = useRequest(open ? () => listForms({ pageNum: 1, pageSize: 1000, publishState: 'published' }) : null, 'published-forms');
  const options = (forms?.records ?? []).map((f) => ({ value: f.id, label: f.name }));
  // a task's form that is no longer in the published list still shows by name
  for (const f of task?.forms ?? []) if (!options.some((o) => o.value === f.formId)) options.push({ value: f.formId, label: f.formName });

  const submit = useDrawerSubmit(form, async (values) => {
    await saveTask(
      {
        id: task?.id,
        name: values.name.trim(),
        cycle: values.cycle!.format('YYYY'),
        deadline: values.deadline!.format('YYYY-MM-DD'),
        description: values.description?.trim() || null,
        formIds: values.formIds,
      },
      { successMessage: '保存成功' },
    );
    onClose();
    onSaved();
  });

  return (
    <FormDrawer open={open} title={task ? '编辑采集任务' : '新增采集任务'} dirty={submit.dirty} saving={submit.saving} onSave={submit.save} onClose={onClose}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onValuesChange={submit.touch}
        initialValues={
          task
            ? { name: task.name, cycle: dayjs(`${task.cycle}-01-01`), deadline: dayjs(task.deadline), description: task.description, formIds: task.forms.map((f) => f.formId) }
            : { formIds: [] }
        }
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
          <Input maxLength={INPUT_MAX.default} placeholder="请输入名称" />
        </Form.Item>
        <Form.Item name="cycle" label="周期" rules={[{ required: true, message: '请选择周期' }]}>
          <DatePicker picker="year" format="YYYY" placeholder="请选择年份" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="deadline" label="截止日期" rules={[{ required: true, message: '请选择截止日期' }]}>
          <DatePicker format="YYYY-MM-DD" placeholder="请选择截止日期" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="formIds" label="表单" rules={[{ required: true, type: 'array', min: 1, message: '请选择表单' }]}>
          <Select mode="multiple" loading={loading} options={options} placeholder="请选择已发布的表单" optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input.TextArea rows={4} maxLength={INPUT_MAX.content} showCount placeholder="请输入描述" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
