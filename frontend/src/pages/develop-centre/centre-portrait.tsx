import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Result, Select, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CENTRE_MESSAGES, CENTRES, getCentrePortrait, type CentreLevel, type CentrePortrait, type PortraitMeasure } from '../../api/development-centres';
import { useAuth } from '../../auth/auth-context';
import { LazyChart } from '../../components/charts/lazy-chart';
import { useRequest } from '../../hooks/use-request';
import { EMPTY_TEXT } from '../../utils/constants';
import { formatPercent } from '../../utils/formatters';
import { PAGINATION_DEFAULTS } from '../../utils/pagination';
import { centreColumns, columnsWidth, orDash } from './centre-columns';
import { defaultPointCodes, EFFECT_COLORS, gradeText, objectLink, pointOption, scoreOption } from './centre-data';
import styles from './centre.module.css';

type Cycle = CentrePortrait['cycles'][number];
type Warning = CentrePortrait['warnings'][number];
type Report = CentrePortrait['reports'][number];

const empty = (text: string) => ({ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} /> });
const SMALL_PAGE = { ...PAGINATION_DEFAULTS, pageSize: 10, hideOnSinglePage: true };

const CYCLE_COLUMNS: TableColumnsType<Cycle> = [
  { title: '周期', dataIndex: 'cycle', width: 100 },
  { title: '诊断任务', dataIndex: 'rwmc', width: 220, ellipsis: true },
  { title: '审核状态', dataIndex: 'auditStateName', width: 100 },
  { title: '得分', dataIndex: 'score', width: 80, align: 'right', render: (v: number | null) => orDash(v, formatPercent) },
  { title: '等级分布', key: 'grades', width: 180, render: (_v, c) => gradeText(c.grades) },
  { title: '未达标', dataIndex: 'unmet', width: 80, align: 'right' },
];

const WARNING_COLUMNS: TableColumnsType<Warning> = [
  { title: '周期', dataIndex: 'cycle', width: 90, render: (v: string | null) => v ?? '-' },
  { title: '质控点', dataIndex: 'pointName', width: 160, ellipsis: true },
  { title: '预警内容', dataIndex: 'content', width: 260, ellipsis: true },
  { title: '处理情况', dataIndex: 'stateName', width: 110, render: (v: string, w) => <Tag color={w.handled ? 'success' : 'warning'}>{v}</Tag> },
  { title: '预警时间', dataIndex: 'time', width: 170 },
];

const REPORT_COLUMNS: TableColumnsType<Report> = [
  { title: '报告名称', dataIndex: 'reportName', width: 260, ellipsis: true },
  { title: '周期', dataIndex: 'cycle', width: 100 },
  { title: '状态', dataIndex: 'stateName', width: 110 },
];

const MEASURE_COLUMNS: TableColumnsType<PortraitMeasure> = [
  { title: '周期', key: 'cycle', width: 120, render: (_v, m) => (m.nextCycle ? `${m.cycle} → ${m.nextCycle}` : m.cycle) },
  { title: '质控点', key: 'point', width: 170, ellipsis: true, render: (_v, m) => `${m.code} ${m.name}` },
  { title: '原因分析', dataIndex: 'analysis', width: 220, ellipsis: true, render: (v: string | null) => v ?? '-' },
  { title: '改进措施', dataIndex: 'measure', width: 220, ellipsis: true },
  { title: '本周期值', dataIndex: 'value', width: 90, align: 'right', render: (v: number | null) => orDash(v) },
  { title: '下周期值', dataIndex: 'nextValue', width: 90, align: 'right', render: (v: number | null) => orDash(v) },
  { title: '目标值', dataIndex: 'target', width: 90, align: 'right', render: (v: number | null) => orDash(v) },
  {
    title: '改进成效',
    dataIndex: 'effect',
    width: 100,
    fixed: 'right',
    render: (_v, m) => (
      <Tag color={EFFECT_COLORS[m.effect]} data-testid="measure-effect">
        {m.effectName}
      </Tag>
    ),
  },
];

