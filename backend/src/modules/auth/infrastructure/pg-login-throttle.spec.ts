import { addressDelayMs } from './pg-login-throttle.js';

describe('addressDelayMs', () => {
  it('lets the first 10 failures of an address pass unslowed, then doubles from 250 ms up to 5 s', () => {
    expect([0, 9, 10, 11, 12, 14, 15, 20, 10_000].map(addressDelayMs)).toEqual([0, 0, 250, 500, 1_000, 4_000, 5_000, 5_000, 5_000]);
  });
});
