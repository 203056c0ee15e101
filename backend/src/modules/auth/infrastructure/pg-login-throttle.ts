import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LoginThrottle } from '../application/ports/login-throttle.port.js';
import { query } from '../../../infrastructure/database/sql.js';

/**
 * Failed password checks counted in PostgreSQL (table login_failure), so every API process shares them. As the OWASP
 * authentication cheat sheet advises, no lock: delays that double with each failure, up to a bound.
 * - An account: the first 3 failures cost nothing, then every attempt at it (the right password too) is held 1 s,
 *   doubling per failure, at most 30 s. A lock would let anyone lock anyone out.
 * - An address: a whole school may share one behind a NAT, so its first 10 failures cost nothing, then the same
 *   1 s doubling to 30 s. Its attempts also take turns: each is let through a delay after the previous one, and one
 *   that would wait more than 30 s for its turn is refused at once (429, that address only), so a flood of parallel
 *   guesses from one address gets one guess per delay and holds no pile of waiting requests.
 * Failures are forgotten 15 minutes after the last one. The wait comes before the password is checked, so it tells
 * nothing about the password; it is an awaited timer, holding neither a database connection nor the event loop.
 */
export const THROTTLE = {
  forgetMinutes: 15,
  accountFreeFailures: 3,
  addressFreeFailures: 10,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
};

/** The hold after this many recent failures, the first `free` of them costing nothing. */
function delayAfter(failures: number, free: number): number {
  if (failures <= free) return 0;
  const doublings = Math.min(failures - free - 1, 20);
  return Math.min(THROTTLE.maxDelayMs, THROTTLE.firstDelayMs * 2 ** doublings);
}

/** How long to hold an attempt at an account with this many recent failures. */
export const accountDelayMs = (failures: number): number => delayAfter(failures, THROTTLE.accountFreeFailures);
/** How long an address with this many recent failures waits between its attempts. */
export const addressDelayMs = (failures: number): number => delayAfter(failures, THROTTLE.addressFreeFailures);

const accountKey = (account: string) => `account:${account.trim().toLowerCase()}`;
const addressKey = (address: string) => `ip:${address}`;

@Injectable()
export class PgLoginThrottle extends LoginThrottle {
  constructor(private readonly db: DataSource) {
    super();
  }

  async check(account: string, address: string): Promise<{ delayMs: number; refused: boolean }> {
    const rows = await query<{ key: string; failures: number }>(this.db,
      `SELECT key, failures FROM login_failure
       WHERE key IN ($1, $2) AND last_failure >= now() - make_interval(mins => $3)`,
      [accountKey(account), addressKey(address), THROTTLE.forgetMinutes],
    );
    const failuresOf = (key: string) => rows.find((r) => r.key === key)?.failures ?? 0;
    const accountWait = accountDelayMs(failuresOf(accountKey(account)));
    const addressDelay = addressDelayMs(failuresOf(addressKey(address)));
    if (addressDelay === 0) return { delayMs: accountWait, refused: false };
    // The address's next turn, taken in one statement (row lock): a delay after the latest turn given, unless that
    // is more than the longest delay away.
    const [turn] = await query<{ wait_ms: string }>(this.db,
      `UPDATE login_failure
       SET held_until = greatest(held_until, now()) + make_interval(secs => $2::double precision / 1000)
       WHERE key = $1
         AND greatest(held_until, now()) + make_interval(secs => $2::double precision / 1000) <= now() + make_interval(secs => $3::double precision / 1000)
       RETURNING (extract(epoch FROM held_until - now()) * 1000)::bigint AS wait_ms`,
      [addressKey(address), addressDelay, THROTTLE.maxDelayMs],
    );
    if (!turn) return { delayMs: 0, refused: true };
    return { delayMs: Math.max(accountWait, Number(turn.wait_ms)), refused: false };
  }

  async recordFailure(account: string, address: string, known: boolean): Promise<void> {
    // Both rows in one statement: a count forgotten since the last failure starts again at 1.
    await this.db.query(
      `INSERT INTO login_failure AS f (key, failures, last_failure, unseen) VALUES ($1, 1, now(), $4), ($2, 1, now(), 0)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN f.last_failure < now() - make_interval(mins => $3) THEN 1 ELSE f.failures + 1 END,
         last_failure = now(),
         unseen = f.unseen + excluded.unseen`,
      [accountKey(account), addressKey(address), THROTTLE.forgetMinutes, known ? 1 : 0],
    );
  }

  async recordLogin(account: string): Promise<number> {
    const [row] = await query<{ unseen: number }>(this.db, `DELETE FROM login_failure WHERE key = $1 RETURNING unseen`, [accountKey(account)]);
    return row?.unseen ?? 0;
  }

  async recordSuccess(account: string): Promise<void> {
    await this.db.query(`UPDATE login_failure SET failures = 0 WHERE key = $1`, [accountKey(account)]);
  }
}
