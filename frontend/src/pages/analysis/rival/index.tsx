import { CheckCircleFilled } from '@ant-design/icons';
import { SCHOOL_ANALYSIS_MESSAGES, type AnalysisQuery, type DoubleSchool, type RivalTable } from '@zhengai/contracts';
import { Alert, Button, Card, Empty, Select, Space, Spin, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { avgAnalysis, doubleSchool, rankAnalysis, rivalTable, trendAnalysis } from '../../../api/school-analysis';
import { IndicatorSelect, RankRange, SchoolTags, YearRange, formatIndicator, rankRangeValid, useAnalysisFilters } from '../../../components/analysis-filters';
import { useSchoolSelection } from '../../../components/analysis-filters/use-school-selection';
import { LazyChart } from '../../../components/charts/lazy-chart';
import layout from '../../../components/page-layout.module.css';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';
import { MAX_SERIES, avgOption, defaultLines, doubleOption, rankOption, trendOption } from './rival-charts';

/** Tab keys and the view type each resets by (000 §4: types 2–6; 6, the rank view, also clears the rank range). */
const TABS = [
  { key: 'trend', label: '趋势分析', viewType: 2 },
  { key: 'rank', label: '排名分析', viewType: 6 },
  { key: 'avg', label: '均值分析', viewType: 3 },
  { key: 'double', label: '两校对比', viewType: 4 },
  { key: 'overview', label: '对比总览', viewType: 5 },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Which lines a chart draws: ≤ 5 of the schools, chosen by the person. */
function LinePicker({ schools, value, onChange }: { schools: { schoolCode: string; schoolName: string }[]; value: string[]; onChange(v: string[]): void }) {
  if (schools.length <= MAX_SERIES) return null;
  return (
    <Space wrap>
      <span>
        共{schools.length}所学校，图中最多显示{MAX_SERIES}所：
      </span>
      <Select
        mode="multiple"
        aria-label="图中学校"
        style={{ minWidth: 420 }}
        value={value}
        maxCount={MAX_SERIES}
        onChange={(v: string[]) => onChange(v.length ? v : value)}
        options={schools.map((s) => ({ value: s.schoolCode, label: s.schoolName }))}
      />
    </Space>
  );
}

/** 竞争对手分析 (000 §4, §5, §9): trend, rank, average, two schools and the overview of the selected schools. */
export default function RivalAnalysis() {
  const selection = useSchoolSelection();
  const { options, schools } = selection;
  const filters = useAnalysisFilters();
  const { state, dispatch } = filters;
  const [tab, setTab] = useState<TabKey>('trend');
  const [lines, setLines] = useState<string[] | null>(null);
  const [pair, setPair] = useState<[string, string] | null>(null);
  const [overviewYear, setOverviewYear] = useState<number | null>(null);

  const indicators = useMemo(() => options?.indicators ?? [], [options]);
  const indicator = state.indicator ?? indicators[0]?.code ?? null;
  const meta = indicators.find((i) => i.code === indicator);
  const codes = schools.map((s) => s.schoolCode);
  const enough = codes.length >= (options?.selection.min ?? 2);
  const rankOk = rankRangeValid(state.rankStart, state.rankEnd);

  const query: AnalysisQuery | null =
    indicator && enough
      ? {
          indicator,
          schoolCodes: codes,
          startYear: state.startYear ?? undefined,
          endYear: state.endYear ?? undefined,
          ...(tab === 'rank' && rankOk && state.rankStart !== null && state.rankEnd !== null ? { rankStart: state.rankStart, rankEnd: state.rankEnd } : {}),
        }
      : null;
  const key = JSON.stringify(query);
  const trend = useRequest(query && tab === 'trend' ? () => trendAnalysis(query) : null, `trend${key}`);
  const rank = useRequest(query && tab === 'rank' ? () => rankAnalysis(query) : null, `rank${key}`);
  const avg = useRequest(query && tab === 'avg' ? () => avgAnalysis(query) : null, `avg${key}`);

  const chosenPair: [string, string] | null = pair && codes.includes(pair[0]) && codes.includes(pair[1]) && pair[0] !== pair[1] ? pair : codes.length >= 2 ? [codes[0], codes[1]] : null;
  const year = overviewYear ?? options?.years[options.years.length - 1] ?? null;
  const double = useRequest(chosenPair && tab === 'double' ? () => doubleSchool(chosenPair, year ?? undefined) : null, `double${chosenPair?.join()}|${year}`);
  const overview = useRequest(enough && tab === 'overview' ? () => rivalTable({ schoolCodes: codes, year: year ?? undefined }) : null, `overview${codes.join()}|${year}`);

  const lineCodes = (lines ?? []).filter((c) => codes.includes(c));
  const drawn = lineCodes.length ? lineCodes : defaultLines(schools.map((s) => ({ schoolCode: s.schoolCode, own: s.own })));
  const higherIsBetter = (code: string) => indicators.find((i) => i.code === code)?.higherIsBetter ?? true;

  const filterBar = (
    <div className={layout.bar}>
      <Space wrap>
        {tab !== 'double' && tab !== 'overview' && <IndicatorSelect indicators={indicators} value={indicator} onChange={(v) => dispatch({ type: 'indicator', value: v })} />}
        {tab !== 'overview' && tab !== 'double' && <YearRange start={state.startYear} end={state.endYear} dispatch={dispatch} years={options?.years} />}
        {tab === 'rank' && <RankRange start={state.rankStart} end={state.rankEnd} dispatch={dispatch} />}
        {(tab === 'overview' || tab === 'double') && (
          <Select
            aria-label="年份"
            style={{ width: 110 }}
            value={year ?? undefined}
            onChange={setOverviewYear}
            options={(options?.years ?? []).map((y) => ({ value: y, label: `${y}年` }))}
          />
        )}
        <Button onClick={() => filters.reset(TABS.find((t) => t.key === tab)?.viewType ?? 2)}>重置</Button>
      </Space>
    </div>
  );

  const notEnough = !enough && !selection.loading && (
    <Alert type="info" showIcon message={SCHOOL_ANALYSIS_MESSAGES.selectionBounds} action={<Button onClick={selection.openModal}>选择学校</Button>} />
  );

  const body = (() => {
    if (notEnough) return notEnough;
    switch (tab) {
      case 'trend':
        return (
          <Spin spinning={trend.loading}>
            <LinePicker schools={schools} value={drawn} onChange={setLines} />
            <div data-testid="trend-chart">
              <LazyChart option={trendOption(trend.data, drawn, meta)} height={420} />
            </div>
          </Spin>
        );
      case 'rank':
        return (
          <Spin spinning={rank.loading}>
            {!rankOk && <Alert type="warning" showIcon message={SCHOOL_ANALYSIS_MESSAGES.rankRange} style={{ marginBottom: 12 }} />}
            <LinePicker schools={schools} value={drawn} onChange={setLines} />
            <div data-testid="rank-chart">
              <LazyChart option={rankOption(rank.data, drawn)} height={380} />
            </div>
            <RankTable data={rank.data} format={meta} />
          </Spin>
        );
      case 'avg':
        return (
          <Spin spinning={avg.loading}>
            <div data-testid="avg-chart">
              <LazyChart option={avgOption(avg.data, meta)} height={380} />
            </div>
            {avg.data?.school && (
              <Table
                size="small"
                rowKey="year"
                pagination={false}
                data-testid="avg-table"
                dataSource={avg.data.years.map((y, i) => ({ year: y, value: avg.data!.school!.values[i], avg: avg.data!.averages[i], diff: avg.data!.differences[i] }))}
                columns={[
                  { title: '年份', dataIndex: 'year' },
                  { title: avg.data.school.schoolName, dataIndex: 'value', render: (v: number | null) => formatIndicator(v, meta) },
                  { title: '平均值', dataIndex: 'avg', render: (v: number | null) => formatIndicator(v, meta) },
                  {
                    title: '差值',
                    dataIndex: 'diff',
                    render: (v: number | null) => <span style={{ color: v === null ? undefined : v >= 0 ? '#389e0d' : '#cf1322' }}>{v !== null && v > 0 ? '+' : ''}{formatIndicator(v, meta)}</span>,
                  },
                ]}
              />
            )}
          </Spin>
        );
      case 'double':
        return (
          <Spin spinning={double.loading}>
            <Space style={{ marginBottom: 12 }} wrap>
              {[0, 1].map((i) => (
                <Select
                  key={i}
                  aria-label={`对比学校${i + 1}`}
                  style={{ width: 240 }}
                  value={chosenPair?.[i]}
                  onChange={(v: string) => {
                    const next: [string, string] = chosenPair ? [...chosenPair] : [v, v];
                    next[i] = v;
                    setPair(next);
                  }}
                  options={schools.map((s) => ({ value: s.schoolCode, label: s.schoolName, disabled: chosenPair?.[1 - i] === s.schoolCode }))}
                />
              ))}
              {!chosenPair && <span>{SCHOOL_ANALYSIS_MESSAGES.twoSchools}</span>}
            </Space>
            <DoubleView data={double.data} higherIsBetter={higherIsBetter} indicators={indicators} />
          </Spin>
        );
      case 'overview':
        return (
          <Spin spinning={overview.loading}>
            <OverviewTable data={overview.data} indicators={indicators} />
          </Spin>
        );
    }
  })();

  return (
    <Card title="竞争对手分析" extra={<SchoolTags schools={schools} onPick={selection.openModal} />}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as TabKey)} items={TABS.map((t) => ({ key: t.key, label: t.label }))} />
      {filterBar}
      {selection.failed ? <Empty description="加载失败" /> : body}
      {selection.modal}
    </Card>
  );
}

