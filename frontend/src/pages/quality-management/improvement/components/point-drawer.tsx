import { DownloadOutlined } from '@ant-design/icons';
import { PAGINATION_DEFAULTS } from '../../../../utils/pagination';
import { Button, Descriptions, Drawer, Empty, List, Space, Spin, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { getQualityPoint, type Datasource, type QualityPointDetail, type QualityRow } from '../../../../api/diagnosis';
import type { WarningRecord } from '../../../../api/warnings';
import { StageDownloadModal } from '../../../../components/attachments/stage-download-modal';
import { LazyChart } from '../../../../components/charts/lazy-chart';
import { FORM_DRAWER_WIDTH } from '../../../../components/form-drawer';
import { useRequest } from '../../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { detailBlocks, detailChartOption, detailColumns, warningTrendOption, type DetailBlock } from '../detail-data';
import { usePointWarnings } from '../hooks';
import { COLLECT_METHOD_NAMES, DISPLAY_MODE_NAMES, VALUE_TYPE_NAMES, calRuleText, formatValue, gradeReading, nameOf, missReading } from '../quality-values';
import { WARNING_MODE_NAMES, WARNING_PERIOD_NAMES, isHandled, warningLimit, warningValue } from '../warning-values';
import { DisposeDetailModal, DisposeModal } from './dispose-modals';
import { EffectiveValue, GradeTag, MissTag } from './value-cells';
import styles from '../improvement.module.css';

const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;

/** The drawer's tabs; ?tab=warnings opens 预警历史. */
export type DrawerTab = 'detail' | 'warnings' | 'trend';
export const isDrawerTab = (value: string | null | undefined): value is DrawerTab => value === 'detail' || value === 'warnings' || value === 'trend';

/** One data source's detail rows in its display mode (001 §2). */
function DetailView({ block }: { block: DetailBlock }) {
  const { xsfs: mode, rows } = block;
  if (mode === 'file') {
    return (
      <List
        size="small"
        bordered
        locale={{ emptyText: empty }}
        dataSource={rows}
        renderItem={(item) => <List.Item>{String(item.fileName ?? item.name ?? item.mc ?? '')}</List.Item>}
      />
    );
  }
  const option = detailChartOption(mode, rows);
  if (option) return <LazyChart option={option} height={280} />;
  const keys = detailColumns(rows);
  return (
    <Table<Record<string, unknown>>
      size="small"
      rowKey={(_r, i) => String(i)}
      pagination={false}
      scroll={{ x: 'max-content', y: 360 }}
      locale={{ emptyText: empty }}
      columns={keys.map((key) => ({ title: key, dataIndex: key, render: (v: unknown) => (v === null || v === undefined ? '' : String(v)) }))}
      dataSource={rows}
    />
  );
}

/** 填报 · 折线图 · 百分比 · its rule, for one data source. */
function sourceText(source: Datasource): string {
  return [nameOf(COLLECT_METHOD_NAMES, source.cjfs), nameOf(DISPLAY_MODE_NAMES, source.xsfs), nameOf(VALUE_TYPE_NAMES, source.sjlx ?? source.dataType), source.jsgz ?? source.calRule]
    .filter(Boolean)
    .join(' · ');
}

/** The point's rule in words: 数值比较 < 85.00% · 每月. */
function ruleText(point: QualityPointDetail | null, zlx: string | undefined): string {
  const rule = point?.warningVo as { yjlx?: string | null; tj?: string | null; yjz?: string | null; yjzq?: string | null } | null | undefined;
  if (!rule?.yjlx || !rule.yjz) return '未设置';
  return [
    nameOf(WARNING_MODE_NAMES, rule.yjlx),
    warningLimit({ tj: rule.tj ?? '', yjz: rule.yjz, zlx: zlx ?? '', yjlx: rule.yjlx }),
    nameOf(WARNING_PERIOD_NAMES, rule.yjzq),
  ]
    .filter(Boolean)
    .join(' · ');
}

interface PointDrawerProps {
  open: boolean;
  taskId: string;
  pointId: string;
  /** the title while the detail loads */
  pointName: string;
  /** the row clicked in the table; its values show at once while the detail loads */
  row?: QualityRow | null;
  initialTab?: DrawerTab;
  /** the person may handle the point's open warnings (the task is editable for them) */
  canHandle: boolean;
  onClose(): void;
  afterClose(): void;
  /** a warning was handled here: counts shown elsewhere are stale */
  onDisposed?(): void;
}

/**
 * The point detail drawer (001 §2), 55% wide: the point's definition, its data sources and warning rule, a
 * download of its attachments grouped by stage, and the tabs 明细数据 (the latest sample's rows per data source),
 * 预警历史 (with 查看 and, for people who may edit the task, 处理) and 预警趋势.
 */
export function PointDrawer({ open, taskId, pointId, pointName, row, initialTab = 'detail', canHandle, onClose, afterClose, onDisposed }: PointDrawerProps) {
  const [downloads, setDownloads] = useState(false);
  const [tab, setTab] = useState<DrawerTab>(initialTab);
  const [viewing, setViewing] = useState<WarningRecord | null>(null);
  const [handling, setHandling] = useState<WarningRecord | null>(null);
  const warnings = usePointWarnings(taskId, pointId, open);
  // selectbyid takes the row's zkdid (the point's code); a linked point whose row is not there yet asks by its id
  const zkdid = row?.zkdid ?? pointId;
  const { data: detail, loading } = useRequest(open ? () => getQualityPoint(taskId, zkdid) : null, `${taskId}/${zkdid}`);

  const point: QualityRow | QualityPointDetail | null = detail ?? row ?? null;
  const sources = useMemo(() => point?.datasourceVos ?? [], [point]);
  const blocks = useMemo(() => detailBlocks(detail?.detailValue, sources), [detail, sources]);
  const trendOption = useMemo(() => warningTrendOption(warnings.trend), [warnings.trend]);
  const history = warnings.history ?? [];

  const columns: TableColumnsType<WarningRecord> = [
    { title: '预警时间', dataIndex: 'yjsj', width: 165 },
    { title: '预警值', key: 'yjz', width: 110, render: (_v, r) => warningLimit(r) },
    { title: '监测值', key: 'jgz', width: 100, render: (_v, r) => warningValue(r.zlx, r.jgz) },
    { title: '处理时间', dataIndex: 'clsj', width: 165, render: (v: string | null) => v ?? '' },
    { title: '状态', key: 'state', width: 80, render: (_v, r) => (isHandled(r) ? <Tag color="success">已处理</Tag> : <Tag color="warning">未处理</Tag>) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_v, r) => (
        <Space size={0}>
          {isHandled(r) && (
            <Button type="link" size="small" onClick={() => setViewing(r)}>
              查看
            </Button>
          )}
          {!isHandled(r) && canHandle && (
            <Button type="link" size="small" onClick={() => setHandling(r)}>
              处理
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      title={
        <span className={styles.nameCell}>
          {point?.zkdmc ?? pointName}
          {point && <MissTag reading={missReading(point)} />}
        </span>
      }
      open={open}
      size={FORM_DRAWER_WIDTH}
      onClose={onClose}
      afterOpenChange={(opened) => !opened && afterClose()}
      destroyOnHidden
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => setDownloads(true)} disabled={!point}>
          附件下载
        </Button>
      }
    >
      <Spin spinning={loading && !point}>
        {point && (
          <Descriptions bordered size="small" column={2} className={styles.pointDescriptions} styles={{ label: { width: 110 } }}>
            <Descriptions.Item label="质控点编号">{point.zkdid}</Descriptions.Item>
            <Descriptions.Item label="数据类型">{nameOf(VALUE_TYPE_NAMES, point.zlx)}</Descriptions.Item>
            <Descriptions.Item label="任务名称">{detail?.rwmc ?? ''}</Descriptions.Item>
            <Descriptions.Item label="诊断对象">{detail?.gzdxmc ?? ''}</Descriptions.Item>
            <Descriptions.Item label="所属指标" span={2}>
              {(point.indicatorPath ?? []).join(' / ')}
            </Descriptions.Item>
            <Descriptions.Item label="内涵" span={2}>
              <Typography.Paragraph className={styles.paragraph}>{point.nh ?? ''}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="诊断标准" span={2}>
              <Typography.Paragraph className={styles.paragraph}>{point.zdbz ?? ''}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="标准值">{formatValue(point.zlx, point.bzz)}</Descriptions.Item>
            <Descriptions.Item label="目标值">
              <EffectiveValue type={point.zlx} original={point.mbz} revised={point.xzmbz} originalLabel="原目标值" />
            </Descriptions.Item>
            <Descriptions.Item label="本期结果">
              <EffectiveValue type={point.zlx} original={point.jgz} revised={point.xzjgz} originalLabel="原结果值" />
            </Descriptions.Item>
            <Descriptions.Item label="本期等级">
              <GradeTag grade={point.jgdj} reading={gradeReading(point)} />
            </Descriptions.Item>
            <Descriptions.Item label="上期结果">{formatValue(point.zlx, point.sljsz)}</Descriptions.Item>
            <Descriptions.Item label="上期等级">
              <GradeTag grade={point.sldj} />
            </Descriptions.Item>
            <Descriptions.Item label="计算规则" span={2}>
              {calRuleText(point.calRule)}
            </Descriptions.Item>
            <Descriptions.Item label="预警规则" span={2}>
              {detail ? ruleText(detail, point.zlx) : ''}
            </Descriptions.Item>
            <Descriptions.Item label="数据源" span={2}>
              {sources.length ? (
                <ul className={styles.sourceList}>
                  {sources.map((s, i) => (
                    <li key={i}>{sourceText(s)}</li>
                  ))}
                </ul>
              ) : (
                '无'
              )}
            </Descriptions.Item>
            {/* sharePos (001 §3): the people the task is shared with through 权限设置 */}
            <Descriptions.Item label="共享人" span={2}>
              <span data-testid="point-sharers">{sharersText(detail?.sharePos)}</span>
            </Descriptions.Item>
          </Descriptions>
        )}

        <Tabs
          className={styles.detailTabs}
          activeKey={tab}
          onChange={(key) => setTab(key as DrawerTab)}
          items={[
            {
              key: 'detail',
              label: '明细数据',
              children: (
                <Spin spinning={loading}>
                  {blocks.length
                    ? blocks.map((block, i) => (
                        <div key={i} className={styles.detailBlock}>
                          {blocks.length > 1 && (
                            <div className={styles.detailCaption}>
                              {[nameOf(COLLECT_METHOD_NAMES, block.cjfs), nameOf(DISPLAY_MODE_NAMES, block.xsfs)].filter(Boolean).join(' · ')}
                            </div>
                          )}
                          <DetailView block={block} />
                        </div>
                      ))
                    : empty}
                </Spin>
              ),
            },
            {
              key: 'warnings',
              label: '预警历史',
              children: (
                <div data-testid="warning-history">
                  <Table<WarningRecord>
                    size="small"
                    rowKey="id"
                    loading={warnings.loading}
                    pagination={history.length > 10 ? { ...PAGINATION_DEFAULTS, pageSize: 10 } : false}
                    locale={{ emptyText: empty }}
                    columns={columns}
                    dataSource={history}
                  />
                </div>
              ),
            },
            {
              key: 'trend',
              label: '预警趋势',
              children: (
                <Spin spinning={warnings.loading}>
                  <div data-testid="warning-trend">
                    <LazyChart option={trendOption} height={320} empty={!warnings.loading && history.length === 0} />
                  </div>
                </Spin>
              ),
            },
          ]}
        />
      </Spin>
      {point && (
        <StageDownloadModal open={downloads} onClose={() => setDownloads(false)} owner={{ zgzkdid: point.id, objTaskId: taskId }} pointName={point.zkdmc} />
      )}
      {viewing && <DisposeDetailModal open record={viewing} onClose={() => setViewing(null)} />}
      {handling && (
        <DisposeModal
          open
          warningId={handling.id}
          pointName={point?.zkdmc ?? pointName}
          onClose={() => setHandling(null)}
          onDone={() => {
            setHandling(null);
            warnings.reload();
            onDisposed?.();
          }}
          onStale={() => {
            setHandling(null);
            warnings.reload();
          }}
        />
      )}
    </Drawer>
  );
}

/** The sharers' names (gxrmc), 、-separated; 无 when the task is shared with nobody. */
export function sharersText(shares: ReadonlyArray<{ gxrmc?: string | null }> | undefined): string {
  const names = (shares ?? []).map((s) => s.gxrmc).filter((n): n is string => !!n);
  return names.length ? names.join('、') : '无';
}
