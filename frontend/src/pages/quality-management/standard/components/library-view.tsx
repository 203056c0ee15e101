import { ArrowLeftOutlined, CopyOutlined, DownloadOutlined, ExportOutlined, ImportOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Result, Space, Table, Tag, Tooltip, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../../api/request';
import { copyPoints, deleteDefinition, downloadTemplate, exportPoints, importPoints, type ImportProblem, type PointDefinition } from '../../../../api/standard';
import { saveBlob } from '../../../../utils/download';
import { UNKNOWN } from '../../../../utils/formatters';
import { COLLECT_METHOD_NAMES, DISPLAY_MODE_NAMES, VALUE_TYPE_NAMES, formatValue, nameOf } from '../../improvement/quality-values';
import { useCatalog, useDefinitions, useJobRunner, useLibrary } from '../hooks';
import { findIndicator, targetLevelName } from '../library-values';
import { CopyPointsModal } from './copy-points-modal';
import { GrantModal } from './grant-modal';
import { JobProgress } from './job-progress';
import { IndicatorPanel } from './indicator-panel';
import { PointFormDrawer } from './point-form-drawer';
import styles from '../standard.module.css';
import { ImportProblemsModal } from '../../../../components/import-problems-modal';

interface Opened<T> {
  key: number;
  open: boolean;
  value: T;
}

const names = (list: string[]) => [...new Set(list.filter(Boolean))].join('、');

/** A library: its indicator tree on the left, the selected indicator's points on the right (001 §2). */
export function LibraryView({ libraryId, onBack }: { libraryId: string; onBack(): void }) {
  const { modal, message } = App.useApp();
  const { library, loading, failed } = useLibrary(libraryId);
  const { catalog, loading: treeLoading, reload: reloadTree } = useCatalog(libraryId);
  const [picked, setPicked] = useState<string | null>(null);
  const nodes = catalog?.nodes ?? [];
  // the picked indicator while it exists, else the first one
  const selected = findIndicator(nodes, picked) ?? nodes[0] ?? null;
  const { points, loading: pointsLoading, reload: reloadPoints } = useDefinitions(libraryId, selected?.id ?? null);
  const [drawer, setDrawer] = useState<Opened<PointDefinition | null> | null>(null);
  const [grantsOpen, setGrantsOpen] = useState(false);
  const [problems, setProblems] = useState<ImportProblem[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState<'template' | 'export' | null>(null);
  const [copyingPoints, setCopyingPoints] = useState(false);
  const runner = useJobRunner();

  const back = (
    <Tooltip title="返回目标标准列表">
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回目标标准列表" onClick={onBack} />
    </Tooltip>
  );

  if (!library) {
    return (
      <Card loading={loading} title={<Space size={8}>{back}目标标准</Space>}>
        {failed && <Result status="warning" title="无法打开该目标标准" extra={<Button onClick={onBack}>返回列表</Button>} />}
      </Card>
    );
  }
  const writable = library.rights.write;

  const changed = () => {
    reloadTree();
    reloadPoints();
  };

  const download = async (kind: 'template' | 'export') => {
    setDownloading(kind);
    try {
      const file = kind === 'template' ? await downloadTemplate(libraryId) : await exportPoints(libraryId);
      saveBlob(file.blob, file.fileName ?? (kind === 'template' ? '质控点导入模板.xlsx' : `${library.name}质控点.xlsx`));
    } catch {
      // shown by the request layer
    } finally {
      setDownloading(null);
    }
  };

  const upload = async (file: File) => {
    setImporting(true);
    try {
      const result = await importPoints(libraryId, file, { silent: true });
      message.success(`导入成功！共${result.indicators}个指标、${result.points}个质控点`);
      changed();
    } catch (error) {
      const rows = error instanceof ApiError && Array.isArray(error.data) ? (error.data as ImportProblem[]) : null;
      if (rows?.length) setProblems(rows);
      else message.error(error instanceof Error ? error.message : '导入失败');
    } finally {
      setImporting(false);
    }
  };

  const confirmDelete = (point: PointDefinition) =>
    modal.confirm({
      title: '删除质控点',
      content: `确定删除质控点“${point.zkdmc}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteDefinition(point.id, { successMessage: '删除成功' });
        } catch {
          return;
        }
        changed();
      },
    });

  const columns: TableColumnsType<PointDefinition> = [
    { title: '编号', dataIndex: 'zkdid', width: 80, ellipsis: true },
    { title: '名称', dataIndex: 'zkdmc', minWidth: 140, ellipsis: { showTitle: true }, render: (name: string) => <span data-testid="point-name">{name}</span> },
    { title: '值类型', dataIndex: 'zlx', width: 64, render: (zlx: string) => nameOf(VALUE_TYPE_NAMES, zlx) },
    { title: '标准值', dataIndex: 'bzz', width: 80, render: (v: string | null, p) => formatValue(p.zlx, v) },
    { title: '目标值', dataIndex: 'mbz', width: 80, render: (v: string | null, p) => formatValue(p.zlx, v) },
    { title: '采集方式', key: 'cjfs', width: 76, render: (_v, p) => names(p.datasources.map((d) => nameOf(COLLECT_METHOD_NAMES, d.cjfs))) },
    { title: '展示方式', key: 'xsfs', width: 76, render: (_v, p) => names(p.datasources.map((d) => nameOf(DISPLAY_MODE_NAMES, d.xsfs))) },
  ];
  if (writable) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 96,
      fixed: 'right',
      render: (_v, point) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDrawer((c) => ({ key: (c?.key ?? 0) + 1, open: true, value: point }))}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(point)}>
            删除
          </Button>
        </Space>
      ),
    });
  }

  return (
    <Card
      title={
        <Space size={8}>
          {back}
          <span data-testid="library-name">{library.name}</span>
          {!writable && <Tag>只读</Tag>}
        </Space>
      }
      extra={
        <div className={styles.toolbar}>
          {writable && (
            <Button icon={<DownloadOutlined />} loading={downloading === 'template'} onClick={() => void download('template')}>
              下载模板
            </Button>
          )}
          <Button icon={<ExportOutlined />} loading={downloading === 'export'} onClick={() => void download('export')}>
            导出
          </Button>
          {writable && (
            <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
              <Button icon={<ImportOutlined />} loading={importing}>
                导入
              </Button>
            </Upload>
          )}
          {writable && (
            <Button icon={<SafetyOutlined />} onClick={() => setGrantsOpen(true)}>
              权限
            </Button>
          )}
        </div>
      }
    >
      <Descriptions size="small" column={5} className={styles.libraryFacts}>
        <Descriptions.Item label="层面">{targetLevelName(library.targetLevelId)}</Descriptions.Item>
        <Descriptions.Item label="周期">{library.cycleValue}</Descriptions.Item>
        <Descriptions.Item label="维度">{library.dimensionName || '—'}</Descriptions.Item>
        <Descriptions.Item label="创建人">{library.creatorName || UNKNOWN}</Descriptions.Item>
        <Descriptions.Item label="指标层级">{catalog?.treeLevel ?? library.treeLevel}级</Descriptions.Item>
      </Descriptions>
      <div className={styles.split}>
        <IndicatorPanel
          libraryId={libraryId}
          catalog={catalog}
          loading={treeLoading}
          writable={writable}
          selectedId={selected?.id ?? null}
          onSelect={setPicked}
          onChanged={(id) => {
            if (id !== undefined) setPicked(id);
            changed();
          }}
        />
        <Card
          size="small"
          className={styles.pointPanel}
          title={selected ? `${selected.levelTitle}：${selected.name}` : '质控点'}
          extra={
            writable &&
            selected && (
              <Space size={8}>
                <Button size="small" icon={<CopyOutlined />} onClick={() => setCopyingPoints(true)}>
                  复制质控点
                </Button>
                <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setDrawer((c) => ({ key: (c?.key ?? 0) + 1, open: true, value: null }))}>
                  新增质控点
                </Button>
              </Space>
            )
          }
        >
          <div data-testid="point-table">
          <Table<PointDefinition>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={points}
            loading={pointsLoading}
            pagination={false}
           
            scroll={{ x: writable ? 690 : 600, y: 'calc(100vh - 400px)' }}
          />
          </div>
        </Card>
      </div>
      {drawer && selected && (
        <PointFormDrawer
          key={drawer.key}
          open={drawer.open}
          libraryId={libraryId}
          indicatorId={selected.id}
          indicatorName={selected.name}
          point={drawer.value}
          onClose={() => setDrawer((c) => c && { ...c, open: false })}
          afterClose={() => setDrawer((c) => (c && !c.open ? null : c))}
          onSaved={() => {
            setDrawer((c) => c && { ...c, open: false });
            changed();
          }}
        />
      )}
      {copyingPoints && selected && (
        <CopyPointsModal
          libraryId={libraryId}
          nodes={nodes}
          indicatorId={selected.id}
          onCancel={() => setCopyingPoints(false)}
          onCopy={async (choice) => {
            const started = await runner.run('复制质控点', () => copyPoints(choice), () => {
              setPicked(choice.indicatorId);
              changed();
            });
            if (started) setCopyingPoints(false);
            return started;
          }}
        />
      )}
      <JobProgress runner={runner} />
      {grantsOpen && <GrantModal libraryId={libraryId} libraryName={library.name} onClose={() => setGrantsOpen(false)} />}
      <ImportProblemsModal problems={problems} onClose={() => setProblems(null)} />
    </Card>
  );
}
