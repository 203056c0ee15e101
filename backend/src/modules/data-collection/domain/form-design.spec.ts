import { COLLECTION_MESSAGES, type FormField } from '@zhengai/contracts';
import { codeRefusal, designRefusal, type FormDesign } from './form-design.js';

const field = (over: Partial<FormField> = {}): FormField => ({
  key: 'employed',
  label: '就业人数',
  component: 'integer',
  validations: { require: true, unique: false, custom: null },
  maxLength: null,
  constantTypeId: null,
  placeholder: null,
  width: null,
  ...over,
});
const design = (over: Partial<FormDesign> = {}): FormDesign => ({ code: 'graduate_jobs', formType: 'floating', fields: [field()], fixedRows: [], ...over });

describe('codeRefusal', () => {
  it.each(['ab', 'graduate_employment', 'a1_2', `a${'b'.repeat(39)}`])('takes %s', (code) => {
    expect(codeRefusal(code)).toBeNull();
  });
  it.each(['', 'a', '1abc', '_abc', 'Abc', 'ab-c', 'ab c', 'a"b', 'ab;drop', '表单', `a${'b'.repeat(40)}`])('refuses %j', (code) => {
    expect(codeRefusal(code)).toBe(COLLECTION_MESSAGES.codeInvalid);
  });
});

