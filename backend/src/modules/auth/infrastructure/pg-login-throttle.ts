import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LoginThrottle } from '../application/ports/login-throttle.port.js';
import { query } from '../../../infrastructure/database/sql.js';

/**
 * Failed logins counted in PostgreSQL so every API process shares them. An account is locked after
 * 5 failures in 15 minutes; an address after 20 (a whole campus may share one address), each for 15 minutes.
 */
export const THROTTLE = { windowMinutes: 15, lockMinutes: 15, accountLimit: 5, addressLimit: 20 };

@Injectable()
export class PgLoginThrottle extends LoginThrottle {
  constructor(private readonly db: DataSource) {
    super();
  }

  async lockedFor(keys: string[]): Promise<number> {
    const rows = await query<{ ms: string | null }>(this.db,
      `SELECT max(extract(epoch FROM (locked_until - now())) * 1000)::bigint AS ms FROM login_failure WHERE key = ANY($1) AND locked_until > now()`,
      [keys],
    );
    return Number(rows[0]?.ms ?? 0);
  }

  async recordFailure(keys: string[]): Promise<void> {
    for (const key of keys) {
      const limit = key.startsWith('ip:') ? THROTTLE.addressLimit : THROTTLE.accountLimit;
      // One statement: a new window when the old one has passed, the lock when the count reaches the limit.
      await this.db.query(
        `INSERT INTO login_failure AS f (key, failures, window_start) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN f.window_start < now() - make_interval(mins => $2) THEN 1 ELSE f.failures + 1 END,
           window_start = CASE WHEN f.window_start < now() - make_interval(mins => $2) THEN now() ELSE f.window_start END,
           locked_until = CASE
             WHEN f.window_start >= now() - make_interval(mins => $2) AND f.failures + 1 >= $3 THEN now() + make_interval(mins => $4)
             ELSE f.locked_until END`,
        [key, THROTTLE.windowMinutes, limit, THROTTLE.lockMinutes],
      );
    }
  }

  async clear(keys: string[]): Promise<void> {
    await this.db.query(`DELETE FROM login_failure WHERE key = ANY($1)`, [keys]);
  }
}
