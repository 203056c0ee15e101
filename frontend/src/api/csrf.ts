import SparkMD5 from 'spark-md5';

export interface CsrfParams {
  _t: string;
  csrfTimestamp: string;
  csrfToken: string;
}

/** The token is the MD5 hex of the timestamp string followed by the shared secret (spec 000 §7). */
export function csrfToken(timestamp: string, secret: string): string {
  return SparkMD5.hash(timestamp + secret);
}

/** Fresh parameters for one request; `_t` also defeats caches. */
export function csrfParams(secret: string, now: number = Date.now()): CsrfParams {
  const csrfTimestamp = String(now);
  return { _t: String(now), csrfTimestamp, csrfToken: csrfToken(csrfTimestamp, secret) };
}
