import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { INDICATOR_CATEGORIES, INDICATOR_CATEGORY_LABELS, type IndicatorData as IndicatorDataAnswer } from '@zhengai/contracts';
import { Card, Empty, Select, Space, Spin, Table, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { indicatorData, indicatorYears } from '../../../api/school-analysis';
import { SchoolTags, changeOf, formatIndicator } from '../../../components/analysis-filters';
import { useSchoolSelection } from '../../../components/analysis-filters/use-school-selection';
import layout from '../../../components/page-layout.module.css';
import { useRequest } from '../../../hooks/use-request';
import { EMPTY_TEXT } from '../../../utils/constants';

type Row = IndicatorDataAnswer['rows'][number];

/** The change from the year before: ↑ / ↓ / — with the previous value in the tooltip. */
function Change({ value, previous, format }: { value: number | null; previous: number | null; format: { unit: string; decimals: number } }) {
  const change = changeOf(value, previous);
  if (!change) return null;
  const icon =
    change === 'up' ? <ArrowUpOutlined style={{ color: '#cf1322' }} aria-label="上升" /> : change === 'down' ? <ArrowDownOutlined style={{ color: '#389e0d' }} aria-label="下降" /> : <MinusOutlined style={{ color: '#999' }} aria-label="持平" />;
  return (
    <Tooltip title={`上年：${formatIndicator(previous, format)}`}>
      <span style={{ marginLeft: 6 }}>{icon}</span>
    </Tooltip>
  );
}

/** 指标数据 (000 §9): one year's indicators of the selected schools by category, with the national median. */
export default function IndicatorData() {
  const selection = useSchoolSelection();
  const years = useRequest(() => indicatorYears(), 'years');
  const [picked, setPicked] = useState<number | null>(null);
  const yearList = years.data ?? [];
  const year = picked ?? yearList[yearList.length - 1] ?? null;
  const [category, setCategory] = useState<string>(INDICATOR_CATEGORIES[0]);
  const codes = selection.schools.map((s) => s.schoolCode);
  const data = useRequest(
    year !== null ? () => indicatorData({ year, category, schoolCodes: codes.length ? codes : undefined }) : null,
    `${year}|${category}|${codes.join()}`,
  );
  const answer = data.data;

  const columns: TableColumnsType<Row> = [
    { title: '指标', dataIndex: 'name', fixed: 'left', width: 220, render: (n: string, r) => `${n}${r.unit ? `（${r.unit}）` : ''}` },
    ...(answer?.schools ?? []).map((s, i) => ({
      title: (
        <span>
          {s.schoolName}
          {s.own && <Tag color="blue" style={{ marginLeft: 4 }}>本校</Tag>}
        </span>
      ),
      key: s.schoolCode,
      width: 170,
      render: (_: unknown, r: Row) => {
        const format = { unit: r.unit, decimals: selection.options?.indicators.find((x) => x.code === r.indicator)?.decimals ?? 2 };
        return (
          <span>
            {formatIndicator(r.values[i], format)}
            <Change value={r.values[i]} previous={r.previous[i]} format={format} />
          </span>
        );
      },
    })),
    {
      title: '全国中位数',
      key: 'median',
      width: 150,
      render: (_: unknown, r: Row) => formatIndicator(r.nationalMedian, { unit: r.unit, decimals: selection.options?.indicators.find((x) => x.code === r.indicator)?.decimals ?? 2 }),
    },
  ];

  return (
    <Card title="指标数据" extra={<SchoolTags schools={selection.schools} onPick={selection.openModal} />}>
      <div className={layout.bar}>
        <Space>
          <span>年份</span>
          <Select aria-label="年份" style={{ width: 120 }} value={year ?? undefined} onChange={setPicked} options={yearList.map((y) => ({ value: y, label: `${y}年` }))} />
        </Space>
      </div>
      <Tabs activeKey={category} onChange={setCategory} items={INDICATOR_CATEGORIES.map((c) => ({ key: c, label: INDICATOR_CATEGORY_LABELS[c] }))} />
      <Spin spinning={data.loading || years.loading}>
        {answer && answer.rows.length ? (
          <Table<Row>
            size="small"
            rowKey="indicator"
            pagination={false}
            data-testid="indicator-table"
            scroll={{ x: 220 + (answer.schools.length + 1) * 170 }}
            dataSource={answer.rows}
            columns={columns}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />
        )}
      </Spin>
      {selection.modal}
    </Card>
  );
}
