import { Select } from 'antd';

/** The 状态 filter of the data-collection lists: one of the states, or all when cleared. */
export function StateSelect<S extends string>({ states, labels, value, onChange }: { states: readonly S[]; labels: Record<S, string>; value: S | undefined; onChange: (state: S | undefined) => void }) {
  return (
    <Select<S | undefined>
      aria-label="状态"
      style={{ width: 140 }}
      allowClear
      placeholder="全部状态"
      value={value}
      options={states.map((s) => ({ value: s, label: labels[s] }))}
      onChange={onChange}
    />
  );
}
