import { Input } from 'antd';
import { useState } from 'react';

interface NameSearchProps {
  /** the name the list is filtered by now: the box starts with it (remount with a new key to start it afresh) */
  value: string | null;
  placeholder: string;
  className?: string;
  onSearch(name: string | null): void;
}

/** The name filter of a card list: searches on Enter or the button; emptying the box drops the filter at once. */
export function NameSearch({ value, placeholder, className, onSearch }: NameSearchProps) {
  const [keyword, setKeyword] = useState(value ?? '');
  return (
    <Input.Search
      aria-label="名称"
      allowClear
      placeholder={placeholder}
      className={className}
      value={keyword}
      onChange={(e) => {
        setKeyword(e.target.value);
        if (!e.target.value) onSearch(null);
      }}
      onSearch={(text) => onSearch(text.trim() || null)}
    />
  );
}
