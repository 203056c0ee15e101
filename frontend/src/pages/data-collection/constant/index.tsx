import { DownloadOutlined, ImportOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { CONSTANT_LIMITS, INPUT_MAX, type Constant, type ConstantType, type ImportProblem } from '@zhengai/contracts';
import { App, Button, Card, Empty, Form, Input, InputNumber, Modal, Space, Spin, Table, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  constantTemplate,
  deleteConstant,
  deleteConstantType,
  importConstants,
  listConstants,
  listConstantTypes,
  saveConstant,
  saveConstantType,
} from '../../../api/data-collection';
import { ApiError } from '../../../api/request';
import { confirmDelete } from '../../../components/confirm-delete';
import { FILE_MESSAGES } from '../../../components/upload/file-rules';
import { useRequest } from '../../../hooks/use-request';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { EMPTY_TEXT, MODAL_WIDTH } from '../../../utils/constants';
import { saveBlob } from '../../../utils/download';
import layout from '../../../components/page-layout.module.css';
import styles from '../../data-manage/data-manage.module.css';
import { importProblemsOf, isXlsx } from './constant-values';
import { ImportProblemsModal } from '../../../components/import-problems-modal';

const NO_TYPES: ConstantType[] = [];

/** 新增 / 编辑 a constant type: code, name, description. */
function TypeModal({ type, onClose, onSaved }: { type: ConstantType | null; onClose(): void; onSaved(id: string): void }) {
  const [form] = Form.useForm<{ code: string; name: string; description?: string | null }>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await saveConstantType({ id: type?.id, ...values, description: values.description?.trim() || null }, { successMessage: '保存成功' });
      onSaved(saved.id);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={type ? '编辑常量类型' : '新增常量类型'} width={MODAL_WIDTH} okText="确定" cancelText="取消" confirmLoading={saving} onOk={() => once(submit)} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={type ?? {}}>
        <Form.Item name="code" label="类型编码" rules={[{ required: true, whitespace: true, message: '请输入类型编码' }]}>
          <Input maxLength={CONSTANT_LIMITS.typeCode} aria-label="类型编码" />
        </Form.Item>
        <Form.Item name="name" label="类型名称" rules={[{ required: true, whitespace: true, message: '请输入类型名称' }]}>
          <Input maxLength={INPUT_MAX.default} showCount aria-label="类型名称" />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea maxLength={INPUT_MAX.content} showCount rows={3} aria-label="类型说明" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 新增 / 编辑 a constant: value, text, sort. */
function ConstantModal({ typeId, constant, nextSort, onClose, onSaved }: { typeId: string; constant: Constant | null; nextSort: number; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm<{ value: string; text: string; sort?: number | null }>();
  const [saving, setSaving] = useState(false);
  const once = useSingleFlight();
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveConstant({ id: constant?.id, typeId, value: values.value, text: values.text, sort: values.sort ?? undefined }, { successMessage: '保存成功' });
      onSaved();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={constant ? '编辑常量' : '新增常量'} width={MODAL_WIDTH} okText="确定" cancelText="取消" confirmLoading={saving} onOk={() => once(submit)} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={constant ?? { sort: nextSort }}>
        <Form.Item name="value" label="值" rules={[{ required: true, whitespace: true, message: '请输入值' }]}>
          <Input maxLength={INPUT_MAX.default} aria-label="常量值" />
        </Form.Item>
        <Form.Item name="text" label="显示文本" rules={[{ required: true, whitespace: true, message: '请输入显示文本' }]}>
          <Input maxLength={INPUT_MAX.default} aria-label="显示文本" />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} aria-label="排序" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 导入: one .xlsx of the template; 确定 without a file warns 请先选取文件!. */
function ImportModal({ type, onClose, onImported }: { type: ConstantType; onClose(): void; onImported(): void }) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<ImportProblem[] | null>(null);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const result = await constantTemplate();
      saveBlob(result.blob, result.fileName ?? '常量导入模板.xlsx');
    } catch {
      // shown by the request layer
    } finally {
      setDownloading(false);
    }
  };

  const submit = async () => {
    if (!file) {
      message.warning(FILE_MESSAGES.noFile);
      return;
    }
    setBusy(true);
    try {
      const result = await importConstants(file, type.id, { silent: true });
      message.success(`导入成功！共${result.imported}条`);
      onImported();
    } catch (error) {
      const rows = importProblemsOf(error instanceof ApiError ? error.data : undefined);
      if (rows.length) setProblems(rows);
      else message.error(error instanceof Error ? error.message : '导入失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={`导入常量：${type.name}`} width={MODAL_WIDTH} okText="确定" cancelText="取消" confirmLoading={busy} onOk={() => void submit()} onCancel={onClose}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          下载模板
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          onRemove={() => setFile(null)}
          beforeUpload={(chosen) => {
            if (isXlsx(chosen.name)) setFile(chosen);
            else message.error('只能上传xlsx的文件');
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>选择文件</Button>
        </Upload>
      </Space>
      <ImportProblemsModal problems={problems} onClose={() => setProblems(null)} />
    </Modal>
  );
}

interface Opened<T> {
  value: T;
}

/** /dataCollection/constant 常量管理: the constant types on the left, the selected type's constants on the right. */
export default function CollectionConstantPage() {
  const { modal } = App.useApp();
  const types = useRequest(() => listConstantTypes(), 'types');
  const typeList = types.data ?? NO_TYPES;
  const [picked, setPicked] = useState<string | null>(null);
  const selected = typeList.find((t) => t.id === picked) ?? typeList[0] ?? null;
  const constants = useRequest(selected ? () => listConstants(selected.id) : null, selected?.id ?? '');
  const [typeDialog, setTypeDialog] = useState<Opened<ConstantType | null> | null>(null);
  const [constantDialog, setConstantDialog] = useState<Opened<Constant | null> | null>(null);
  const [importing, setImporting] = useState(false);
  const list = constants.data ?? [];

  const removeType = (type: ConstantType) =>
    confirmDelete(modal, {
      title: '删除常量类型',
      content: `确定删除常量类型“${type.name}”及其${type.constantCount}个常量吗？删除后不可恢复。`,
      remove: () => deleteConstantType(type.id, { successMessage: '删除成功' }),
      then: () => {
        setPicked(null);
        void types.reload();
      },
    });

  const removeConstant = (c: Constant) =>
    confirmDelete(modal, {
      title: '删除常量',
      content: `确定删除常量“${c.text}”吗？`,
      remove: () => deleteConstant(c.id, { successMessage: '删除成功' }),
      then: () => {
        void constants.reload();
        void types.reload();
      },
    });

  const columns: TableColumnsType<Constant> = [
    { title: '值', dataIndex: 'value', ellipsis: true },
    { title: '显示文本', dataIndex: 'text', ellipsis: true, render: (t: string) => <span data-testid="constant-text">{t}</span> },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_v, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setConstantDialog({ value: c })}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => removeConstant(c)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className={styles.split}>
      <Card
        title="常量类型"
        className={styles.treeCard}
        extra={
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setTypeDialog({ value: null })}>
            新增
          </Button>
        }
      >
        <div className={styles.treeScroll}>
          <Spin spinning={types.loading}>
            {typeList.length ? (
              <Table<ConstantType>
                aria-label="常量类型"
                rowKey="id"
                size="small"
                pagination={false}
                showHeader={false}
                dataSource={typeList}
                rowClassName={(t) => (t.id === selected?.id ? 'ant-table-row-selected' : '')}
                onRow={(t) => ({ onClick: () => setPicked(t.id), style: { cursor: 'pointer' } })}
                columns={[
                  { key: 'name', render: (_v, t) => <span data-testid="constant-type">{`${t.name}（${t.code}）`}</span>, ellipsis: true },
                  {
                    key: 'actions',
                    width: 100,
                    render: (_v, t) => (
                      <Space size={0} onClick={(e) => e.stopPropagation()}>
                        <Button type="link" size="small" onClick={() => setTypeDialog({ value: t })}>
                          编辑
                        </Button>
                        <Button type="link" size="small" danger onClick={() => removeType(t)}>
                          删除
                        </Button>
                      </Space>
                    ),
                  },
                ]}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={types.loading ? ' ' : EMPTY_TEXT} />
            )}
          </Spin>
        </div>
      </Card>
      <Card className={styles.detailCard} title={selected ? `常量：${selected.name}` : '常量'}>
        <div className={layout.bar}>
          <span>{selected?.description ?? ''}</span>
          <Space>
            <Button icon={<ImportOutlined />} disabled={!selected} onClick={() => setImporting(true)}>
              导入
            </Button>
            <Button type="primary" icon={<PlusOutlined />} disabled={!selected} onClick={() => setConstantDialog({ value: null })}>
              新增常量
            </Button>
          </Space>
        </div>
        <Table<Constant>
          rowKey="id"
          size="middle"
          loading={constants.loading}
          columns={columns}
          dataSource={selected ? list : []}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }}
        />
      </Card>
      {typeDialog && (
        <TypeModal
          type={typeDialog.value}
          onClose={() => setTypeDialog(null)}
          onSaved={(id) => {
            setTypeDialog(null);
            setPicked(id);
            void types.reload();
          }}
        />
      )}
      {constantDialog && selected && (
        <ConstantModal
          typeId={selected.id}
          constant={constantDialog.value}
          nextSort={list.reduce((max, c) => Math.max(max, c.sort), 0) + 1}
          onClose={() => setConstantDialog(null)}
          onSaved={() => {
            setConstantDialog(null);
            void constants.reload();
            void types.reload();
          }}
        />
      )}
      {importing && selected && (
        <ImportModal
          type={selected}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void constants.reload();
            void types.reload();
          }}
        />
      )}
    </div>
  );
}
