import type { DataRow, FormField } from '@zhengai/contracts';
import { CELL_MESSAGES, VALIDATION_MESSAGES } from '@zhengai/contracts';
import { cellMaxLength, cellMessage, cellText, emptyRows, errorIndex, rowHasValues, rowsForSave, rowsFromData } from './fill-values';

const phone: FormField = {
  key: 'tel',
  label: '电话',
  component: 'phone',
  validations: { require: true, unique: false, custom: null },
  maxLength: null,
  constantTypeId: null,
  placeholder: null,
  width: null,
};
const tags: FormField = { ...phone, key: 'tags', label: '标签', component: 'multiSelect', validations: { require: false, unique: false, custom: null } };

function dataRow(id: string, rowNo: number, label: string | null, values: DataRow['values']): DataRow {
  return { id, rowNo, label, values, fillTaskId: 'f', departmentName: null, updaterName: null, updateTime: '' };
}

describe('fill values', () => {
  it('starts a fixed form with one blank row per label and a floating form with none', () => {
    const fixed = emptyRows({ formType: 'fixed', fixedRows: ['教师', '学生'] });
    expect(fixed.map((r) => r.label)).toEqual(['教师', '学生']);
    expect(new Set(fixed.map((r) => r.key)).size).toBe(2);
    expect(emptyRows({ formType: 'floating', fixedRows: [] })).toEqual([]);
  });

  it('keeps every fixed label in order, filling in the stored rows', () => {
    const rows = rowsFromData({ formType: 'fixed', fixedRows: ['甲', '乙'] }, [dataRow('r2', 1, '乙', { tel: '13800138000' })]);
    expect(rows.map((r) => [r.label, r.id ?? null])).toEqual([
      ['甲', null],
      ['乙', 'r2'],
    ]);
    const floating = rowsFromData({ formType: 'floating', fixedRows: [] }, [dataRow('b', 2, null, {}), dataRow('a', 1, null, {})]);
    expect(floating.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('sends ids, labels and normalised values', () => {
    const saved = rowsForSave([{ key: 'k', id: 'r1', label: null, values: { tel: ' 13800138000 ', tags: ['a', ' '] } }], [phone, tags]);
    expect(saved).toEqual([{ id: 'r1', label: null, values: { tel: '13800138000', tags: ['a'] } }]);
    expect(rowsForSave([{ key: 'k', label: '甲', values: { x: 'v' } }])).toEqual([{ id: null, label: '甲', values: { x: 'v' } }]);
  });

  it('tells a row with values from a blank one', () => {
    expect(rowHasValues({ key: 'k', label: null, values: { a: ' ', b: [], c: null } })).toBe(false);
    expect(rowHasValues({ key: 'k', label: null, values: { a: 'x' } })).toBe(true);
  });

  it('checks a touched cell by the contract and shows the server message until then', () => {
    const none = new Map<string, string[]>();
    expect(cellMessage(phone, '12345', true, undefined, none)).toBe(VALIDATION_MESSAGES.phone);
    expect(cellMessage(phone, '13800138000', true, 'server says no', none)).toBeNull();
    expect(cellMessage(phone, '', true, undefined, none)).toBe(VALIDATION_MESSAGES.required);
    expect(cellMessage(phone, '12345', false, 'server says no', none)).toBe('server says no');
    expect(cellMessage(phone, '12345', false, undefined, none)).toBeNull();
  });

  it('checks a custom pattern on RE2 as the server does: an exponential one answers at once', () => {
    const none = new Map<string, string[]>();
    const letters: FormField = { ...phone, key: 'letters', label: '字母', component: 'text', validations: { require: false, unique: false, custom: { pattern: '^(a+)+$', message: '只能填写字母a' } } };
    expect(cellMessage(letters, `${'a'.repeat(40)}!`, true, undefined, none)).toBe('只能填写字母a');
    expect(cellMessage(letters, 'a'.repeat(40), true, undefined, none)).toBeNull();
  });

  it('marks a unique value other fills hold once the cell is left, after the format rules', () => {
    const none = new Map<string, string[]>();
    const taken = new Set(['13800138000']);
    expect(cellMessage(phone, '13800138000', true, undefined, none, taken)).toBe(CELL_MESSAGES.duplicate);
    expect(cellMessage(phone, ' 13800138000 ', true, undefined, none, taken)).toBe(CELL_MESSAGES.duplicate);
    expect(cellMessage(phone, '13900139000', true, undefined, none, taken)).toBeNull();
    expect(cellMessage(phone, '123', true, undefined, none, taken)).toBe(VALIDATION_MESSAGES.phone);
  });

  it('indexes the refusal by row and field, first message kept', () => {
    const index = errorIndex([
      { row: 2, field: 'tel', label: '电话', message: 'a' },
      { row: 2, field: 'tel', label: '电话', message: 'b' },
    ]);
    expect(index.get('2:tel')).toBe('a');
    expect(index.get('1:tel')).toBeUndefined();
  });

  it('caps the length by the component and shows lists joined', () => {
    expect(cellMaxLength(phone)).toBe(20);
    expect(cellMaxLength({ ...phone, component: 'text', maxLength: 10 })).toBe(10);
    expect(cellMaxLength({ ...phone, component: 'text', maxLength: 999 })).toBe(60);
    expect(cellText(['a', 'b'])).toBe('a、b');
    expect(cellText(null)).toBe('');
  });
});
