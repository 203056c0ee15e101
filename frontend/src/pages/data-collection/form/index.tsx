import { DeleteOutlined, EditOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COLLECTION_MESSAGES,
  FORM_LIMITS,
  FORM_TYPE_LABELS,
  IDENTIFIER_PATTERN,
  INPUT_MAX,
  type FormDirectoryNode,
  type FormSummary,
  type FormType,
} from '@zhengai/contracts';
import { App, Button, Card, Empty, Form, Input, Modal, Select, Space, Spin, Table, Tag, Tooltip, Tree, TreeSelect, type TableColumnsType, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { addForm, deleteDirectory, deleteForm, directoryTree, listForms, publishForm, saveDirectory } from '../../../api/data-collection';
import { confirmDelete } from '../../../components/confirm-delete';
import { SearchButtons } from '../../../components/search-buttons';
import { useRequest } from '../../../hooks/use-request';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { EMPTY_TEXT, MODAL_WIDTH } from '../../../utils/constants';
import { PAGINATION_DEFAULTS } from '../../../utils/pagination';
import layout from '../../../components/page-layout.module.css';
import styles from '../../data-manage/data-manage.module.css';
import { findDirectory, publishStateText } from './form-values';

const NO_DIRECTORIES: FormDirectoryNode[] = [];

function toTreeData(nodes: FormDirectoryNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.id, title: n.name, children: toTreeData(n.children) }));
}

function toTreeSelect(nodes: FormDirectoryNode[]): { value: string; title: string; children: ReturnType<typeof toTreeSelect> }[] {
  return nodes.map((n) => ({ value: n.id, title: n.name, children: toTreeSelect(n.children) }));
}

type DirectoryDialog = { kind: 'add'; parentId: string | null } | { kind: 'rename'; node: FormDirectoryNode };

/** 新增目录 / 新增子目录 / 重命名: one name. */
function DirectoryModal({ dialog, onClose, onSaved }: { dialog: DirectoryDialog; onClose(): void; onSaved(id: string): void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const title = dialog.kind === 'rename' ? '重命名目录' : dialog.parentId ? '新增子目录' : '新增目录';
  const submit = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      const saved =
        dialog.kind === 'rename'
          ? await saveDirectory({ id: dialog.node.id, name, sort: dialog.node.sort }, { successMessage: '保存成功' })
          : await saveDirectory({ name, parentId: dialog.parentId }, { successMessage: '保存成功' });
      onSaved(saved.id);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={title} width={MODAL_WIDTH} okText="确定" cancelText="取消" confirmLoading={saving} onOk={() => once(submit)} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ name: dialog.kind === 'rename' ? dialog.node.name : '' }}>
        <Form.Item name="name" label="目录名称" rules={[{ required: true, whitespace: true, message: '请输入目录名称' }]}>
          <Input maxLength={INPUT_MAX.default} showCount aria-label="目录名称" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface NewFormValues {
  name: string;
  code: string;
  formType: FormType;
  directoryId: string;
  description?: string;
}

