import { createHash } from 'node:crypto';
import pg from 'pg';

/** Longer texts are bulk statements built for one batch (many $n): preparing them would only fill memory. */
export const MAX_TEXT_LENGTH = 16_384;
/** Distinct statements one connection keeps prepared; after that, the rest run unnamed as before. */
const MAX_PREPARED = 2_000;

/** Names already made, so a busy statement is not hashed on every call (the CPU profile showed it). */
const NAMES = new Map<string, string>();

/** A stable name for a statement's text (PostgreSQL names are at most 63 bytes). */
export function statementName(text: string): string {
  let name = NAMES.get(text);
  if (name === undefined) {
    name = `zg_${createHash('sha1').update(text).digest('base64url')}`;
    if (NAMES.size >= MAX_PREPARED) NAMES.clear();
    NAMES.set(text, name);
  }
  return name;
}

/**
 * The pool's client (TypeORM passes `extra.Client` to pg-pool): every statement with parameters goes as a named
 * prepared statement, so PostgreSQL parses it once per connection and may keep its plan, instead of parsing and
 * planning the same text on every call. Measured by the throughput bench (issue 17): planning the list statements
 * cost more than running them. Statements without parameters (migrations, BEGIN, COMMIT, DDL with several
 * commands) keep the simple protocol.
 */
export class PreparingClient extends pg.Client {
  private readonly named = new Set<string>();

  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    const run = pg.Client.prototype.query as (...a: unknown[]) => never;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && text.length <= MAX_TEXT_LENGTH) {
      const name = statementName(text);
      if (this.named.has(name) || this.named.size < MAX_PREPARED) {
        this.named.add(name);
        return run.call(this, { name, text, values }, callback);
      }
    }
    return run.apply(this, args);
  }
}
