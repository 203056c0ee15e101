import { createHash, timingSafeEqual } from 'node:crypto';

/** The spec's token: MD5 hex of the timestamp string followed by the secret (000 §7). */
export function csrfToken(timestamp: string, secret: string): string {
  return createHash('md5').update(timestamp + secret).digest('hex');
}

export type CsrfVerdict = 'ok' | 'missing' | 'stale' | 'invalid';

/** Checks a timestamp and token pair. Timestamps are milliseconds since the epoch; a little clock skew is allowed. */
export function checkCsrf(timestamp: unknown, token: unknown, secret: string, maxAgeMs: number, now = Date.now()): CsrfVerdict {
  if (typeof timestamp !== 'string' || typeof token !== 'string' || timestamp === '' || token === '') return 'missing';
  if (!/^\d{10,16}$/.test(timestamp) || !/^[0-9a-f]{32}$/i.test(token)) return 'invalid';
  const expected = Buffer.from(csrfToken(timestamp, secret), 'utf8');
  const given = Buffer.from(token.toLowerCase(), 'utf8');
  if (!timingSafeEqual(expected, given)) return 'invalid';
  const age = now - Number(timestamp);
  if (age > maxAgeMs || age < -maxAgeMs) return 'stale';
  return 'ok';
}