/** The trend charts of the points the person picks: one chart a point, its value against its target (two series). */
function PointCharts({ points }: { points: CentrePortrait['points'] }) {
  const [picked, setPicked] = useState<string[] | null>(null);
  const shown = picked ?? defaultPointCodes(points);
  const charts = points.filter((p) => shown.includes(p.code));
  if (!points.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;
  return (
    <>
      <Select
        aria-label="显示的质控点"
        mode="multiple"
        className={styles.pointPicker}
        value={shown}
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={EMPTY_TEXT}
        options={points.map((p) => ({ value: p.code, label: `${p.code} ${p.name}` }))}
        onChange={(codes: string[]) => setPicked(codes)}
      />
      <div className={styles.charts}>
        {charts.map((p) => (
          <div key={p.code} className={styles.chartBox} data-testid="point-chart">
            <div className={styles.chartTitle} title={`${p.code} ${p.name}`}>
              {p.code} {p.name}
              {p.unit ? `（${p.unit}）` : ''}
            </div>
            <LazyChart option={pointOption(p)} height={220} />
          </div>
        ))}
      </div>
    </>
  );
}

/** An object's portrait (专业画像 …, issue 33): who it is, its cycles, points, lower objects, warnings, reports and measures. */
export function CentrePortraitView({ level, path, objectId }: { level: CentreLevel; path: string; objectId: string }) {
  const { user } = useAuth();
  const menus = user?.menus;
  const portrait = useRequest(() => getCentrePortrait(objectId), `portrait-${objectId}`, { keepPrevious: false });
  const p = portrait.data;
  const score = useMemo(() => (p ? scoreOption(p.cycles) : null), [p]);
  const back = (
    <Link to={`${path}?list=1`}>
      <Button type="link" icon={<ArrowLeftOutlined />}>
        {CENTRES[level].name}
      </Button>
    </Link>
  );

  if (!p) {
    if (portrait.failed) return <Result status="404" title={CENTRE_MESSAGES.notFound} extra={back} />;
    return <Spin spinning className={styles.loading} />;
  }

  const upperLink = objectLink(menus, p.upperId ? 'major' : null, p.upperId);
  const lowerColumns = p.lowerLevel ? centreColumns({ level: p.lowerLevel, linkOf: (row) => objectLink(menus, p.lowerLevel, row.objectId) }) : [];

  return (
    <div className={styles.portrait} data-testid="centre-portrait">
      <Card
        title={
          <span data-testid="portrait-title">
            {p.portraitName}：{p.name}
            {p.retired && <Tag className={styles.retired}>已停用</Tag>}
          </span>
        }
        extra={back}
        className={styles.card}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="代码">{p.code}</Descriptions.Item>
          <Descriptions.Item label="所属部门">{p.departmentName ?? '-'}</Descriptions.Item>
          {p.upperName && (
            <Descriptions.Item label="所属专业">
              {upperLink ? (
                <Link to={upperLink} data-testid="portrait-upper">
                  {p.upperName}
                </Link>
              ) : (
                p.upperName
              )}
            </Descriptions.Item>
          )}
          {/* a teacher or student is their own responsible person */}
          {(p.level === 'major' || p.level === 'course') && <Descriptions.Item label="负责人">{p.responsibleName ?? '-'}</Descriptions.Item>}
          <Descriptions.Item label="最新得分">{orDash(p.cycles.at(-1)?.score ?? null, formatPercent)}</Descriptions.Item>
          <Descriptions.Item label="改进有效率">
            <span data-testid="portrait-rate">{orDash(p.improvementRate, formatPercent)}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="得分与等级" className={styles.card}>
        {p.cycles.length ? (
          <>
            <LazyChart option={score} height={260} />
            <Table<Cycle> rowKey="taskId" size="small" columns={CYCLE_COLUMNS} dataSource={p.cycles} pagination={false} scroll={{ x: 760 }} className={styles.section} />
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无诊断任务" />
        )}
      </Card>

      <Card title="质控点趋势" className={styles.card}>
        <PointCharts points={p.points} />
      </Card>

      {p.lowerLevel && (
        <Card title={`下属${CENTRES[p.lowerLevel].objectName}`} className={styles.card}>
          <Table
            rowKey="objectId"
            size="small"
            data-testid="portrait-lowers"
            columns={lowerColumns}
            dataSource={p.lowers}
            scroll={{ x: columnsWidth(lowerColumns) }}
            locale={empty(`暂无${CENTRES[p.lowerLevel].objectName}`)}
            pagination={SMALL_PAGE}
          />
        </Card>
      )}

      <Card title="预警及处理" className={styles.card}>
        <Table<Warning> rowKey="id" size="small" columns={WARNING_COLUMNS} dataSource={p.warnings} scroll={{ x: 790 }} locale={empty('暂无预警')} pagination={SMALL_PAGE} />
      </Card>

      <Card title="质量报告" className={styles.card}>
        <Table<Report> rowKey="id" size="small" columns={REPORT_COLUMNS} dataSource={p.reports} scroll={{ x: 470 }} locale={empty('暂无报告')} pagination={SMALL_PAGE} />
      </Card>

      <Card
        title="原因分析与改进措施"
        extra={<span className={styles.rate}>改进有效率 {orDash(p.improvementRate, formatPercent)}</span>}
        className={styles.card}
      >
        <Table<PortraitMeasure>
          rowKey={(m) => `${m.cycle}-${m.code}`}
          size="small"
          data-testid="portrait-measures"
          columns={MEASURE_COLUMNS}
          dataSource={p.measures}
          scroll={{ x: 1100 }}
          locale={empty('暂无改进措施')}
          pagination={SMALL_PAGE}
        />
      </Card>
    </div>
  );
}
