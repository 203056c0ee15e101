// The format helpers of 000 §5 and the cell rules of data collection (000 §5, §9): the one rule set the fill screen and
// the server both check, so every case here holds on both sides.
import { describe, expect, it } from '@jest/globals';
import { CELL_MESSAGES, COMPONENT_MAX_LENGTH, type CellValue, type ComponentType, type FieldOptions, cellErrorText, checkCell, checkRows, normalizeCell, uniqueKey } from './collection-rules.js';
import { compilePattern } from './custom-pattern.js';
import { FORMAT_CHECKS, VALIDATION_MESSAGES, isEmail, isFloat, isInteger, isNonEmpty, isPhone, isQQ, isUrl } from './format-checks.js';
import type { FormField } from './data-collection.js';

function field(key: string, component: ComponentType, more: Partial<FormField> & { require?: boolean; unique?: boolean; custom?: FormField['validations']['custom'] } = {}): FormField {
  const { require = false, unique = false, custom = null, ...rest } = more;
  return {
    key,
    label: key,
    component,
    validations: { require, unique, custom },
    maxLength: null,
    constantTypeId: null,
    placeholder: null,
    width: null,
    ...rest,
  };
}

const EMPTIES = [undefined, null, '', '  ', '\t', '\u3000'];

describe('allowEmpty: every format helper', () => {
  const helpers = { isEmail, isUrl, isInteger, isFloat, isPhone, isQQ, isNonEmpty };
  it.each(Object.entries(helpers))('%s refuses empty without the flag and passes it with the flag', (_name, helper) => {
    for (const v of EMPTIES) {
      expect(helper(v)).toBe(false);
      expect(helper(v, true)).toBe(true);
    }
  });
  it.each(Object.entries(helpers).filter(([n]) => n !== 'isNonEmpty'))('%s still checks a non-empty value with the flag', (_name, helper) => {
    expect(helper('bad value', true)).toBe(false);
  });
});

describe('isEmail', () => {
  it.each(['a@b.cn', 'zhang.san@school.edu.cn', 'a_b+tag@mail-1.example.com', ' x@y.com ', 'A.B@C.COM'])('accepts %p', (v) => {
    expect(isEmail(v)).toBe(true);
  });
  it.each([
    'plain',
    'a@b',
    '@b.cn',
    'a@.cn',
    'a@b.c',
    'a b@c.cn',
    'a..b@c.cn',
    '.a@c.cn',
    'a@b..cn',
    'a@-b.cn',
    'a@b-.cn',
    'a@@b.cn',
    '张三@school.cn',
    'a＠b.cn', // full-width at sign
    'mailto:a@b.cn',
  ])('rejects %p', (v) => {
    expect(isEmail(v)).toBe(false);
  });
  it('refuses more than 100 characters, as the profile check does', () => {
    expect(isEmail(`${'a'.repeat(90)}@school.cn`)).toBe(true);
    expect(isEmail(`${'a'.repeat(91)}@school.cn`)).toBe(false);
  });
});

describe('isUrl: http, https, ftp or ftps only', () => {
  it.each(['http://a.cn', 'https://www.example.com/path?q=1#x', 'ftp://files.example.com', 'ftps://h:21/x', 'HTTPS://A.CN', 'http://localhost:8080', 'https://a.cn?x=1'])(
    'accepts %p',
    (v) => {
      expect(isUrl(v)).toBe(true);
    },
  );
  it.each(['www.example.com', 'www.x', 'mailto:a@b.cn', 'file:///etc/passwd', 'http://', 'http:// a.cn', 'http:/a.cn', 'httpx://a.cn', 'sftp://a.cn', 'ws://a.cn', 'javascript:alert(1)', '//a.cn', 'http://a.cn/ b'])(
    'rejects %p',
    (v) => {
      expect(isUrl(v)).toBe(false);
    },
  );
});

describe('isInteger: optional sign, no leading zeros', () => {
  it.each(['0', '7', '-3', '+12', '1234567890', ' 42 ', '-0', '+0', 12, -3, 0])('accepts %p', (v) => {
    expect(isInteger(v)).toBe(true);
  });
  it.each(['007', '01', '-01', '+01', '00', '1.0', '1.5', '+', '-', '+-1', '--1', '1e3', '1 2', '1,000', 'abc', '０', '１２', '－3', 1.5, Number.NaN])(
    'rejects %p',
    (v) => {
      expect(isInteger(v)).toBe(false);
    },
  );
});

