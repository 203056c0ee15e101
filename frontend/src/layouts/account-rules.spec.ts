import { describe, expect, it } from '@jest/globals';
import {
  PASSWORD_MESSAGES,
  checkConfirmPassword,
  checkEmail,
  checkNewPassword,
  checkOldPassword,
  checkPhone,
  checkQQ,
  isAvatarFileName,
  ruleOf,
} from './account-rules';

describe('password rules', () => {
  it('asks for each field with its own text', () => {
    expect(checkOldPassword('')).toBe('请输入旧密码！');
    expect(checkOldPassword(undefined)).toBe('请输入旧密码！');
    expect(checkNewPassword('')).toBe('请输入新密码！');
    expect(checkConfirmPassword(undefined, 'NewPass2027')).toBe('请输入确认新密码！');
  });

  it('refuses pure spaces in every field', () => {
    expect(checkOldPassword('   ')).toBe('不能为纯空格！');
    expect(checkNewPassword('         ')).toBe('不能为纯空格！');
    expect(checkConfirmPassword('  ', '  ')).toBe('不能为纯空格！');
  });

  it('needs letters and digits, 8 or more, for the new password', () => {
    expect(checkNewPassword('abcdefgh')).toBe('密码必须包含字母和数字,必须大于等于8位！');
    expect(checkNewPassword('12345678')).toBe(PASSWORD_MESSAGES.weak);
    expect(checkNewPassword('abc1234')).toBe(PASSWORD_MESSAGES.weak);
    expect(checkNewPassword('NewPass2027')).toBeNull();
    // the old one is checked by the server only
    expect(checkOldPassword('x')).toBeNull();
  });

  it('needs the confirmation to equal the new password', () => {
    expect(checkConfirmPassword('NewPass2028', 'NewPass2027')).toBe('请与新密码一致！');
    expect(checkConfirmPassword('NewPass2027', 'NewPass2027')).toBeNull();
  });
});

describe('profile rules', () => {
  it('lets empty values pass and checks the format of the others', () => {
    for (const check of [checkEmail, checkPhone, checkQQ]) {
      expect(check('')).toBeNull();
      expect(check(undefined)).toBeNull();
      expect(check(null)).toBeNull();
    }
    expect(checkEmail('lihong@school.cn')).toBeNull();
    expect(checkEmail('lihong@')).toBe('邮箱格式不正确！');
    expect(checkPhone('13800138000')).toBeNull();
    expect(checkPhone('0512-66668888')).toBeNull();
    expect(checkPhone('12345')).toBe('联系电话格式不正确！');
    expect(checkQQ('123456')).toBeNull();
    expect(checkQQ('0123456')).toBe('QQ格式不正确！');
    expect(checkQQ('1234')).toBe('QQ格式不正确！');
  });
});

describe('isAvatarFileName', () => {
  it.each(['a.gif', 'a.JPG', 'photo.jpeg', 'x.y.png', 'b.bmp', 'c.webp'])('accepts %p', (name) => {
    expect(isAvatarFileName(name)).toBe(true);
  });
  it.each(['a.svg', 'a.tiff', 'png', 'a.png.exe', ''])('refuses %p', (name) => {
    expect(isAvatarFileName(name)).toBe(false);
  });
});

describe('ruleOf', () => {
  it('turns a check into an antd validator', async () => {
    await expect(ruleOf(checkQQ).validator(null, '0')).rejects.toThrow('QQ格式不正确！');
    await expect(ruleOf(checkQQ).validator(null, '10000')).resolves.toBeUndefined();
  });
});