type IndicatorMeta = { code: string; name: string; unit: string; decimals: number; higherIsBetter: boolean };

/** The end year's places of every school. */
function RankTable({ data, format }: { data: import('@zhengai/contracts').RankAnalysis | null; format: IndicatorMeta | undefined }) {
  if (!data || !data.years.length) return null;
  const last = data.years.length - 1;
  const rows = [...data.series].sort((a, b) => (a.ranks[last] ?? 1e9) - (b.ranks[last] ?? 1e9));
  return (
    <Table
      size="small"
      rowKey="schoolCode"
      pagination={false}
      data-testid="rank-table"
      title={() => `${data.years[last]}年排名（共${data.totals[last] ?? 0}所）`}
      dataSource={rows}
      columns={[
        { title: '名次', render: (_: unknown, r) => (r.ranks[last] === null ? '-' : `第${r.ranks[last]}名`), width: 90 },
        { title: '学校', dataIndex: 'schoolName', render: (n: string, r) => <span data-testid="rank-school">{n}{r.own && <Tag color="blue" style={{ marginLeft: 6 }}>本校</Tag>}</span> },
        { title: '指标值', render: (_: unknown, r) => formatIndicator(r.values[last], format) },
      ]}
    />
  );
}

function DoubleView({ data, higherIsBetter, indicators }: { data: DoubleSchool | null; higherIsBetter(code: string): boolean; indicators: IndicatorMeta[] }) {
  if (!data) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;
  const fmt = (code: string) => indicators.find((i) => i.code === code);
  const cell = (row: DoubleSchool['rows'][number], i: 0 | 1) => (
    <span>
      {formatIndicator(row.values[i], fmt(row.indicator))}
      {row.better === i && <CheckCircleFilled style={{ color: '#52c41a', marginLeft: 6 }} aria-label="较优" />}
    </span>
  );
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 16 }}>
      <Table
        size="small"
        rowKey="indicator"
        pagination={false}
        data-testid="double-table"
        scroll={{ y: 480 }}
        title={() => `${data.year}年 两校对比（✔ 为较优）`}
        dataSource={data.rows}
        columns={[
          { title: '指标', dataIndex: 'name' },
          { title: data.schools[0].schoolName, render: (_: unknown, r) => cell(r, 0) },
          { title: data.schools[1].schoolName, render: (_: unknown, r) => cell(r, 1) },
        ]}
      />
      <div data-testid="double-radar">
        <LazyChart option={doubleOption(data, higherIsBetter)} height={460} />
      </div>
    </div>
  );
}

