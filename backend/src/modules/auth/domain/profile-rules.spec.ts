import { isEmail, isPhone, isQq } from './profile-rules.js';

// The server checks the personal center with the browser's formats (PROFILE_FORMATS of the contract): the cases the
// two once disagreed on are refused here as in the browser.
describe('profile formats', () => {
  it('takes an ordinary email and refuses what the browser refuses', () => {
    expect(isEmail('li.hong@school.edu.cn')).toBe(true);
    for (const bad of ['a@-b.com', 'a@b-.com', '.a@b.com', 'a..b@c.com', 'a@b.c', 'lihong@']) expect(isEmail(bad)).toBe(false);
    expect(isEmail(`${'a'.repeat(91)}@school.cn`)).toBe(false); // 101 characters
  });
  it('takes mainland mobiles and landlines, QQ numbers from 10000', () => {
    expect(isPhone('+8613912345678')).toBe(true);
    expect(isPhone('010-62345678')).toBe(true);
    expect(isPhone('12912345678')).toBe(false);
    expect(isQq('10000')).toBe(true);
    expect(isQq('9999')).toBe(false);
    expect(isQq('012345')).toBe(false);
  });
});