describe('designRefusal', () => {
  it('passes a good design for save and publish', () => {
    expect(designRefusal(design(), false)).toBeNull();
    expect(designRefusal(design(), true)).toBeNull();
  });

  it('lets a save hold an unfinished design but not a publish', () => {
    expect(designRefusal(design({ fields: [] }), false)).toBeNull();
    expect(designRefusal(design({ fields: [] }), true)).toBe(COLLECTION_MESSAGES.noFields);
    expect(designRefusal(design({ formType: 'fixed', fixedRows: [] }), false)).toBeNull();
    expect(designRefusal(design({ formType: 'fixed', fixedRows: [] }), true)).toBe(COLLECTION_MESSAGES.fixedRowsMissing);
    expect(designRefusal(design({ formType: 'fixed', fixedRows: ['男', '女'] }), true)).toBeNull();
  });

  it('refuses a broken code even on save', () => {
    expect(designRefusal(design({ code: 'Bad-Code' }), false)).toBe(COLLECTION_MESSAGES.codeInvalid);
  });

  it.each([
    ['a key that is not an identifier', [field({ key: 'Employed' })], COLLECTION_MESSAGES.keyInvalid('就业人数')],
    ['a key with a quote', [field({ key: 'a"b' })], COLLECTION_MESSAGES.keyInvalid('就业人数')],
    ['a system column', [field({ key: 'cycle' })], COLLECTION_MESSAGES.keyReserved('cycle')],
    ['another system column', [field({ key: 'row_id' })], COLLECTION_MESSAGES.keyReserved('row_id')],
    ['a repeated key', [field(), field({ label: '另一个' })], COLLECTION_MESSAGES.keyRepeated('employed')],
    ['a blank label', [field({ label: '  ' })], COLLECTION_MESSAGES.labelMissing('employed')],
    ['a label over 60 characters', [field({ label: '长'.repeat(61) })], COLLECTION_MESSAGES.fieldTextTooLong('employed')],
    ['a placeholder over 60 characters', [field({ placeholder: '长'.repeat(61) })], COLLECTION_MESSAGES.fieldTextTooLong('employed')],
    ['a custom message over 200 characters', [field({ validations: { require: false, unique: false, custom: { pattern: 'a', message: '长'.repeat(201) } } })], COLLECTION_MESSAGES.fieldTextTooLong('employed')],
    ['an option field without a constant type', [field({ component: 'select' })], COLLECTION_MESSAGES.optionsMissing('就业人数')],
    ['a multiSelect without a constant type', [field({ component: 'multiSelect' })], COLLECTION_MESSAGES.optionsMissing('就业人数')],
    ['a maxLength over the component\'s', [field({ component: 'text', maxLength: 61 })], COLLECTION_MESSAGES.maxLengthInvalid('就业人数', 60)],
    ['a maxLength of 0', [field({ component: 'text', maxLength: 0 })], COLLECTION_MESSAGES.maxLengthInvalid('就业人数', 60)],
    ['a pattern that does not compile', [field({ validations: { require: false, unique: false, custom: { pattern: '([a-z', message: 'x' } } })], COLLECTION_MESSAGES.patternInvalid('就业人数')],
    ['a pattern with a backreference (RE2 has none)', [field({ validations: { require: false, unique: false, custom: { pattern: '^(a)\\1$', message: 'x' } } })], COLLECTION_MESSAGES.patternUnsupported('就业人数')],
    ['a pattern with a lookahead', [field({ validations: { require: false, unique: false, custom: { pattern: '^(?=.*\\d)\\w+$', message: 'x' } } })], COLLECTION_MESSAGES.patternUnsupported('就业人数')],
    ['a pattern repeating too much', [field({ validations: { require: false, unique: false, custom: { pattern: '^[a-z]{999}$', message: 'x' } } })], COLLECTION_MESSAGES.patternTooComplex('就业人数')],
    ['a pattern too long', [field({ validations: { require: false, unique: false, custom: { pattern: 'a'.repeat(201), message: 'x' } } })], COLLECTION_MESSAGES.patternTooLong('就业人数', 200)],
  ])('refuses %s on save', (_what, fields, message) => {
    expect(designRefusal(design({ fields }), false)).toBe(message);
  });

  it('takes an option field with a constant type, a maxLength at the limit, an empty and ordinary custom patterns', () => {
    const fields = [
      field({ key: 'degree', component: 'select', constantTypeId: 'ct-1' }),
      field({ key: 'name', component: 'text', maxLength: 60 }),
      field({ key: 'phone', component: 'phone', validations: { require: false, unique: true, custom: { pattern: '', message: '' } } }),
      field({ key: 'id_card', component: 'text', validations: { require: false, unique: true, custom: { pattern: '^\\d{17}[\\dX]$', message: '身份证号不正确' } } }),
      // exponential on RegExp, linear on RE2: a design may hold it
      field({ key: 'letters', component: 'text', validations: { require: false, unique: false, custom: { pattern: '^(a+)+$', message: '只能是a' } } }),
    ];
    expect(designRefusal(design({ fields }), true)).toBeNull();
  });

  it('refuses a repeated fixed row label', () => {
    expect(designRefusal(design({ formType: 'fixed', fixedRows: ['男', '女', '男'] }), false)).toBe(COLLECTION_MESSAGES.fixedRowRepeated('男'));
  });

  it('keeps a published key\'s column kind, by the newest version that had it', () => {
    const v1 = [field({ key: 'employed', component: 'integer' }), field({ key: 'remark', component: 'text', label: '备注' })];
    // integer → float keeps a numeric column; text → email keeps a text column
    expect(designRefusal(design({ fields: [field({ component: 'float' }), field({ key: 'remark', component: 'email', label: '备注' })] }), true, [v1])).toBeNull();
    expect(designRefusal(design({ fields: [field({ component: 'text' })] }), true, [v1])).toBe(COLLECTION_MESSAGES.typeChanged('就业人数', '数值'));
    expect(designRefusal(design({ fields: [field({ key: 'remark', component: 'date', label: '备注' })] }), true, [v1])).toBe(COLLECTION_MESSAGES.typeChanged('备注', '文本'));
    // a save may hold it (the designer fixes it before publishing)
    expect(designRefusal(design({ fields: [field({ component: 'text' })] }), false, [v1])).toBeNull();
    // a key dropped in version 2 still has its column: bringing it back with another kind is refused too
    expect(designRefusal(design({ fields: [field({ key: 'remark', component: 'integer', label: '备注' })] }), true, [v1, [field()]])).toBe(COLLECTION_MESSAGES.typeChanged('备注', '文本'));
  });
});