/** 新增表单: name, code (the data-centre table), type, directory, description; on OK the designer opens. */
function NewFormModal({ tree, directoryId, onClose, onCreated }: { tree: FormDirectoryNode[]; directoryId: string | null; onClose(): void; onCreated(id: string): void }) {
  const [form] = Form.useForm<NewFormValues>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const code = Form.useWatch('code', form);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const created = await addForm({ ...values, description: values.description?.trim() || null }, { successMessage: '新增成功' });
      onCreated(created.id);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title="新增表单" width={MODAL_WIDTH} okText="确定" cancelText="取消" confirmLoading={saving} onOk={() => once(submit)} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ formType: 'floating', directoryId: directoryId ?? undefined }}>
        <Form.Item name="name" label="表单名称" rules={[{ required: true, whitespace: true, message: '请输入表单名称' }]}>
          <Input maxLength={INPUT_MAX.default} showCount aria-label="表单名称" />
        </Form.Item>
        <Form.Item
          name="code"
          label="表单编码"
          extra={`数据中心表名 sjzx.${code || '<编码>'}`}
          rules={[
            { required: true, message: '请输入表单编码' },
            { pattern: IDENTIFIER_PATTERN, message: COLLECTION_MESSAGES.codeInvalid },
          ]}
        >
          <Input maxLength={FORM_LIMITS.code} aria-label="表单编码" placeholder="如 teacher_info" />
        </Form.Item>
        <Form.Item name="formType" label="类型" rules={[{ required: true }]}>
          <Select
            aria-label="表单类型"
            options={(Object.keys(FORM_TYPE_LABELS) as FormType[]).map((value) => ({ value, label: FORM_TYPE_LABELS[value] }))}
          />
        </Form.Item>
        <Form.Item name="directoryId" label="目录" rules={[{ required: true, message: '请选择目录' }]}>
          <TreeSelect aria-label="目录" treeData={toTreeSelect(tree)} treeDefaultExpandAll placeholder="请选择目录" />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea maxLength={INPUT_MAX.content} showCount rows={3} aria-label="说明" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /dataCollection/form 表单管理: the directory tree, the selected directory's forms (subdirectories included). */
