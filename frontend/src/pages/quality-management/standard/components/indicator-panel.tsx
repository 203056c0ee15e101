import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Input, Modal, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../../api/request';
import { addIndicator, deleteIndicator, updateIndicator, type Catalog, type CatalogInUse, type IndicatorNode } from '../../../../api/standard';
import { useSingleFlight } from '../../../../hooks/use-single-flight';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { INDICATOR_NAME_MAX, branchIds, findIndicator, inUseText, takesChildren } from '../library-values';
import styles from '../standard.module.css';

function toTreeData(nodes: IndicatorNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: (
      <Tooltip title={node.levelTitle} placement="right" mouseEnterDelay={0.4}>
        <span className={styles.treeTitle} data-testid="indicator" data-level={node.level}>
          <span className={styles.treeName}>{node.name}</span>
          {node.pointCount > 0 && (
            <span className={styles.pointBadge} aria-label={`${node.pointCount}个质控点`}>
              {node.pointCount}
            </span>
          )}
        </span>
      </Tooltip>
    ),
    children: toTreeData(node.children ?? []),
  }));
}

type NameEdit = { kind: 'add'; parent: IndicatorNode | null } | { kind: 'rename'; node: IndicatorNode };

function NameModal({ edit, onCancel, onSave }: { edit: NameEdit; onCancel(): void; onSave(name: string): Promise<boolean> }) {
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const once = useSingleFlight();
  const title =
    edit.kind === 'rename' ? `重命名：${edit.node.name}` : edit.parent ? `新增下级指标（${edit.parent.name}）` : '新增一级指标';
  const submit = async () => {
    let values: { name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    if (!(await onSave(values.name.trim()))) setBusy(false);
  };
  return (
    <Modal open title={title} okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => once(submit)} onCancel={onCancel} destroyOnHidden>
      <Form form={form} layout="vertical" name="indicator-name" initialValues={{ name: edit.kind === 'rename' ? edit.node.name : '' }} onFinish={() => once(submit)}>
        <Form.Item label="指标名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入指标名称' }]}>
          <Input maxLength={INDICATOR_NAME_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface IndicatorPanelProps {
  libraryId: string;
  catalog: Catalog | null;
  loading: boolean;
  writable: boolean;
  selectedId: string | null;
  onSelect(id: string | null): void;
  /** the catalogue changed; select the id when given */
  onChanged(selectId?: string | null): void;
}

/** The indicator tree of a library (display names, level titles on hover, point counts) with 新增, 重命名 and 删除. */
export function IndicatorPanel({ libraryId, catalog, loading, writable, selectedId, onSelect, onChanged }: IndicatorPanelProps) {
  const { modal, message } = App.useApp();
  const nodes = useMemo(() => catalog?.nodes ?? [], [catalog]);
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const [toggled, setToggled] = useState<{ source: IndicatorNode[]; keys: string[] } | null>(null);
  const expandedKeys = toggled?.source === nodes ? toggled.keys : branchIds(nodes);
  const [edit, setEdit] = useState<NameEdit | null>(null);
  const selected = findIndicator(nodes, selectedId);
  const treeLevel = catalog?.treeLevel ?? 3;

  const saveName = async (name: string): Promise<boolean> => {
    if (!edit) return false;
    try {
      if (edit.kind === 'rename') {
        await updateIndicator({ id: edit.node.id, name }, { successMessage: '修改成功' });
        onChanged(edit.node.id);
      } else {
        const added = await addIndicator({ libraryId, name, parentId: edit.parent?.id ?? null }, { successMessage: '新增成功' });
        onChanged(added.id);
      }
      setEdit(null);
      return true;
    } catch {
      return false;
    }
  };

  const remove = (node: IndicatorNode, cascade: boolean) =>
    deleteIndicator(node.id, cascade, { silent: true }).then(
      () => {
        message.success('删除成功');
        onChanged(node.parentId);
      },
      (error: unknown) => {
        if (!cascade && error instanceof ApiError && error.status === 409) {
          modal.confirm({
            title: '无法直接删除',
            content: `${inUseText(error.data as CatalogInUse)}，是否连同下级指标和质控点一起删除？删除后不可恢复。`,
            okText: '连同下级一起删除',
            okButtonProps: { danger: true },
            cancelText: '取消',
            onOk: () => remove(node, true),
          });
          return;
        }
        message.error(error instanceof Error ? error.message : '删除失败');
      },
    );

  const confirmDelete = () => {
    if (!selected) return;
    modal.confirm({
      title: '删除指标',
      content: `确定删除指标“${selected.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove(selected, false),
    });
  };

  return (
    <Card title="指标体系" size="small" className={styles.treePanel} data-testid="indicator-panel">
      {writable && (
        <div className={styles.treeTools}>
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEdit({ kind: 'add', parent: null })}>
            新增一级指标
          </Button>
          <Button size="small" icon={<PlusOutlined />} disabled={!selected || !takesChildren(selected, treeLevel)} onClick={() => selected && setEdit({ kind: 'add', parent: selected })}>
            新增下级
          </Button>
          <Button size="small" icon={<EditOutlined />} disabled={!selected} onClick={() => selected && setEdit({ kind: 'rename', node: selected })}>
            重命名
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} disabled={!selected} onClick={confirmDelete}>
            删除
          </Button>
        </div>
      )}
      <div className={styles.treeScroll}>
        <Spin spinning={loading}>
          {treeData.length ? (
            <Tree
              aria-label="指标树"
              blockNode
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setToggled({ source: nodes, keys: keys.map(String) })}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => keys.length && onSelect(String(keys[0]))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading && !catalog ? ' ' : EMPTY_TEXT} />
          )}
        </Spin>
      </div>
      {edit && <NameModal edit={edit} onCancel={() => setEdit(null)} onSave={saveName} />}
    </Card>
  );
}
