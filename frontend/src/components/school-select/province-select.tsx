import type { OptionItem } from '@zhengai/contracts';
import { Select } from 'antd';

/** The province filter of the school lists (the selection modal, 学校数据): the options of schoolScreen/queryAllList. */
export function ProvinceSelect({ options, value, onChange }: { options: readonly OptionItem[]; value: string | undefined; onChange: (province: string | undefined) => void }) {
  return (
    <Select
      allowClear
      placeholder="省份"
      aria-label="省份"
      style={{ width: 130 }}
      value={value}
      onChange={onChange}
      options={options.map((p) => ({ value: p.value, label: p.text }))}
    />
  );
}
