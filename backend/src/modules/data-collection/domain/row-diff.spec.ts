import type { FormField } from '@zhengai/contracts';
import { diffRows, MAX_CHANGES } from './row-diff.js';

const field = (key: string, label: string): FormField => ({
  key, label, component: 'text', validations: { require: false, unique: false, custom: null }, maxLength: null, constantTypeId: null, placeholder: null, width: null,
});
const fields = [field('name', '姓名'), field('phone', '联系电话')];

describe('diffRows: what a save changed', () => {
  it('counts added, changed and removed rows and names the changed cells', () => {
    const stored = [
      { id: 'a', rowNo: 1, values: { name: '张三', phone: '13800000000' } },
      { id: 'b', rowNo: 2, values: { name: '李四', phone: null } },
      { id: 'c', rowNo: 3, values: { name: '王五', phone: null } },
    ];
    const sent = [
      { id: 'a', values: { name: '张三', phone: '13900000000' } },
      { id: 'b', values: { name: '李四', phone: null } },
      { values: { name: '赵六', phone: null } },
    ];
    const diff = diffRows(fields, stored, sent);
    expect(diff).toEqual({ added: 1, changed: 1, removed: 1, changes: [{ rowNo: 1, field: 'phone', label: '联系电话', before: '13800000000', after: '13900000000' }] });
  });

  it('treats an unknown id as a new row and compares multiSelect values as joined text', () => {
    const stored = [{ id: 'a', rowNo: 1, values: { name: ['x', 'y'] } }];
    const diff = diffRows(fields, stored, [{ id: 'zz', values: {} }, { id: 'a', values: { name: ['x', 'y'] } }]);
    expect(diff).toMatchObject({ added: 1, changed: 0, removed: 0, changes: [] });
  });

  it('keeps at most 200 changed cells but counts every changed row', () => {
    const stored = Array.from({ length: 300 }, (_, i) => ({ id: `r${i}`, rowNo: i + 1, values: { name: 'a', phone: 'b' } }));
    const sent = stored.map((r) => ({ id: r.id, values: { name: 'x', phone: 'y' } }));
    const diff = diffRows(fields, stored, sent);
    expect(diff.changed).toBe(300);
    expect(diff.changes).toHaveLength(MAX_CHANGES);
  });
});
