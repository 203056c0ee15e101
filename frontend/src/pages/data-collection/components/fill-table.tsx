// The fill grid (000 §9): one editor per component, every cell checked as the user types by the contract's rule,
// the server's refusals shown on their cells. Fixed forms show their row labels (项目) and keep their rows; floating
// forms add and delete rows. Used by 我的填报, 填报审核 (read-only) and the designer's preview.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, AutoComplete, Button, DatePicker, Input, Select, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { uniqueKey, type CellError, type CellValue, type FormField, type FormVersion } from '@zhengai/contracts';
import { cellMaxLength, cellMessage, cellText, errorIndex, newRowKey, optionsMap, rowHasValues, type EditableRow } from './fill-values';

export { emptyRows, rowsForSave, rowsFromData, type EditableRow } from './fill-values';

export interface FillTableProps {
  form: FormVersion;
  rows: EditableRow[];
  /** field key → the texts its constant type offers */
  options: Record<string, string[]>;
  editable: boolean;
  onChange?: (rows: EditableRow[]) => void;
  /** the server's refusal: row (1-based) and field */
  errors?: CellError[];
  /** unique fields: the values other fills of the task hold (field key → values), shown as duplicates */
  taken?: Record<string, ReadonlySet<string>>;
  /** a unique field's cell was left with this value: the owner may ask the server whether it is taken */
  onUniqueLeft?: (fieldKey: string, value: string) => void;
}

const DATE_FORMATS: Partial<Record<FormField['component'], { picker: 'date' | 'month' | 'year'; format: string }>> = {
  date: { picker: 'date', format: 'YYYY-MM-DD' },
  month: { picker: 'month', format: 'YYYY-MM' },
  year: { picker: 'year', format: 'YYYY' },
};

/** A stored date, month or year as the picker's value; null when empty or not in the component's format. */
function parseDate(component: FormField['component'], text: string): dayjs.Dayjs | null {
  const shapes: Record<string, RegExp> = { date: /^\d{4}-\d{2}-\d{2}$/, month: /^\d{4}-\d{2}$/, year: /^\d{4}$/ };
  if (!shapes[component]?.test(text)) return null;
  const d = dayjs(component === 'year' ? `${text}-01-01` : component === 'month' ? `${text}-01` : text);
  return d.isValid() ? d : null;
}

/** The editor of one component (000 §9). */
function CellEditor({ field, value, options, onChange, onBlur, invalid }: { field: FormField; value: CellValue | undefined; options: string[]; onChange: (v: CellValue) => void; onBlur: () => void; invalid: boolean }) {
  const status = invalid ? 'error' : undefined;
  const placeholder = field.placeholder ?? undefined;
  const maxLength = cellMaxLength(field);
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  const choices = options.map((o) => ({ value: o, label: o }));
  const aria = { 'aria-label': field.label };
  switch (field.component) {
    case 'editor':
      return <Input.TextArea {...aria} status={status} placeholder={placeholder} maxLength={maxLength} autoSize={{ minRows: 1, maxRows: 4 }} value={text} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />;
    case 'inputSelect':
      return (
        <AutoComplete
          {...aria}
          status={status}
          placeholder={placeholder}
          style={{ width: '100%' }}
          options={choices}
          value={text}
          maxLength={maxLength}
          filterOption={(input, option) => String(option?.value ?? '').includes(input)}
          onChange={(v: string) => onChange(v)}
          onBlur={onBlur}
        />
      );
    case 'select':
      return <Select {...aria} status={status} placeholder={placeholder} style={{ width: '100%' }} allowClear options={choices} value={text === '' ? undefined : text} onChange={(v?: string) => onChange(v ?? null)} onBlur={onBlur} />;
    case 'multiSelect':
      return (
        <Select
          {...aria}
          mode="multiple"
          status={status}
          placeholder={placeholder}
          style={{ width: '100%' }}
          allowClear
          options={choices}
          value={Array.isArray(value) ? value : value ? [value] : []}
          onChange={(v: string[]) => onChange(v)}
          onBlur={onBlur}
        />
      );
    case 'date':
    case 'month':
    case 'year': {
      const { picker, format } = DATE_FORMATS[field.component]!;
      const parsed = parseDate(field.component, text);
      return (
        <DatePicker
          {...aria}
          picker={picker}
          format={format}
          status={status}
          placeholder={placeholder}
          style={{ width: '100%' }}
          value={parsed}
          onChange={(d) => {
            onChange(d ? d.format(format) : null);
            onBlur();
          }}
        />
      );
    }
    default:
      return <Input {...aria} status={status} placeholder={placeholder} maxLength={maxLength} value={text} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />;
  }
}

