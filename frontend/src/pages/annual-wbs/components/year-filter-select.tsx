import { Select } from 'antd';
import { yearOptions } from '../year-targets/year-target-values';

/** The 年度 filter of the 年度目标任务 pages: next year back to five years ago, cleared to 全部年度. */
export function YearFilterSelect({ value, onChange, className }: { value: string | null; onChange: (year: string | null) => void; className?: string }) {
  return (
    <Select
      aria-label="年度"
      allowClear
      placeholder="全部年度"
      className={className}
      value={value ?? undefined}
      options={yearOptions(new Date())}
      onChange={(year?: string) => onChange(year ?? null)}
    />
  );
}