export default function CollectionFormPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const treeState = useRequest(() => directoryTree(), 'tree');
  const tree = treeState.data ?? NO_DIRECTORIES;
  const [picked, setPicked] = useState<string | null>(null);
  const selected = findDirectory(tree, picked);
  const [dialog, setDialog] = useState<DirectoryDialog | null>(null);
  const [creating, setCreating] = useState(false);
  const [search] = Form.useForm<{ name?: string }>();
  const [query, setQuery] = useState<{ name?: string; pageNum: number }>({ pageNum: 1 });
  const pageSize = 10;
  const directoryId = selected?.id;
  const forms = useRequest(() => listForms({ directoryId, name: query.name || undefined, pageNum: query.pageNum, pageSize }), JSON.stringify([directoryId, query]));
  const treeData = useMemo(() => toTreeData(tree), [tree]);

  const reloadAll = () => {
    void treeState.reload();
    void forms.reload();
  };

  const removeDirectory = () => {
    if (!selected) return;
    confirmDelete(modal, {
      title: '删除目录',
      content: `确定删除目录“${selected.name}”吗？删除后不可恢复。`,
      remove: () => deleteDirectory(selected.id, { successMessage: '删除成功' }),
      then: () => {
        setPicked(selected.parentId);
        reloadAll();
      },
    });
  };

  const publish = (row: FormSummary) =>
    modal.confirm({
      title: '发布表单',
      content: `确定发布表单“${row.name}”吗？发布后为第${row.version + 1}版。`,
      okText: '发布',
      cancelText: '取消',
      onOk: async () => {
        try {
          await publishForm(row.id, { successMessage: COLLECTION_MESSAGES.published });
        } catch {
          return;
        }
        void forms.reload();
      },
    });

  const remove = (row: FormSummary) =>
    confirmDelete(modal, {
      title: '删除表单',
      content: `确定删除表单“${row.name}”吗？${row.version > 0 ? `数据中心表 sjzx.${row.code} 将一并删除。` : ''}删除后不可恢复。`,
      remove: () => deleteForm(row.id, { successMessage: '删除成功' }),
      then: reloadAll,
    });

  const columns: TableColumnsType<FormSummary> = [
    { title: '表单名称', dataIndex: 'name', width: 180, fixed: 'left', ellipsis: true, render: (name: string) => <span data-testid="form-name">{name}</span> },
    { title: '表单编码', dataIndex: 'code', width: 180, ellipsis: true },
    { title: '类型', dataIndex: 'formType', width: 80, render: (t: FormType) => FORM_TYPE_LABELS[t] },
    {
      title: '状态',
      key: 'state',
      width: 200,
      render: (_v, row) => (
        <Space size={4} wrap>
          <Tag color={row.version > 0 ? 'green' : 'default'}>{publishStateText(row)}</Tag>
          {row.changed && row.version > 0 && <Tag color="orange">有未发布的修改</Tag>}
        </Space>
      ),
    },
    { title: '字段数', dataIndex: 'fieldCount', width: 72 },
    { title: '目录', dataIndex: 'directoryName', width: 120, ellipsis: true },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/tableConfiguration/${row.id}`)}>
            设计
          </Button>
          <Button type="link" size="small" disabled={row.version > 0 && !row.changed} onClick={() => publish(row)}>
            发布
          </Button>
          <Tooltip title={row.taskCount > 0 ? COLLECTION_MESSAGES.formInUse : undefined}>
            <Button type="link" size="small" danger disabled={row.taskCount > 0} onClick={() => remove(row)}>
              删除
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div className={styles.split}>
      <Card
        title="表单目录"
        className={styles.treeCard}
        extra={
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add', parentId: null })}>
            新增目录
          </Button>
        }
      >
        <Space size={4} wrap>
          <Button size="small" icon={<FolderAddOutlined />} disabled={!selected} onClick={() => selected && setDialog({ kind: 'add', parentId: selected.id })}>
            新增子目录
          </Button>
          <Button size="small" icon={<EditOutlined />} disabled={!selected} onClick={() => selected && setDialog({ kind: 'rename', node: selected })}>
            重命名
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} disabled={!selected} onClick={removeDirectory}>
            删除
          </Button>
        </Space>
        <div className={styles.treeScroll}>
          <Spin spinning={treeState.loading}>
            {treeData.length ? (
              <Tree
                aria-label="表单目录"
                blockNode
                defaultExpandAll
                treeData={treeData}
                selectedKeys={selected ? [selected.id] : []}
                // clicking the selected directory again shows every form
                onSelect={(keys) => {
                  setPicked(keys.length ? String(keys[0]) : null);
                  setQuery((q) => ({ ...q, pageNum: 1 }));
                }}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={treeState.loading ? ' ' : EMPTY_TEXT} />
            )}
          </Spin>
        </div>
      </Card>
      <Card className={styles.detailCard} title={selected ? `表单：${selected.name}` : '全部表单'}>
        <div className={layout.bar}>
          <Form form={search} layout="inline" onFinish={(v) => setQuery({ name: v.name?.trim() || undefined, pageNum: 1 })}>
            <Form.Item name="name" label="表单名称">
              <Input allowClear maxLength={INPUT_MAX.default} placeholder="请输入表单名称" aria-label="搜索表单名称" />
            </Form.Item>
            <SearchButtons
              onReset={() => {
                search.resetFields();
                setQuery({ pageNum: 1 });
              }}
            />
          </Form>
          <Button type="primary" icon={<PlusOutlined />} disabled={tree.length === 0} onClick={() => setCreating(true)}>
            新增表单
          </Button>
        </div>
        <Table<FormSummary>
          rowKey="id"
          size="middle"
          loading={forms.loading}
          columns={columns}
          dataSource={forms.data?.records ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
          scroll={{ x: 1150 }}
          pagination={{
            ...PAGINATION_DEFAULTS,
            current: query.pageNum,
            pageSize,
            total: forms.data?.total ?? 0,
            onChange: (pageNum) => setQuery((q) => ({ ...q, pageNum })),
          }}
        />
      </Card>
      {dialog && (
        <DirectoryModal
          dialog={dialog}
          onClose={() => setDialog(null)}
          onSaved={(id) => {
            setDialog(null);
            setPicked(id);
            void treeState.reload();
          }}
        />
      )}
      {creating && <NewFormModal tree={tree} directoryId={selected?.id ?? null} onClose={() => setCreating(false)} onCreated={(id) => navigate(`/tableConfiguration/${id}`)} />}
    </div>
  );
}
