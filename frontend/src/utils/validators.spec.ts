import { describe, expect, it } from '@jest/globals';
// The format helpers themselves are tested where they live: contracts/src/collection-rules.spec.ts (format-checks.ts).
import { VALIDATION_MESSAGES, formatRule, isEmail, isPhone, isStrongPassword } from './validators';

describe('the re-exported helpers', () => {
  it('are the contract helpers', () => {
    expect(isEmail('a@b.cn')).toBe(true);
    expect(isPhone('12812345678')).toBe(false);
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

describe('formatRule', () => {
  it('rejects with the component text of the spec', async () => {
    await expect(formatRule('email').validator(null, 'bad')).rejects.toThrow('请输入正确的邮箱格式！');
    await expect(formatRule('url').validator(null, 'bad')).rejects.toThrow('请输入正确的网址格式！');
    await expect(formatRule('phone').validator(null, 'bad')).rejects.toThrow(
      '请输入正确的国内手机或座机号码格式！',
    );
    await expect(formatRule('integer').validator(null, '1.5')).rejects.toThrow('请输入正确的整数格式！');
    await expect(formatRule('float').validator(null, 'x')).rejects.toThrow('请输入正确的小数格式！');
    await expect(formatRule('required').validator(null, ' ')).rejects.toThrow(VALIDATION_MESSAGES.required);
    expect(VALIDATION_MESSAGES.required).toBe('请输入数据！');
  });
  it('resolves for valid or allowed-empty values, and takes a custom message', async () => {
    await expect(formatRule('email').validator(null, 'a@b.cn')).resolves.toBeUndefined();
    await expect(formatRule('phone', true).validator(null, '')).resolves.toBeUndefined();
    await expect(formatRule('email', true, '邮箱格式不正确！').validator(null, 'x')).rejects.toThrow('邮箱格式不正确！');
  });
});
