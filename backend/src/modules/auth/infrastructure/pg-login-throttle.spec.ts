import { accountDelayMs, addressDelayMs } from './pg-login-throttle.js';

describe('login delays (issue 31 item 3: delays, never a lock)', () => {
  it('holds an account\'s attempts after its third failure: 1 s, doubling per failure, at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50, 10_000].map(accountDelayMs)).toEqual([
      0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('lets an address (a school behind one NAT) fail 10 times for free, then the same 1 s doubling to 30 s', () => {
    expect([0, 9, 10, 11, 12, 13, 14, 15, 16, 20, 10_000].map(addressDelayMs)).toEqual([
      0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('never waits longer than the bound, however many failures', () => {
    for (let failures = 0; failures < 2_000; failures += 7) {
      expect(accountDelayMs(failures)).toBeLessThanOrEqual(30_000);
      expect(addressDelayMs(failures)).toBeLessThanOrEqual(30_000);
    }
  });
});