describe('isFloat: an integer or a decimal, optional sign, no leading zeros', () => {
  it.each(['0', '0.5', '-0.5', '+3.25', '1.50', '10', '10.0', '123.456', '-7', 1.5, 0])('accepts %p', (v) => {
    expect(isFloat(v)).toBe(true);
  });
  it.each(['.5', '5.', '01.2', '00.5', '00', '1.2.3', '1e5', 'NaN', 'Infinity', '1,5', '-', '+.5', '１.５', '1．5'])('rejects %p', (v) => {
    expect(isFloat(v)).toBe(false);
  });
});

describe('isPhone: a Chinese mobile with optional +86, or a landline', () => {
  it.each([
    '13812345678',
    '+8613812345678',
    '19912345678',
    ' 15012345678 ',
    '010-88886666', // area code, hyphen, 8 digits
    '0571-8888666', // 4-digit area code, 7 digits
    '01088886666', // area code without hyphen
    '88886666', // no area code
    '2345678', // 7 digits starting 2
  ])('accepts %p', (v) => {
    expect(isPhone(v)).toBe(true);
  });
  it.each([
    '12812345678', // no 12x mobile prefix
    '10812345678', // nor 10x
    '1381234567', // 10 digits
    '138123456789', // 12 digits
    '+8512812345678', // other country code
    '+86 13812345678', // a space after the code
    '8613812345678', // code without +
    '86-13812345678',
    '+86-13812345678',
    '+8601088886666', // +86 is for mobiles only
    '18886666', // a landline cannot start with 1
    '98886666', // nor with 9
    '010-18888888',
    '010-98888888',
    '123456', // too short
    '010-888888888', // 9 digits
    '10-88888888', // area code without 0
    '00571-8888666', // area code too long
    '１３８１２３４５６７８', // full-width digits
    '＋8613812345678', // full-width plus
    '138-1234-5678',
    'phone',
  ])('rejects %p', (v) => {
    expect(isPhone(v)).toBe(false);
  });
});

describe('isQQ', () => {
  it.each(['10000', '123456', '12345678901', ' 987654 '])('accepts %p', (v) => {
    expect(isQQ(v)).toBe(true);
  });
  it.each(['1234', '123456789012', '012345', '12a456', '12 3456', '-12345', '１２３４５６'])('rejects %p', (v) => {
    expect(isQQ(v)).toBe(false);
  });
});

describe('isNonEmpty', () => {
  it('needs something other than blanks', () => {
    expect(isNonEmpty('a')).toBe(true);
    expect(isNonEmpty(' a ')).toBe(true);
    expect(isNonEmpty(0)).toBe(true);
    expect(isNonEmpty('')).toBe(false);
    expect(isNonEmpty('  \t ')).toBe(false);
    expect(isNonEmpty('\u3000')).toBe(false); // a full-width space is a blank too
  });
});