function OverviewTable({ data, indicators }: { data: RivalTable | null; indicators: IndicatorMeta[] }) {
  if (!data || !data.rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />;
  const columns: TableColumnsType<RivalTable['rows'][number]> = [
    {
      title: '学校',
      dataIndex: 'schoolName',
      fixed: 'left',
      width: 200,
      render: (n: string, r) => (
        <span>
          {n}
          {r.own && <Tag color="blue" style={{ marginLeft: 6 }}>本校</Tag>}
        </span>
      ),
    },
    ...data.indicators.map((code) => {
      const m = indicators.find((i) => i.code === code);
      return {
        title: m?.name ?? code,
        key: code,
        width: 150,
        render: (_: unknown, r: RivalTable['rows'][number]) => (
          <span>
            {formatIndicator(r.values[code] ?? null, m)}
            {r.ranks[code] ? <span style={{ color: r.ranks[code] === 1 ? '#cf1322' : '#888', marginLeft: 4 }}>（第{r.ranks[code]}）</span> : null}
          </span>
        ),
      };
    }),
  ];
  return <Table size="small" rowKey="schoolCode" pagination={false} data-testid="overview-table" scroll={{ x: 200 + data.indicators.length * 150 }} title={() => `${data.year}年 对比总览`} dataSource={data.rows} columns={columns} />;
}