/** The fill grid. `onChange` gets the whole row list after each edit, add or delete. */
export function FillTable({ form, rows, options, editable, onChange, errors, taken, onUniqueLeft }: FillTableProps) {
  const { modal } = App.useApp();
  const fixed = form.formType === 'fixed';
  const optionMap = useMemo(() => optionsMap(options), [options]);
  // the server's refusal applies until the user edits the cell again; a new refusal starts afresh
  const [touched, setTouched] = useState<{ errors: CellError[] | undefined; cells: Set<string> }>({ errors, cells: new Set() });
  const touchedCells = touched.errors === errors ? touched.cells : new Set<string>();
  const serverErrors = useMemo(() => errorIndex(errors), [errors]);

  const touch = (rowKey: string, fieldKey: string) => {
    const id = `${rowKey}:${fieldKey}`;
    if (touchedCells.has(id)) return;
    setTouched({ errors, cells: new Set(touchedCells).add(id) });
  };

  const left = (rowKey: string, field: FormField, value: CellValue | undefined) => {
    touch(rowKey, field.key);
    const key = uniqueKey(value ?? null);
    if (field.validations.unique && key !== null) onUniqueLeft?.(field.key, key);
  };

  const setCell = (rowKey: string, fieldKey: string, value: CellValue) => {
    touch(rowKey, fieldKey);
    onChange?.(rows.map((r) => (r.key === rowKey ? { ...r, values: { ...r.values, [fieldKey]: value } } : r)));
  };

  const addRow = () => onChange?.([...rows, { key: newRowKey(), id: null, label: null, values: {} }]);

  const removeRow = (row: EditableRow) => {
    const remove = () => onChange?.(rows.filter((r) => r.key !== row.key));
    if (!rowHasValues(row)) {
      remove();
      return;
    }
    modal.confirm({ title: '删除确认', content: '该行已填写数据，确定删除吗？', okText: '删除', okButtonProps: { danger: true }, cancelText: '取消', onOk: remove });
  };

  const columns: TableColumnsType<EditableRow> = [
    { title: '序号', key: 'rowNo', width: 60, fixed: 'left', render: (_v, _r, i) => i + 1 },
  ];
  if (fixed) columns.push({ title: '项目', key: 'label', dataIndex: 'label', width: 160, fixed: 'left' });
  for (const field of form.fields) {
    columns.push({
      key: field.key,
      width: field.width ?? 180,
      title: (
        <span>
          {field.validations.require && <span style={{ color: '#ff4d4f', marginRight: 2 }}>*</span>}
          {field.label}
        </span>
      ),
      render: (_v, row, index): ReactNode => {
        const value = row.values[field.key];
        if (!editable) {
          const serverMessage = serverErrors.get(`${index + 1}:${field.key}`);
          return (
            <div>
              <span>{cellText(value)}</span>
              {serverMessage && <div style={{ color: '#ff4d4f', fontSize: 12 }}>{serverMessage}</div>}
            </div>
          );
        }
        const message = cellMessage(field, value, touchedCells.has(`${row.key}:${field.key}`), serverErrors.get(`${index + 1}:${field.key}`), optionMap, taken?.[field.key]);
        return (
          <div data-cell={`${index + 1}:${field.key}`}>
            <CellEditor field={field} value={value} options={options[field.key] ?? []} invalid={!!message} onChange={(v) => setCell(row.key, field.key, v)} onBlur={() => left(row.key, field, value)} />
            {message && (
              <div role="alert" style={{ color: '#ff4d4f', fontSize: 12, lineHeight: '18px' }}>
                {message}
              </div>
            )}
          </div>
        );
      },
    });
  }
  if (editable && !fixed) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_v, row) => (
        <Button type="link" danger icon={<DeleteOutlined />} onClick={() => removeRow(row)}>
          删除
        </Button>
      ),
    });
  }

  return (
    <div>
      {editable && !fixed && (
        <div style={{ marginBottom: 8 }}>
          <Button icon={<PlusOutlined />} onClick={addRow}>
            新增行
          </Button>
        </div>
      )}
      <Table<EditableRow>
        rowKey="key"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: fixed ? '暂无数据' : editable ? '暂无数据，请点击新增行' : '暂无数据' }}
      />
      {!editable && rows.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          共{rows.length}行
        </Typography.Text>
      )}
    </div>
  );
}
