import { checkCsrf, csrfToken } from './csrf.js';

describe('csrf token (spec 000 §7)', () => {
  const secret = 'secret';
  const now = 1_700_000_000_000;

  it('is the md5 hex of timestamp followed by secret', () => {
    // md5("1700000000000secret"), computed independently (node -e "crypto.createHash('md5')...")
    expect(csrfToken('1700000000000', secret)).toBe('b21c9cdebed1b892a063e392dd4185b6');
  });

  it('accepts a fresh right pair, in either letter case', () => {
    const token = csrfToken(String(now), secret);
    expect(checkCsrf(String(now), token, secret, 600_000, now)).toBe('ok');
    expect(checkCsrf(String(now), token.toUpperCase(), secret, 600_000, now)).toBe('ok');
  });

  it.each([
    [undefined, 'x'],
    ['1700000000000', undefined],
    ['', ''],
    [['1700000000000'], 'x'],
  ])('calls %p / %p missing', (ts, token) => {
    expect(checkCsrf(ts, token, secret, 600_000, now)).toBe('missing');
  });

  it('refuses a token for another secret or another timestamp, and malformed values', () => {
    expect(checkCsrf(String(now), csrfToken(String(now), 'other'), secret, 600_000, now)).toBe('invalid');
    expect(checkCsrf(String(now), csrfToken(String(now + 1), secret), secret, 600_000, now)).toBe('invalid');
    expect(checkCsrf('abc', csrfToken('abc', secret), secret, 600_000, now)).toBe('invalid');
    expect(checkCsrf(String(now), 'not-hex', secret, 600_000, now)).toBe('invalid');
  });

  it('calls a right token older than the window, or too far in the future, stale', () => {
    const old = String(now - 600_001);
    expect(checkCsrf(old, csrfToken(old, secret), secret, 600_000, now)).toBe('stale');
    const future = String(now + 600_001);
    expect(checkCsrf(future, csrfToken(future, secret), secret, 600_000, now)).toBe('stale');
    const edge = String(now - 600_000);
    expect(checkCsrf(edge, csrfToken(edge, secret), secret, 600_000, now)).toBe('ok');
  });
});