describe('the component texts of 000 §5', () => {
  it('are the Chinese renderings of the quoted English', () => {
    expect(VALIDATION_MESSAGES).toEqual({
      email: '请输入正确的邮箱格式！',
      url: '请输入正确的网址格式！',
      phone: '请输入正确的国内手机或座机号码格式！',
      integer: '请输入正确的整数格式！',
      float: '请输入正确的小数格式！',
      required: '请输入数据！',
    });
  });
  it('have one check each', () => {
    expect(FORMAT_CHECKS.phone('+8613812345678', false)).toBe(true);
    expect(FORMAT_CHECKS.required(' ', false)).toBe(false);
    expect(Object.keys(FORMAT_CHECKS).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
  });
});

describe('normalizeCell', () => {
  const text = field('a', 'text');
  const multi = field('m', 'multiSelect');
  it('trims text and makes blanks null', () => {
    expect(normalizeCell(text, '  软件技术 ')).toBe('软件技术');
    for (const v of EMPTIES) expect(normalizeCell(text, v)).toBeNull();
    expect(normalizeCell(text, 12)).toBe('12');
    expect(normalizeCell(text, 0)).toBe('0');
    expect(normalizeCell(text, ['a', 'b'])).toBe('a,b');
  });
  it('splits a multiSelect on , and ，, trims and drops blanks', () => {
    expect(normalizeCell(multi, '教授, 副教授，讲师')).toEqual(['教授', '副教授', '讲师']);
    expect(normalizeCell(multi, ' 教授 ,, ，')).toEqual(['教授']);
    expect(normalizeCell(multi, [' 教授 ', '', '讲师'])).toEqual(['教授', '讲师']);
    expect(normalizeCell(multi, ' , ，')).toBeNull();
    expect(normalizeCell(multi, [])).toBeNull();
    expect(normalizeCell(multi, null)).toBeNull();
  });
});

describe('checkCell', () => {
  it('require: the required text on empty cells, only when the field requires and require is on', () => {
    const required = field('a', 'text', { require: true });
    for (const v of [null, '', '   ', '\u3000'] as CellValue[]) {
      expect(checkCell(required, v)).toBe(VALIDATION_MESSAGES.required);
      expect(checkCell(required, v, false)).toBeNull();
    }
    expect(checkCell(required, [])).toBe(VALIDATION_MESSAGES.required);
    expect(checkCell(field('b', 'text'), null)).toBeNull();
    expect(checkCell(field('b', 'phone'), '')).toBeNull(); // an optional phone may stay empty
    expect(checkCell(required, 'x')).toBeNull();
  });

  it.each<[ComponentType, string, string]>([
    ['email', 'a@b.cn', 'a@b'],
    ['url', 'https://a.cn', 'www.a.cn'],
    ['phone', '+8613812345678', '12812345678'],
    ['integer', '-3', '007'],
    ['float', '1.50', '.5'],
  ])('%s: the component text of 000 §5', (component, good, bad) => {
    const f = field('a', component);
    expect(checkCell(f, good)).toBeNull();
    expect(checkCell(f, ` ${good} `)).toBeNull();
    expect(checkCell(f, bad)).toBe(VALIDATION_MESSAGES[component as keyof typeof VALIDATION_MESSAGES]);
    expect(checkCell(f, bad, false)).toBe(VALIDATION_MESSAGES[component as keyof typeof VALIDATION_MESSAGES]); // a draft is format-checked too
  });

  it('date: a real calendar day as yyyy-MM-dd', () => {
    const f = field('d', 'date');
    for (const v of ['2026-02-28', '2024-02-29', '2026-12-31', '2026-01-01']) expect(checkCell(f, v)).toBeNull();
    for (const v of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-1', '2026/01/01', '20260101', '２０２６-01-01'])
      expect(checkCell(f, v)).toBe(CELL_MESSAGES.date);
    // longer than a date: the length rule answers first
    expect(checkCell(f, '2026-01-01 10:00')).toBe(CELL_MESSAGES.tooLong(10));
  });

  it('month: yyyy-MM with a month 01 to 12', () => {
    const f = field('m', 'month');
    for (const v of ['2026-01', '2026-12']) expect(checkCell(f, v)).toBeNull();
    for (const v of ['2026-13', '2026-00', '2026-1', '2026/01', '202601', '２０２６-01']) expect(checkCell(f, v)).toBe(CELL_MESSAGES.month);
    expect(checkCell(f, '2026-01-01')).toBe(CELL_MESSAGES.tooLong(7));
  });

  it('year: four digits', () => {
    const f = field('y', 'year');
    expect(checkCell(f, '2026')).toBeNull();
    expect(checkCell(f, 2026 as unknown as CellValue)).toBeNull();
    for (const v of ['26', '20260', '２０２６', '2026年']) expect(checkCell(f, v)).toBe(v.length > 4 ? CELL_MESSAGES.tooLong(4) : CELL_MESSAGES.year);
  });

  it('maxLength: the field may set less than its component takes, never more', () => {
    expect(checkCell(field('a', 'text'), 'x'.repeat(60))).toBeNull();
    expect(checkCell(field('a', 'text'), 'x'.repeat(61))).toBe(CELL_MESSAGES.tooLong(60));
    expect(checkCell(field('a', 'text', { maxLength: 10 }), '一二三四五六七八九十')).toBeNull();
    expect(checkCell(field('a', 'text', { maxLength: 10 }), '一二三四五六七八九十一')).toBe('不能超过10个字符');
    expect(checkCell(field('a', 'text', { maxLength: 5000 }), 'x'.repeat(61))).toBe(CELL_MESSAGES.tooLong(60));
    expect(checkCell(field('e', 'editor'), 'x'.repeat(COMPONENT_MAX_LENGTH.editor))).toBeNull();
    expect(checkCell(field('e', 'editor'), 'x'.repeat(COMPONENT_MAX_LENGTH.editor + 1))).toBe(CELL_MESSAGES.tooLong(1000));
    // measured after trimming
    expect(checkCell(field('a', 'text', { maxLength: 3 }), '  abc  ')).toBeNull();
  });

  it('select and multiSelect: only the options given; inputSelect takes any text', () => {
    const options: FieldOptions = new Map([
      ['s', ['教授', '副教授', '讲师']],
      ['m', ['教授', '副教授', '讲师']],
      ['i', ['教授']],
    ]);
    const select = field('s', 'select');
    const multi = field('m', 'multiSelect');
    expect(checkCell(select, '讲师', true, options)).toBeNull();
    expect(checkCell(select, '研究员', true, options)).toBe(CELL_MESSAGES.option);
    expect(checkCell(select, ' 讲师 ', true, options)).toBeNull();
    expect(checkCell(multi, '教授，讲师', true, options)).toBeNull();
    expect(checkCell(multi, ['教授', '讲师'], true, options)).toBeNull();
    expect(checkCell(multi, '教授,研究员', true, options)).toBe(CELL_MESSAGES.option);
    expect(checkCell(field('i', 'inputSelect'), '研究员', true, options)).toBeNull();
    // no option list known (the type has none loaded): any text goes
    expect(checkCell(select, '研究员')).toBeNull();
  });

  it('custom: the pattern with its message, or the default message', () => {
    const teacherNo = field('no', 'text', { custom: { pattern: '^T\\d{4}$', message: '工号格式为T加4位数字' } });
    expect(checkCell(teacherNo, 'T0001')).toBeNull();
    expect(checkCell(teacherNo, ' T0001 ')).toBeNull();
    expect(checkCell(teacherNo, 't0001')).toBe('工号格式为T加4位数字');
    expect(checkCell(teacherNo, 'T00012')).toBe('工号格式为T加4位数字');
    expect(checkCell(teacherNo, 'T０００１')).toBe('工号格式为T加4位数字');
    const noMessage = field('no', 'text', { custom: { pattern: '^\\d+$', message: '' } });
    expect(checkCell(noMessage, 'x1')).toBe(CELL_MESSAGES.customDefault);
    expect(CELL_MESSAGES.customDefault).toBe('格式不正确');
    // an empty optional cell is not held to the pattern
    expect(checkCell(teacherNo, '')).toBeNull();
    // the component's own format comes first
    const phone = field('p', 'phone', { custom: { pattern: '^1', message: '只能是手机' } });
    expect(checkCell(phone, '12812345678')).toBe(VALIDATION_MESSAGES.phone);
    expect(checkCell(phone, '010-88886666')).toBe('只能是手机');
    // a pattern that does not compile is the designer's error (forms/publish refuses it); the cell is not blamed
    expect(checkCell(field('x', 'text', { custom: { pattern: '(', message: 'm' } }), 'abc')).toBeNull();
  });
});

describe('compilePattern', () => {
  it('compiles a pattern or gives null', () => {
    expect(compilePattern('^T\\d{4}$')?.test('T1234')).toBe(true);
    expect(compilePattern('([')).toBeNull();
    expect(compilePattern('a{2,1}')).toBeNull();
  });
});

describe('uniqueKey', () => {
  it('keys text trimmed and multiSelect choices in order; empty has no key', () => {
    expect(uniqueKey(' T0001 ')).toBe('T0001');
    expect(uniqueKey(['教授', '讲师'])).toBe('教授,讲师');
    expect(uniqueKey(null)).toBeNull();
    expect(uniqueKey('  ')).toBeNull();
  });
});

describe('checkRows', () => {
  type Row = Record<string, CellValue>;
  const fields = [
    field('no', 'text', { label: '工号', require: true, unique: true, custom: { pattern: '^T\\d{4}$', message: '工号格式为T加4位数字' } }),
    field('name', 'text', { label: '姓名', require: true }),
    field('mobile', 'phone', { label: '手机号码' }),
    field('titles', 'multiSelect', { label: '职称', unique: true }),
  ];

  it('passes good rows', () => {
    const rows: Row[] = [
      { no: 'T0001', name: '张伟', mobile: '13812345678', titles: '教授' },
      { no: 'T0002', name: '李红', mobile: null, titles: null },
      { no: 'T0003', name: '陈静', mobile: '0571-8888666', titles: null },
    ];
    expect(checkRows(fields, rows)).toEqual([]);
  });

  it('names the row (from 1), the field and the rule of every broken cell, in order', () => {
    const rows: Row[] = [
      { no: 'T0001', name: '张伟', mobile: '13812345678' },
      { no: 'X1', name: '', mobile: '12812345678' },
      { no: 'T0003', name: '陈静', mobile: '１３８１２３４５６７８' },
    ];
    expect(checkRows(fields, rows)).toEqual([
      { row: 2, field: 'no', label: '工号', message: '工号格式为T加4位数字' },
      { row: 2, field: 'name', label: '姓名', message: VALIDATION_MESSAGES.required },
      { row: 2, field: 'mobile', label: '手机号码', message: VALIDATION_MESSAGES.phone },
      { row: 3, field: 'mobile', label: '手机号码', message: VALIDATION_MESSAGES.phone },
    ]);
  });

  it('unique within the rows: 与第N行重复 names the first row holding the value, after trimming', () => {
    const rows: Row[] = [
      { no: 'T0001', name: 'a', titles: '教授，讲师' },
      { no: 'T0002', name: 'b', titles: '讲师' },
      { no: ' T0001', name: 'c', titles: '教授,讲师' },
      { no: 'T0001', name: 'd' },
    ];
    expect(checkRows(fields, rows)).toEqual([
      { row: 3, field: 'no', label: '工号', message: '与第1行重复' },
      { row: 3, field: 'titles', label: '职称', message: '与第1行重复' },
      { row: 4, field: 'no', label: '工号', message: CELL_MESSAGES.duplicateInRows(1) },
    ]);
  });

  it('empty cells of a unique field are not duplicates of each other', () => {
    const rows: Row[] = [
      { no: 'T0001', name: 'a', titles: null },
      { no: 'T0002', name: 'b', titles: '' },
      { no: 'T0003', name: 'c' },
    ];
    expect(checkRows(fields, rows)).toEqual([]);
  });

  it('a cell refused for its format does not take part in the unique check', () => {
    const rows: Row[] = [
      { no: 'bad', name: 'a' },
      { no: 'bad', name: 'b' },
    ];
    expect(checkRows(fields, rows).map((e) => e.message)).toEqual(['工号格式为T加4位数字', '工号格式为T加4位数字']);
  });

  it('require=false (a save): empty required cells pass, everything else is still checked', () => {
    const rows: Row[] = [
      { no: '', name: '' },
      { no: 'T0001', name: null, mobile: 'x' },
      { no: 'T0001' },
    ];
    expect(checkRows(fields, rows, false)).toEqual([
      { row: 2, field: 'mobile', label: '手机号码', message: VALIDATION_MESSAGES.phone },
      { row: 3, field: 'no', label: '工号', message: '与第2行重复' },
    ]);
    expect(checkRows(fields, rows, true).filter((e) => e.message === VALIDATION_MESSAGES.required)).toHaveLength(4);
  });

  it('checks options given per field', () => {
    const options: FieldOptions = new Map([['titles', ['教授', '讲师']]]);
    expect(checkRows(fields, [{ no: 'T0001', name: 'a', titles: '教授，研究员' }], true, options)).toEqual([
      { row: 1, field: 'titles', label: '职称', message: CELL_MESSAGES.option },
    ]);
  });

  it('takes no rows', () => {
    expect(checkRows(fields, [])).toEqual([]);
  });
});

describe('cellErrorText', () => {
  it('reads 第N行「label」：message', () => {
    expect(cellErrorText({ row: 3, label: '联系电话', message: VALIDATION_MESSAGES.phone })).toBe('第3行「联系电话」：请输入正确的国内手机或座机号码格式！');
    expect(cellErrorText({ row: 12, label: '工号', message: CELL_MESSAGES.duplicateInRows(2) })).toBe('第12行「工号」：与第2行重复');
  });
});
