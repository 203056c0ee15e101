import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, EyeOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  COLLECTION_MESSAGES,
  COMPONENT_LABELS,
  FORM_LIMITS,
  FORM_TYPE_LABELS,
  IDENTIFIER_PATTERN,
  INPUT_MAX,
  NUMERIC_COMPONENTS,
  OPTION_COMPONENTS,
  type ComponentType,
  type ConstantType,
  type FormDesignInput,
  type FormDetail,
  type FormField,
  type FormType,
  type FormVersion,
} from '@zhengai/contracts';
import { App, Button, Card, Empty, Form, Input, List, Modal, Result, Select, Space, Spin, Table, Tabs, Tag, Tooltip, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { directoryTree, formDetail, formVersion, listConstants, listConstantTypes, publishForm, updateForm } from '../../api/data-collection';
import { useRequest } from '../../hooks/use-request';
import { CONFIRM_MODAL, EMPTY_TEXT } from '../../utils/constants';
import { FillTable, emptyRows, type EditableRow } from '../data-collection/components/fill-table';
import { COMPONENT_OPTIONS, copyField, designOf, designProblems, moveItem, newField, publishedKeys, sameDesign } from './design';
import { DataSourceModal } from './data-source-modal';
import { FieldProperties } from './field-properties';
import styles from './table-configuration.module.css';

const FORM_LIST_PATH = '/dataCollection/form';
const NO_TYPES: ConstantType[] = [];

type DirectoryOption = { value: string; title: string; children: DirectoryOption[] };

/** The preview: the fill grid of the design as a filler would see it (nothing is saved). */
function PreviewModal({ design, onClose }: { design: FormDesignInput; onClose(): void }) {
  const version: FormVersion = useMemo(
    () => ({ formId: design.id, version: 0, formType: design.formType, fields: design.fields, fixedRows: design.fixedRows, publishedAt: '', publisherName: null }),
    [design],
  );
  const [rows, setRows] = useState<EditableRow[]>(() => emptyRows(version));
  // the options of every option field, by its constant type
  const typeIds = [...new Set(design.fields.filter((f) => OPTION_COMPONENTS.includes(f.component) && f.constantTypeId).map((f) => f.constantTypeId as string))];
  const constants = useRequest(
    async () => {
      const lists = await Promise.all(typeIds.map(async (id) => [id, (await listConstants(id)).map((c) => c.text)] as const));
      return new Map(lists);
    },
    typeIds.join(','),
  );
  const options: Record<string, string[]> = {};
  for (const f of design.fields) if (f.constantTypeId) options[f.key] = constants.data?.get(f.constantTypeId) ?? [];

  return (
    <Modal open title={`预览：${design.name}`} width="90%" footer={<Button onClick={onClose}>关闭</Button>} onCancel={onClose}>
      {design.fields.length ? <FillTable form={version} rows={rows} options={options} editable onChange={setRows} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />}
    </Modal>
  );
}

/** The fixed form's row labels: add, rename, delete, order. */
function FixedRowsEditor({ rows, onChange }: { rows: string[]; onChange(rows: string[]): void }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {rows.map((label, i) => (
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input aria-label={`第${i + 1}行`} maxLength={INPUT_MAX.default} value={label} onChange={(e) => onChange(rows.map((r, j) => (j === i ? e.target.value : r)))} />
          <Button aria-label="上移" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => onChange(moveItem(rows, i, -1))} />
          <Button aria-label="下移" icon={<ArrowDownOutlined />} disabled={i === rows.length - 1} onClick={() => onChange(moveItem(rows, i, 1))} />
          <Button aria-label="删除行" danger icon={<DeleteOutlined />} onClick={() => onChange(rows.filter((_r, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button icon={<PlusOutlined />} disabled={rows.length >= FORM_LIMITS.fixedRows} onClick={() => onChange([...rows, `第${rows.length + 1}行`])}>
        添加行
      </Button>
    </Space>
  );
}

function toDirectoryOptions(nodes: { id: string; name: string; children: typeof nodes }[]): DirectoryOption[] {
  return nodes.map((n) => ({ value: n.id, title: n.name, children: toDirectoryOptions(n.children) }));
}

/** /tableConfiguration/:id — the form designer, outside the shell (000 §9 components, 000 §5 validations). */
export default function TableConfigurationPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const [detail, setDetail] = useState<FormDetail | null>(null);
  const [draft, setDraft] = useState<FormDesignInput | null>(null);
  const [versionKeys, setVersionKeys] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState(0);
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [sourceField, setSourceField] = useState<FormField | null>(null);
  const [tab, setTab] = useState('field');

  const loaded = useRequest(() => formDetail(id), id, {
    onSuccess: (d) => {
      setDetail(d);
      setDraft(designOf(d));
    },
  });
  const types = useRequest(() => listConstantTypes(), 'types');
  const tree = useRequest(() => directoryTree(), 'tree');

  // the keys published in any version: their column stays, so the key cannot change
  const versionList = detail?.versions;
  useEffect(() => {
    if (!versionList?.length) return;
    let live = true;
    void Promise.all(versionList.map((v) => formVersion(id, v.version, { silent: true }).catch(() => null))).then((all) => {
      if (live) setVersionKeys(publishedKeys(all.filter((v): v is FormVersion => v !== null).map((v) => v.fields)));
    });
    return () => {
      live = false;
    };
  }, [id, versionList]);

  // closing the tab or reloading with unsaved changes asks the browser's question
  const dirty = !!detail && !!draft && !sameDesign(designOf(detail), draft);
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  if (!detail || !draft) {
    return (
      <div className={styles.page}>
        <Spin spinning={loaded.loading}>
          {loaded.failed ? <Result status="warning" title="无法打开该表单" extra={<Button onClick={() => navigate(FORM_LIST_PATH)}>返回</Button>} /> : <div style={{ height: 400 }} />}
        </Spin>
      </div>
    );
  }

  const saved = designOf(detail);
  const published = detail.version > 0;
  const fields = draft.fields;
  const field = fields[selected] ?? null;
  const update = (patch: Partial<FormDesignInput>) => setDraft({ ...draft, ...patch });
  const setFields = (next: FormField[], select?: number) => {
    update({ fields: next });
    if (select !== undefined) setSelected(select);
  };

  const addField = (component: ComponentType) => {
    if (fields.length >= FORM_LIMITS.fields) {
      message.warning(`表单最多${FORM_LIMITS.fields}个字段`);
      return;
    }
    setFields([...fields, newField(component, fields)], fields.length);
    setTab('field');
  };

  const removeField = (index: number) => {
    const f = fields[index];
    if (!f) return;
    modal.confirm({
      title: '删除字段',
      content: `确定删除字段“${f.label}”吗？${versionKeys.has(f.key) ? '已发布版本中的数据不受影响。' : ''}`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => setFields(fields.filter((_f, i) => i !== index), Math.max(0, Math.min(index, fields.length - 2))),
    });
  };

  /** forms/update with the draft; true when saved. */
  const save = async (): Promise<boolean> => {
    if (!draft.name.trim()) {
      message.error('请输入表单名称');
      setTab('form');
      return false;
    }
    setSaving(true);
    try {
      const next = await updateForm(draft, { successMessage: COLLECTION_MESSAGES.saved });
      setDetail(next);
      setDraft(designOf(next));
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };

  const publish = () => {
    const problems = designProblems(draft);
    if (problems.length) {
      message.error(problems[0]);
      return;
    }
    modal.confirm({
      title: '发布表单',
      content: `确定发布表单“${draft.name}”吗？发布后为第${detail.version + 1}版，数据中心表 sjzx.${draft.code} 随之建立或加列。`,
      okText: '发布',
      cancelText: '取消',
      onOk: async () => {
        if (dirty && !(await save())) return;
        try {
          const next = await publishForm(id, { successMessage: COLLECTION_MESSAGES.published });
          setDetail(next);
          setDraft(designOf(next));
        } catch {
          // shown by the request layer
        }
      },
    });
  };

  const back = () => {
    if (!dirty) {
      navigate(FORM_LIST_PATH);
      return;
    }
    modal.confirm({
      ...CONFIRM_MODAL,
      keyboard: false,
      mask: { closable: false },
      onOk: async () => {
        if (await save()) navigate(FORM_LIST_PATH);
      },
      onCancel: () => navigate(FORM_LIST_PATH),
    });
  };

  const formTab = (
    <Form layout="vertical" size="small">
      <Form.Item label="表单名称" required>
        <Input aria-label="表单名称" maxLength={FORM_LIMITS.name} value={draft.name} onChange={(e) => update({ name: e.target.value })} />
      </Form.Item>
      <Form.Item
        label="表单编码"
        extra={published ? `数据中心表 sjzx.${draft.code}（发布后不能修改）` : `数据中心表 sjzx.${draft.code || '<编码>'}`}
        validateStatus={IDENTIFIER_PATTERN.test(draft.code) ? undefined : 'error'}
        help={IDENTIFIER_PATTERN.test(draft.code) ? undefined : COLLECTION_MESSAGES.codeInvalid}
      >
        <Input aria-label="表单编码" maxLength={FORM_LIMITS.code} disabled={published} value={draft.code} onChange={(e) => update({ code: e.target.value.trim() })} />
      </Form.Item>
      <Form.Item label="类型" extra={published ? '发布后不能修改' : undefined}>
        <Select
          aria-label="表单类型"
          disabled={published}
          value={draft.formType}
          options={(Object.keys(FORM_TYPE_LABELS) as FormType[]).map((value) => ({ value, label: FORM_TYPE_LABELS[value] }))}
          onChange={(formType: FormType) => update({ formType })}
        />
      </Form.Item>
      <Form.Item label="目录">
        <TreeSelect aria-label="目录" treeData={toDirectoryOptions(tree.data ?? [])} treeDefaultExpandAll value={draft.directoryId} onChange={(directoryId: string) => update({ directoryId })} />
      </Form.Item>
      <Form.Item label="说明">
        <Input.TextArea aria-label="表单说明" rows={3} maxLength={FORM_LIMITS.description} showCount value={draft.description ?? ''} onChange={(e) => update({ description: e.target.value })} />
      </Form.Item>
      {draft.formType === 'fixed' && (
        <Form.Item label="固定行" required>
          <FixedRowsEditor rows={draft.fixedRows} onChange={(fixedRows) => update({ fixedRows })} />
        </Form.Item>
      )}
    </Form>
  );

  const versionsTab = (
    <Table
      size="small"
      rowKey="version"
      pagination={false}
      dataSource={[...detail.versions].sort((a, b) => b.version - a.version)}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未发布" /> }}
      columns={[
        { title: '版本', dataIndex: 'version', width: 64, render: (v: number) => `v${v}` },
        { title: '发布时间', dataIndex: 'publishedAt', width: 160 },
        { title: '发布人', dataIndex: 'publisherName', render: (n: string | null) => n ?? '' },
        { title: '字段数', dataIndex: 'fieldCount', width: 64 },
      ]}
    />
  );

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Space size={12} wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            返回
          </Button>
          <span className={styles.title} data-testid="design-title">
            {draft.name || detail.name}
          </span>
          <Tag color={published ? 'green' : 'default'}>{published ? `已发布 v${detail.version}` : '未发布'}</Tag>
          {published && detail.changed && !dirty && <Tag color="orange">有未发布的修改</Tag>}
          {dirty && <Tag color="red">未保存</Tag>}
        </Space>
        <Space wrap>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
            预览
          </Button>
          <Button icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => void save()}>
            保存
          </Button>
          <Button type="primary" icon={<SendOutlined />} disabled={saving || (published && !detail.changed && !dirty)} onClick={publish}>
            发布
          </Button>
        </Space>
      </div>
      <div className={styles.body}>
        <Card size="small" title="组件" className={styles.palette}>
          <div className={styles.paletteGrid}>
            {COMPONENT_OPTIONS.map((o) => (
              <Button key={o.value} size="small" onClick={() => addField(o.value)}>
                {o.label}
              </Button>
            ))}
          </div>
        </Card>
        <Card size="small" title={`字段（${fields.length}）`} className={styles.fields}>
          {fields.length ? (
            <List
              dataSource={fields}
              renderItem={(f, i) => (
                <div
                  className={`${styles.fieldItem} ${i === selected ? styles.fieldSelected : ''}`}
                  role="button"
                  tabIndex={0}
                  data-testid="design-field"
                  onClick={() => {
                    setSelected(i);
                    setTab('field');
                  }}
                  onKeyDown={(e) => e.key === 'Enter' && setSelected(i)}
                >
                  <span className={styles.fieldLabel}>
                    {f.validations.require && <span className={styles.problem}>* </span>}
                    {f.label} <span className={styles.fieldKey}>{f.key}</span>
                  </span>
                  <Tag>{COMPONENT_LABELS[f.component]}</Tag>
                  <Space size={0} onClick={(e) => e.stopPropagation()}>
                    <Tooltip title="上移">
                      <Button type="text" size="small" aria-label="上移" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => setFields(moveItem(fields, i, -1), i - 1)} />
                    </Tooltip>
                    <Tooltip title="下移">
                      <Button type="text" size="small" aria-label="下移" icon={<ArrowDownOutlined />} disabled={i === fields.length - 1} onClick={() => setFields(moveItem(fields, i, 1), i + 1)} />
                    </Tooltip>
                    <Tooltip title="复制">
                      <Button
                        type="text"
                        size="small"
                        aria-label="复制"
                        icon={<CopyOutlined />}
                        disabled={fields.length >= FORM_LIMITS.fields}
                        onClick={() => setFields([...fields.slice(0, i + 1), copyField(f, fields), ...fields.slice(i + 1)], i + 1)}
                      />
                    </Tooltip>
                    <Tooltip title="删除">
                      <Button type="text" size="small" danger aria-label="删除字段" icon={<DeleteOutlined />} onClick={() => removeField(i)} />
                    </Tooltip>
                  </Space>
                </div>
              )}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="点击左侧组件添加字段" />
          )}
        </Card>
        <Card size="small" className={styles.properties}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'field',
                label: '字段属性',
                children: (
                  <FieldProperties
                    field={field}
                    fields={fields}
                    constantTypes={types.data ?? NO_TYPES}
                    keyLocked={!!field && versionKeys.has(field.key) && saved.fields.some((f) => f.key === field.key)}
                    canCreateSource={!!field && published && NUMERIC_COMPONENTS.includes(field.component) && versionKeys.has(field.key)}
                    onChange={(f) => setFields(fields.map((old, i) => (i === selected ? f : old)))}
                    onCreateSource={() => field && setSourceField(field)}
                  />
                ),
              },
              { key: 'form', label: '表单属性', children: formTab },
              { key: 'versions', label: '版本记录', children: versionsTab },
            ]}
          />
        </Card>
      </div>
      {previewing && <PreviewModal design={draft} onClose={() => setPreviewing(false)} />}
      {sourceField && <DataSourceModal formId={id} field={sourceField} onClose={() => setSourceField(null)} />}
    </div>
  );
}
