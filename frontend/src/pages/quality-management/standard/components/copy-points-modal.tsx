import { Alert, Form, Modal, Select, Table, TreeSelect, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { getDefinitions, getTargets, type IndicatorNode, type PointDefinition } from '../../../../api/standard';
import { useRequest } from '../../../../hooks/use-request';
import { VALUE_TYPE_NAMES, nameOf } from '../../improvement/quality-values';

/** The picker's page of libraries: all the person may read (the list is short; one page). */
const LIBRARY_PAGE = 1000;

export interface PointCopyChoice {
  sourceLibraryId: string;
  pointIds: string[];
  indicatorId: string;
}

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

const toOptions = (nodes: IndicatorNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toOptions(n.children ?? []) }));

const columns: TableColumnsType<PointDefinition> = [
  { title: '编号', dataIndex: 'zkdid', width: 110, ellipsis: true },
  { title: '名称', dataIndex: 'zkdmc', ellipsis: { showTitle: true }, render: (name: string) => <span data-testid="copy-point-name">{name}</span> },
  { title: '值类型', dataIndex: 'zlx', width: 80, render: (zlx: string) => nameOf(VALUE_TYPE_NAMES, zlx) },
];

/**
 * 复制质控点 (quality/copy): pick a library the person may read, tick its points, pick the indicator of this library
 * they go under; the copy then runs as a job the caller watches. Codes this library holds already take new codes.
 */
export function CopyPointsModal({ libraryId, nodes, indicatorId, onCancel, onCopy }: {
  libraryId: string;
  nodes: IndicatorNode[];
  /** the indicator selected in the tree: the default target */
  indicatorId: string;
  onCancel(): void;
  onCopy(choice: PointCopyChoice): Promise<boolean>;
}) {
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [target, setTarget] = useState(indicatorId);
  const [busy, setBusy] = useState(false);
  const { data: libraries, loading: librariesLoading } = useRequest(() => getTargets({ mode: 'normal', pageNum: 1, pageSize: LIBRARY_PAGE }), 'copy-points-libraries');
  const { data: points, loading: pointsLoading } = useRequest(sourceId ? () => getDefinitions(sourceId, null) : null, `copy-points/${sourceId}`);
  const options = useMemo(() => toOptions(nodes), [nodes]);

  const submit = async () => {
    if (!sourceId || picked.length === 0 || !target) return;
    setBusy(true);
    // refused: stays open with the choice (the request layer said why)
    if (!(await onCopy({ sourceLibraryId: sourceId, pointIds: picked, indicatorId: target }))) setBusy(false);
  };

  return (
    <Modal
      open
      title="复制质控点"
      width={760}
      okText="复制"
      cancelText="取消"
      okButtonProps={{ disabled: !sourceId || picked.length === 0 || !target }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form layout="vertical" name="copy-points">
        <Form.Item label="来源目标标准" required>
          <Select
            aria-label="来源目标标准"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择来源目标标准"
            loading={librariesLoading}
            value={sourceId ?? undefined}
            onChange={(id: string) => {
              setSourceId(id);
              setPicked([]);
            }}
            options={(libraries?.records ?? []).map((l) => ({ value: l.id, label: l.id === libraryId ? `${l.name}（本库）` : `${l.name}（${l.cycleValue}）` }))}
          />
        </Form.Item>
        <Form.Item label={`选择质控点（已选${picked.length}个）`} required>
          <div data-testid="copy-point-table">
            <Table<PointDefinition>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={sourceId ? (points ?? []) : []}
              loading={pointsLoading}
              pagination={false}
              scroll={{ y: 260 }}
              rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }}
            />
          </div>
        </Form.Item>
        <Form.Item label="复制到指标" required>
          <TreeSelect
            aria-label="复制到指标"
            treeDefaultExpandAll
            value={target}
            onChange={(id: string) => setTarget(id)}
            treeData={options}
            placeholder="请选择指标"
          />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title="质控点连同数据源、计算规则和预警规则一起复制；编号在本库已存在时自动换用新编号。" />
    </Modal>
  );
}
