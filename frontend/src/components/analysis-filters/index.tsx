import type { SchoolOptions } from '@zhengai/contracts';
import { Button, DatePicker, InputNumber, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useReducer } from 'react';
import type { PickedSchool } from '../school-select/selection';
import { EMPTY_FILTERS, filterReducer, type FilterAction, type FilterState } from './filter-state';

type Indicator = SchoolOptions['indicators'][number];

/** The indicator select, grouped by the display category (计分卡, 资源表 …). */
export function IndicatorSelect({ indicators, value, onChange, width = 260 }: { indicators: Indicator[]; value: string | null; onChange(code: string): void; width?: number }) {
  const groups = new Map<string, Indicator[]>();
  for (const i of indicators) groups.set(i.categoryLabel, [...(groups.get(i.categoryLabel) ?? []), i]);
  return (
    <Select
      aria-label="指标"
      showSearch
      optionFilterProp="label"
      placeholder="选择指标"
      style={{ width }}
      value={value ?? undefined}
      onChange={onChange}
      options={[...groups].map(([label, items]) => ({ label, title: label, options: items.map((i) => ({ value: i.code, label: i.name })) }))}
    />
  );
}

/** 开始年份 ~ 结束年份 (YYYY): a start with no end sets the end to it; start ≤ end (000 §5). */
export function YearRange({ start, end, dispatch, years }: { start: number | null; end: number | null; dispatch(a: FilterAction): void; years?: number[] }) {
  const outside = (d: dayjs.Dayjs) => !!years?.length && (d.year() < years[0] || d.year() > years[years.length - 1]);
  return (
    <Space size={4}>
      <DatePicker
        picker="year"
        placeholder="开始年份"
        aria-label="开始年份"
        value={start === null ? null : dayjs(`${start}-01-01`)}
        disabledDate={outside}
        onChange={(d) => dispatch({ type: 'startYear', value: d ? d.year() : null })}
      />
      <span>~</span>
      <DatePicker
        picker="year"
        placeholder="结束年份"
        aria-label="结束年份"
        value={end === null ? null : dayjs(`${end}-01-01`)}
        disabledDate={(d) => outside(d) || (start !== null && d.year() < start)}
        onChange={(d) => dispatch({ type: 'endYear', value: d ? d.year() : null })}
      />
    </Space>
  );
}

/** 排名范围: two places (1 the best). */
export function RankRange({ start, end, dispatch }: { start: number | null; end: number | null; dispatch(a: FilterAction): void }) {
  return (
    <Space size={4}>
      <span>排名</span>
      <InputNumber min={1} max={9999} precision={0} placeholder="从" aria-label="排名开始" value={start} onChange={(v) => dispatch({ type: 'rankStart', value: v ?? null })} style={{ width: 80 }} />
      <span>~</span>
      <InputNumber min={1} max={9999} precision={0} placeholder="到" aria-label="排名结束" value={end} onChange={(v) => dispatch({ type: 'rankEnd', value: v ?? null })} style={{ width: 80 }} />
    </Space>
  );
}

/** The current schools as tags with 选择学校. */
export function SchoolTags({ schools, onPick, max = 6 }: { schools: PickedSchool[]; onPick(): void; max?: number }) {
  const shown = schools.slice(0, max);
  return (
    <Space size={4} wrap data-testid="current-schools">
      {shown.map((s) => (
        <Tag key={s.schoolCode} color={s.own ? 'blue' : undefined}>
          {s.schoolName}
          {s.own && '（本校）'}
        </Tag>
      ))}
      {schools.length > max && <Tag>等{schools.length}所</Tag>}
      {!schools.length && <span style={{ color: '#888' }}>尚未选择学校</span>}
      <Button type="primary" ghost onClick={onPick}>
        选择学校
      </Button>
    </Space>
  );
}

/** The filter state of an analysis page with reset(viewType) (000 §4). */
export function useAnalysisFilters(initial: Partial<FilterState> = {}) {
  const [state, dispatch] = useReducer(filterReducer, { ...EMPTY_FILTERS, ...initial });
  return { state, dispatch, reset: (viewType: number) => dispatch({ type: 'reset', viewType }) };
}

export { EMPTY_FILTERS, filterReducer, rankRangeValid, type FilterAction, type FilterState } from './filter-state';
export { changeOf, formatIndicator } from './format';
