import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { confirmDelete } from '../../components/confirm-delete';
import { deleteTemplate, listTemplates, OVERVIEW_ITEM_CHECKED, OVERVIEW_ITEM_IDS, OVERVIEW_ITEM_NAMES, saveTemplate, setDefaultTemplate, type ReportTemplate, type ReportTemplateInput } from '../../api/reports';
import { FormDrawer } from '../../components/form-drawer';
import layout from '../../components/page-layout.module.css';
import { useDrawerSubmit } from '../../hooks/use-drawer-submit';
import { useRequest } from '../../hooks/use-request';

type TemplateValues = Omit<ReportTemplateInput, 'id'>;

const EMPTY_TEMPLATE: TemplateValues = {
  name: '',
  // section 4 (改进成效) came later: a new template leaves it to be chosen, as the server reads templates without it
  items: OVERVIEW_ITEM_IDS.map((id) => ({ id, isChecked: OVERVIEW_ITEM_CHECKED[id], name: OVERVIEW_ITEM_NAMES[id], text: '' })),
  preface: '',
  closing: '',
};

function TemplateDrawer({ template, open, onClose, onSaved }: { template: ReportTemplate | null; open: boolean; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<TemplateValues>();
  const submit = useDrawerSubmit(form, async (values) => {
    // the form holds only the fields it shows: the sections' ids are their places
    const items = values.items.map((item, i) => ({ ...item, id: OVERVIEW_ITEM_IDS[i]! }));
    await saveTemplate({ ...values, items, id: template?.id }, { successMessage: '保存成功' });
    onSaved();
  });
  const initial: TemplateValues = template ? { name: template.name, items: template.items, preface: template.preface, closing: template.closing } : EMPTY_TEMPLATE;
  return (
    <FormDrawer open={open} title={template ? '编辑模板' : '新增模板'} dirty={submit.dirty} saving={submit.saving} onSave={submit.save} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={initial} onValuesChange={submit.touch}>
        <Form.Item name="name" label="模板名称" rules={[{ required: true, whitespace: true, message: '请输入模板名称' }, { max: 60, message: '模板名称不能超过60个字' }]}>
          <Input aria-label="模板名称" placeholder="请输入模板名称" />
        </Form.Item>
        <Form.Item name="preface" label="前言" rules={[{ max: 1000, message: '前言不能超过1000个字' }]}>
          <Input.TextArea aria-label="前言" rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Form.List name="items">
          {(fields) =>
            fields.map((field, index) => (
              <div key={field.key} data-testid={`template-item-${index + 1}`}>
                <Space align="baseline">
                  <Form.Item name={[field.name, 'isChecked']} valuePropName="checked">
                    <Checkbox>第{index + 1}部分</Checkbox>
                  </Form.Item>
                  <Form.Item name={[field.name, 'name']} rules={[{ required: true, whitespace: true, message: '请输入标题' }, { max: 60, message: '标题不能超过60个字' }]}>
                    <Input aria-label={`第${index + 1}部分标题`} placeholder="标题" style={{ width: 280 }} />
                  </Form.Item>
                </Space>
                <Form.Item name={[field.name, 'text']} rules={[{ max: 1000, message: '说明不能超过1000个字' }]}>
                  <Input.TextArea aria-label={`第${index + 1}部分说明`} rows={2} maxLength={1000} placeholder="该部分的固定说明（可不填）" />
                </Form.Item>
              </div>
            ))
          }
        </Form.List>
        <Form.Item name="closing" label="结语" rules={[{ max: 1000, message: '结语不能超过1000个字' }]}>
          <Input.TextArea aria-label="结语" rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}

/** 报告模板: the templates (the default first) with add, edit, delete and 设为默认; the server refuses those not managers. */
export function TemplateList({ canManage }: { canManage: boolean }) {
  const { modal, message } = App.useApp();
  const templates = useRequest(() => listTemplates(), 'templates');
  const [editing, setEditing] = useState<{ template: ReportTemplate | null } | null>(null);

  const remove = (t: ReportTemplate) =>
    confirmDelete(modal, {
      title: '删除模板',
      content: `确定删除模板“${t.name}”吗？`,
      remove: () => deleteTemplate(t.id),
      then: () => {
        message.success('删除成功');
        void templates.reload();
      },
    });
  const makeDefault = async (t: ReportTemplate) => {
    try {
      await setDefaultTemplate(t.id, { successMessage: '设置成功' });
      await templates.reload();
    } catch {
      // said by the request layer
    }
  };

  const columns: ColumnsType<ReportTemplate> = [
    { title: '模板名称', dataIndex: 'name', render: (name: string, t) => (t.isDefault ? <Space>{name}<Tag color="blue">默认</Tag></Space> : name) },
    { title: '包含部分', key: 'items', render: (_, t) => t.items.filter((i) => i.isChecked).map((i) => i.name).join('、') },
    { title: '创建人', dataIndex: 'creatorName', width: 120 },
    { title: '创建时间', dataIndex: 'createTime', width: 120 },
  ];
  if (canManage) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, t) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing({ template: t })}>
            编辑
          </Button>
          {!t.isDefault && (
            <Button type="link" size="small" onClick={() => void makeDefault(t)}>
              设为默认
            </Button>
          )}
          {!t.isDefault && (
            <Button type="link" size="small" danger onClick={() => remove(t)}>
              删除
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <>
      {canManage && (
        <div className={layout.bar}>
          <span />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ template: null })}>
            新增模板
          </Button>
        </div>
      )}
      <Table<ReportTemplate> rowKey="id" data-testid="template-table" columns={columns} dataSource={templates.data ?? []} loading={templates.loading} pagination={false} />
      {editing && (
        <TemplateDrawer
          key={editing.template?.id ?? 'new'}
          open
          template={editing?.template ?? null}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void templates.reload();
          }}
        />
      )}
    </>
  );
}
