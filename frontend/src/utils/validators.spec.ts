import { describe, expect, it } from '@jest/globals';
import { VALIDATION_MESSAGES, formatRule, isEmail, isFloat, isInteger, isNonEmpty, isPhone, isQQ, isStrongPassword, isUrl } from './validators';

describe('isEmail', () => {
  it.each(['a@b.cn', 'zhang.san@school.edu.cn', 'a_b+tag@mail-1.example.com', ' x@y.com '])('accepts %p', (v) => {
    expect(isEmail(v)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', '@b.cn', 'a@.cn', 'a@b.c', 'a b@c.cn', 'a..b@c.cn', '.a@c.cn', 'a@b..cn', 'a@-b.cn'])(
    'rejects %p',
    (v) => {
      expect(isEmail(v)).toBe(false);
    },
  );
  it('refuses more than 100 characters, as the server does', () => {
    expect(isEmail(`${'a'.repeat(90)}@school.cn`)).toBe(true);
    expect(isEmail(`${'a'.repeat(91)}@school.cn`)).toBe(false);
  });
  it('allows empty only with the flag', () => {
    expect(isEmail(undefined)).toBe(false);
    expect(isEmail(undefined, true)).toBe(true);
    expect(isEmail(null, true)).toBe(true);
    expect(isEmail('   ', true)).toBe(true);
    expect(isEmail('bad', true)).toBe(false);
  });
});

describe('isUrl', () => {
  it.each(['http://a.cn', 'https://www.example.com/path?q=1#x', 'ftp://files.example.com', 'ftps://h:21/x', 'HTTPS://A.CN'])(
    'accepts %p',
    (v) => {
      expect(isUrl(v)).toBe(true);
    },
  );
  it.each(['www.example.com', 'mailto:a@b.cn', 'file:///etc/passwd', 'http://', 'http:// a.cn', 'httpx://a.cn', 'sftp://a.cn', 'javascript:alert(1)'])(
    'rejects %p',
    (v) => {
      expect(isUrl(v)).toBe(false);
    },
  );
  it('allows empty only with the flag', () => {
    expect(isUrl('')).toBe(false);
    expect(isUrl('', true)).toBe(true);
  });
});

describe('isInteger', () => {
  it.each(['0', '7', '-7', '+7', '1234567890', 12, -3, 0])('accepts %p', (v) => {
    expect(isInteger(v)).toBe(true);
  });
  it.each(['01', '-01', '00', '1.0', '1.5', '+', '-', '1e3', '1 2', 'abc', '０', 1.5])('rejects %p', (v) => {
    expect(isInteger(v)).toBe(false);
  });
  it('allows empty only with the flag', () => {
    expect(isInteger(null)).toBe(false);
    expect(isInteger(null, true)).toBe(true);
  });
});

describe('isFloat', () => {
  it.each(['0', '0.5', '-0.5', '+3.25', '10', '10.0', '123.456', 1.5])('accepts %p', (v) => {
    expect(isFloat(v)).toBe(true);
  });
  it.each(['.5', '5.', '01.5', '00', '1.2.3', '1e5', 'NaN', '1,5', '-'])('rejects %p', (v) => {
    expect(isFloat(v)).toBe(false);
  });
  it('allows empty only with the flag', () => {
    expect(isFloat('')).toBe(false);
    expect(isFloat('', true)).toBe(true);
  });
});

describe('isPhone', () => {
  it.each(['13800138000', '+8613800138000', '19912345678', '010-88888888', '0571-8888888', '01088888888', '88888888', '2345678'])(
    'accepts %p',
    (v) => {
      expect(isPhone(v)).toBe(true);
    },
  );
  it.each([
    '12800138000', // no 12x mobile prefix
    '1380013800', // 10 digits
    '138001380001', // 12 digits
    '+8513800138000', // other country code
    '86-13800138000',
    '010-18888888', // local number starting 1
    '010-98888888', // local number starting 9
    '123456', // too short
    '010-888888888', // 9 digits
    '10-88888888', // area code without 0
    'phone',
  ])('rejects %p', (v) => {
    expect(isPhone(v)).toBe(false);
  });
  it('allows empty only with the flag', () => {
    expect(isPhone(undefined)).toBe(false);
    expect(isPhone(undefined, true)).toBe(true);
  });
});

describe('isQQ', () => {
  it.each(['10000', '123456', '12345678901', ' 987654 '])('accepts %p', (v) => {
    expect(isQQ(v)).toBe(true);
  });
  it.each(['1234', '123456789012', '012345', '12a456', '12 3456', '-12345'])('rejects %p', (v) => {
    expect(isQQ(v)).toBe(false);
  });
  it('allows empty only with the flag', () => {
    expect(isQQ('')).toBe(false);
    expect(isQQ('', true)).toBe(true);
  });
});

describe('isStrongPassword', () => {
  it.each(['Demo2026', 'NewPass2027', 'abcdefg1', '1234567a', 'a1 b2 c3 d4', 'Pa55word!'])('accepts %p', (v) => {
    expect(isStrongPassword(v)).toBe(true);
  });
  it.each(['Demo202', 'abcdefgh', '12345678', '', '        ', null, undefined])('rejects %p', (v) => {
    expect(isStrongPassword(v)).toBe(false);
  });
});

describe('isNonEmpty', () => {
  it('needs something other than blanks', () => {
    expect(isNonEmpty('a')).toBe(true);
    expect(isNonEmpty(' a ')).toBe(true);
    expect(isNonEmpty(0)).toBe(true);
    expect(isNonEmpty('')).toBe(false);
    expect(isNonEmpty('  \t ')).toBe(false);
    expect(isNonEmpty(null)).toBe(false);
    expect(isNonEmpty(undefined)).toBe(false);
  });
  it('passes empty with the flag', () => {
    expect(isNonEmpty('  ', true)).toBe(true);
  });
});

describe('formatRule', () => {
  it('rejects with the component text of the spec', async () => {
    await expect(formatRule('email').validator(null, 'bad')).rejects.toThrow('please enter correct email format!');
    await expect(formatRule('url').validator(null, 'bad')).rejects.toThrow('please enter correct URL format!');
    await expect(formatRule('phone').validator(null, 'bad')).rejects.toThrow(
      'please enter a correct Chinese mobile or landline format!',
    );
    await expect(formatRule('integer').validator(null, '1.5')).rejects.toThrow('please enter correct integer format!');
    await expect(formatRule('float').validator(null, 'x')).rejects.toThrow('please enter correct float format!');
    await expect(formatRule('required').validator(null, ' ')).rejects.toThrow(VALIDATION_MESSAGES.required);
    expect(VALIDATION_MESSAGES.required).toBe('please enter data!');
  });
  it('resolves for valid or allowed-empty values, and takes a custom message', async () => {
    await expect(formatRule('email').validator(null, 'a@b.cn')).resolves.toBeUndefined();
    await expect(formatRule('phone', true).validator(null, '')).resolves.toBeUndefined();
    await expect(formatRule('email', true, '邮箱格式不正确！').validator(null, 'x')).rejects.toThrow('邮箱格式不正确！');
  });
});
