import type { FormDetail } from '@zhengai/contracts';
import { copyField, designOf, designProblems, fieldProblem, moveItem, newField, nextFieldNumber, sameDesign, withComponent } from './design';

const detail: FormDetail = {
  id: 'f1',
  directoryId: 'd1',
  directoryName: '目录',
  name: '教师信息',
  code: 'teacher_info',
  formType: 'floating',
  publishState: 'unpublished',
  version: 0,
  changed: false,
  fieldCount: 0,
  taskCount: 0,
  description: null,
  updateTime: '2026-11-24 07:00:00',
  fields: [],
  fixedRows: [],
  versions: [],
};

describe('table configuration design', () => {
  it('numbers new fields from the lowest free field_n and names them 新字段n', () => {
    const a = newField('text', []);
    expect(a).toMatchObject({ key: 'field_1', label: '新字段1', component: 'text', constantTypeId: null });
    const b = newField('phone', [a]);
    expect(b.key).toBe('field_2');
    expect(nextFieldNumber([{ key: 'field_1' }, { key: 'field_3' }])).toBe(2);
    expect(copyField({ ...a, validations: { require: true, unique: false, custom: null } }, [a, b])).toMatchObject({ key: 'field_3', label: '新字段1副本', validations: { require: true } });
  });

  it('moves items up and down and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('sees unsaved changes, but not a blank description against null', () => {
    const saved = designOf(detail);
    expect(sameDesign(saved, { ...saved, description: '  ' })).toBe(true);
    expect(sameDesign(saved, { ...saved, name: '教师信息2' })).toBe(false);
    expect(sameDesign(saved, { ...saved, fields: [newField('text', [])] })).toBe(false);
    // rows of a floating form are not part of it
    expect(sameDesign(saved, { ...saved, fixedRows: ['第一行'] })).toBe(true);
    expect(sameDesign({ ...saved, formType: 'fixed' }, { ...saved, formType: 'fixed', fixedRows: ['第一行'] })).toBe(false);
  });

  it('names a field’s problems: key, reserved, repeated, options, pattern, length', () => {
    const f = newField('text', []);
    expect(fieldProblem(f, [f])).toBeNull();
    expect(fieldProblem({ ...f, key: 'Bad-Key' }, [f])).toContain('列名只能包含小写字母');
    expect(fieldProblem({ ...f, key: 'row_id' }, [f])).toBe('列名「row_id」为系统保留列名');
    expect(fieldProblem(f, [f, f])).toBe('列名「field_1」重复');
    expect(fieldProblem({ ...f, component: 'select' }, [f])).toBe('字段「新字段1」需要选择常量类型');
    expect(fieldProblem({ ...f, validations: { require: false, unique: false, custom: { pattern: '([a-z', message: 'x' } } }, [f])).toBe('字段「新字段1」的自定义校验不是有效的正则表达式');
    // patterns run on RE2: what it cannot run is named before the save, with the server's text
    expect(fieldProblem({ ...f, validations: { require: false, unique: false, custom: { pattern: '^(a)\\1$', message: 'x' } } }, [f])).toBe('字段「新字段1」的自定义校验不受支持（不支持反向引用、环视等写法）');
    expect(fieldProblem({ ...f, validations: { require: false, unique: false, custom: { pattern: '(?<!a)b', message: 'x' } } }, [f])).toBe('字段「新字段1」的自定义校验不受支持（不支持反向引用、环视等写法）');
    expect(fieldProblem({ ...f, validations: { require: false, unique: false, custom: { pattern: 'a{1001}', message: 'x' } } }, [f])).toBe('字段「新字段1」的自定义校验过于复杂（重复次数过多）');
    expect(fieldProblem({ ...f, validations: { require: false, unique: false, custom: { pattern: '^(a+)+$', message: 'x' } } }, [f])).toBeNull();
    expect(fieldProblem({ ...f, maxLength: 61 }, [f])).toBe('字段「新字段1」的最大长度为1–60');
    expect(designProblems(designOf({ ...detail, formType: 'fixed' }))).toEqual(['表单至少需要一个字段', '固定表需要至少一行']);
  });

  it('drops a max length and constant type the new component does not take', () => {
    const f = { ...newField('editor', []), maxLength: 500, constantTypeId: null };
    expect(withComponent(f, 'text').maxLength).toBeNull();
    expect(withComponent({ ...newField('select', []), constantTypeId: 't1' }, 'text').constantTypeId).toBeNull();
    expect(withComponent({ ...newField('select', []), constantTypeId: 't1' }, 'multiSelect').constantTypeId).toBe('t1');
  });
});
