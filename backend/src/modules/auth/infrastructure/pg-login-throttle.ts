import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LoginThrottle } from '../application/ports/login-throttle.port.js';
import { query } from '../../../infrastructure/database/sql.js';

/**
 * Failed password checks counted in PostgreSQL so every API process shares them, in windows of 15 minutes.
 * An account is locked for 15 minutes after 5 failures. An address is never locked (a whole school may share one):
 * after 10 failures each attempt from it is held before the check, 250 ms doubling to at most 5 s, a correct
 * password included, so the wait tells nothing and guessing slows down (OWASP authentication cheat sheet).
 */
export const THROTTLE = {
  windowMinutes: 15,
  lockMinutes: 15,
  accountLimit: 5,
  addressFreeFailures: 10,
  addressFirstDelayMs: 250,
  addressMaxDelayMs: 5_000,
};

/** How long to hold an attempt from an address with this many recent failures. */
export function addressDelayMs(failures: number): number {
  if (failures < THROTTLE.addressFreeFailures) return 0;
  const doublings = Math.min(failures - THROTTLE.addressFreeFailures, 20);
  return Math.min(THROTTLE.addressMaxDelayMs, THROTTLE.addressFirstDelayMs * 2 ** doublings);
}

const accountKey = (account: string) => `account:${account.trim().toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

@Injectable()
export class PgLoginThrottle extends LoginThrottle {
  constructor(private readonly db: DataSource) {
    super();
  }

  async check(account: string, address: string): Promise<{ lockedMs: number; delayMs: number }> {
    const [row] = await query<{ locked_ms: string; address_failures: number }>(this.db,
      `SELECT coalesce(max(extract(epoch FROM (locked_until - now())) * 1000) FILTER (WHERE key = $1 AND locked_until > now()), 0)::bigint AS locked_ms,
              coalesce(max(failures) FILTER (WHERE key = $2 AND window_start >= now() - make_interval(mins => $3)), 0)::int AS address_failures
       FROM login_failure WHERE key IN ($1, $2)`,
      [accountKey(account), addressKey(address), THROTTLE.windowMinutes],
    );
    return { lockedMs: Number(row?.locked_ms ?? 0), delayMs: addressDelayMs(row?.address_failures ?? 0) };
  }

  async recordFailure(account: string, address: string): Promise<void> {
    for (const [key, limit] of [[accountKey(account), THROTTLE.accountLimit], [addressKey(address), null]] as const) {
      // One statement: a new window when the old one has passed; an account's lock when its count reaches the limit.
      await this.db.query(
        `INSERT INTO login_failure AS f (key, failures, window_start) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN f.window_start < now() - make_interval(mins => $2) THEN 1 ELSE f.failures + 1 END,
           window_start = CASE WHEN f.window_start < now() - make_interval(mins => $2) THEN now() ELSE f.window_start END,
           locked_until = CASE
             WHEN $3::int IS NOT NULL AND f.window_start >= now() - make_interval(mins => $2) AND f.failures + 1 >= $3::int
               THEN now() + make_interval(mins => $4)
             ELSE f.locked_until END`,
        [key, THROTTLE.windowMinutes, limit, THROTTLE.lockMinutes],
      );
    }
  }

  async recordSuccess(account: string): Promise<void> {
    await this.db.query(`DELETE FROM login_failure WHERE key = $1`, [accountKey(account)]);
  }
}
