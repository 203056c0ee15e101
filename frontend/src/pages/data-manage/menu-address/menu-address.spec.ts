import { describe, expect, it } from '@jest/globals';
import { menuAddressProblem } from './menu-address';

describe('menuAddressProblem', () => {
  it('accepts http(s) addresses and the empty value (clears)', () => {
    expect(menuAddressProblem('https://jxkh.example.cn/portal?a=1')).toBeNull();
    expect(menuAddressProblem(' http://localhost:3104/api/health ')).toBeNull();
    expect(menuAddressProblem('')).toBeNull();
  });

  it.each(['javascript:alert(1)', '/api/health', 'ftp://x.cn', 'www.x.cn', 'https://a b.cn'])('refuses %s', (value) => {
    expect(menuAddressProblem(value)).toBe('地址须为以http://或https://开头的网址');
  });

  it('refuses more than 500 characters', () => {
    expect(menuAddressProblem(`https://x.cn/${'a'.repeat(500)}`)).toBe('地址最多500个字符');
  });
});
