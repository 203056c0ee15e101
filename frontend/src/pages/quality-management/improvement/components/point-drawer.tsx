import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Empty, List, Spin, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { getQualityPoint, type Datasource, type QualityPointDetail, type QualityRow, type WarningFlow } from '../../../../api/diagnosis';
import { StageDownloadModal } from '../../../../components/attachments/stage-download-modal';
import { LazyChart } from '../../../../components/charts/lazy-chart';
import { FORM_DRAWER_WIDTH } from '../../../../components/form-drawer';
import { EMPTY_TEXT } from '../../../../utils/constants';
import { detailChartOption, detailColumns, warningTrendOption } from '../detail-data';
import { COLLECT_METHOD_NAMES, DISPLAY_MODE_NAMES, MISS_TEXT, VALUE_TYPE_NAMES, calRuleText, formatValue, missesTarget, nameOf } from '../quality-values';
import { EffectiveValue, GradeTag } from './value-cells';
import styles from '../improvement.module.css';

const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;

/** One data source's detail rows in its display mode (001 §2). */
function DetailView({ source, detail }: { source: Datasource | null; detail: unknown[] }) {
  const mode = source?.xsfs ?? 'table';
  if (mode === 'file') {
    return <List size="small" locale={{ emptyText: empty }} dataSource={detail} renderItem={(item) => <List.Item>{String((item as { fileName?: string })?.fileName ?? '')}</List.Item>} />;
  }
  const option = detailChartOption(mode, detail);
  if (option) return <LazyChart option={option} height={280} />;
  const keys = detailColumns(detail);
  return (
    <Table<Record<string, unknown>>
      size="small"
      rowKey={(_r, i) => String(i)}
      pagination={false}
      locale={{ emptyText: empty }}
      columns={keys.map((key) => ({ title: key, dataIndex: key, render: (v: unknown) => (v === null || v === undefined ? '' : String(v)) }))}
      dataSource={detail as Record<string, unknown>[]}
    />
  );
}

/** 填报 · 折线图 · 百分比 · its rule, for one data source. */
function sourceText(source: Datasource): string {
  return [nameOf(COLLECT_METHOD_NAMES, source.cjfs), nameOf(DISPLAY_MODE_NAMES, source.xsfs), nameOf(VALUE_TYPE_NAMES, source.sjlx ?? source.dataType), source.jsgz ?? source.calRule]
    .filter(Boolean)
    .join(' · ');
}

const WARNING_COLUMNS: TableColumnsType<WarningFlow> = [
  { title: '预警时间', dataIndex: 'yjsj', width: 150 },
  { title: '预警值', dataIndex: 'yjz', width: 90 },
  { title: '监测值', dataIndex: 'jgz', width: 90 },
  { title: '处理时间', dataIndex: 'clsj', width: 150 },
  { title: '原因分析', dataIndex: 'yyfx', ellipsis: true },
  { title: '改进措施', dataIndex: 'clcs', ellipsis: true },
  { title: '状态', key: 'state', width: 80, render: (_v, flow) => (flow.clsj ? <Tag color="success">已处理</Tag> : <Tag color="warning">未处理</Tag>) },
];

interface PointDrawerProps {
  open: boolean;
  taskId: string;
  /** the row clicked; its values show at once while the detail loads */
  row: QualityRow | null;
  onClose(): void;
  afterClose(): void;
}

/**
 * The point detail drawer (001 §2), 55% wide: the point's definition, its data sources, a download of its
 * attachments grouped by stage, and the tabs 明细数据, 预警历史 and 预警趋势.
 */
export function PointDrawer({ open, taskId, row, onClose, afterClose }: PointDrawerProps) {
  const [detail, setDetail] = useState<QualityPointDetail | null>(null);
  const [loading, setLoading] = useState(true);
  const [downloads, setDownloads] = useState(false);
  const pointId = row?.id;

  useEffect(() => {
    if (!open || !pointId) return;
    let live = true;
    getQualityPoint(taskId, pointId).then(
      (loaded) => {
        if (!live) return;
        setDetail(loaded);
        setLoading(false);
      },
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [open, taskId, pointId]);

  const point: QualityRow | QualityPointDetail | null = detail ?? row;
  const sources = point?.datasourceVos ?? [];

  return (
    <Drawer
      title={
        <span className={styles.nameCell}>
          {point?.zkdmc ?? '质控点详情'}
          {point && missesTarget(point) && <Tag color="error">{MISS_TEXT}</Tag>}
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
      <Spin spinning={loading}>
        {point && (
          <>
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
                <GradeTag grade={point.jgdj} />
              </Descriptions.Item>
              <Descriptions.Item label="上期结果">{formatValue(point.zlx, point.sljsz)}</Descriptions.Item>
              <Descriptions.Item label="上期等级">
                <GradeTag grade={point.sldj} />
              </Descriptions.Item>
              <Descriptions.Item label="计算规则" span={2}>
                {calRuleText(point.calRule)}
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
            </Descriptions>

            <Tabs
              className={styles.detailTabs}
              items={[
                {
                  key: 'detail',
                  label: '明细数据',
                  children: (sources.length ? sources : [null]).map((source, i) => (
                    <div key={i} className={styles.detailBlock}>
                      {source && sources.length > 1 && (
                        <div className={styles.detailCaption}>
                          {nameOf(COLLECT_METHOD_NAMES, source.cjfs)} · {nameOf(DISPLAY_MODE_NAMES, source.xsfs)}
                        </div>
                      )}
                      <DetailView source={source} detail={detail?.detailValue ?? []} />
                    </div>
                  )),
                },
                {
                  key: 'warnings',
                  label: '预警历史',
                  children: (
                    <Table<WarningFlow>
                      size="small"
                      rowKey="id"
                      pagination={false}
                      locale={{ emptyText: empty }}
                      columns={WARNING_COLUMNS}
                      dataSource={detail?.warningFlowVos ?? []}
                    />
                  ),
                },
                { key: 'trend', label: '预警趋势', children: <LazyChart option={warningTrendOption(detail?.warningFlowVos)} height={300} /> },
              ]}
            />
          </>
        )}
      </Spin>
      {point && (
        <StageDownloadModal
          open={downloads}
          onClose={() => setDownloads(false)}
          owner={{ zgzkdid: point.id, objTaskId: taskId }}
          pointName={point.zkdmc}
        />
      )}
    </Drawer>
  );
}
