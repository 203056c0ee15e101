import { cleanMenuAddress, mayHaveAddress } from './menu-address.js';

describe('cleanMenuAddress', () => {
  it('keeps an http(s) address and clears on empty', () => {
    expect(cleanMenuAddress(' https://jxkh.school.edu.cn/index?a=1 ')).toEqual({ url: 'https://jxkh.school.edu.cn/index?a=1' });
    expect(cleanMenuAddress('http://localhost:3000/api/health')).toEqual({ url: 'http://localhost:3000/api/health' });
    expect(cleanMenuAddress('')).toEqual({ url: null });
    expect(cleanMenuAddress(null)).toEqual({ url: null });
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative/page', 'ftp://x.cn', 'https://', 'https://a b.cn', 'www.school.edu.cn'])(
    'refuses %s',
    (value) => {
      expect(cleanMenuAddress(value)).toEqual({ problem: '地址须为以http://或https://开头的网址' });
    },
  );

  it('refuses more than 500 characters', () => {
    expect(cleanMenuAddress(`https://x.cn/${'a'.repeat(500)}`)).toEqual({ problem: '地址最多500个字符' });
  });
});

describe('mayHaveAddress', () => {
  it('allows top menu placeholders and entries that have an address, not built pages or sub-pages', () => {
    expect(mayHaveAddress({ component: 'Placeholder', externalUrl: null, topLevel: true })).toBe(true);
    expect(mayHaveAddress({ component: 'Placeholder', externalUrl: null, topLevel: false })).toBe(false);
    expect(mayHaveAddress({ component: 'UserManage', externalUrl: null, topLevel: false })).toBe(false);
    expect(mayHaveAddress({ component: 'UserManage', externalUrl: 'https://x.cn', topLevel: false })).toBe(true);
    expect(mayHaveAddress({ component: null, externalUrl: null, topLevel: true })).toBe(false);
  });
});
