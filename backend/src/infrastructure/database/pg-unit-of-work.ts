import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UnitOfWork, type Transaction } from './unit-of-work.port.js';

// The handles this adapter gave out, with the EntityManager of each; the handle itself carries nothing.
const managers = new WeakMap<Transaction, EntityManager>();

/** The EntityManager of a transaction the unit of work opened; repositories (adapters) run their SQL on it. */
export function managerOf(tx: Transaction): EntityManager {
  const manager = managers.get(tx);
  if (!manager) throw new Error('not a transaction of PgUnitOfWork');
  return manager;
}

/**
 * Where a read that may run inside a caller's transaction goes: the transaction when there is one (never a second
 * pool connection while the transaction holds one), else the pool.
 */
export function runnerOf(db: DataSource, tx?: Transaction | null): DataSource | EntityManager {
  return tx ? managerOf(tx) : db;
}

/** PostgreSQL's serialization failure and deadlock: the transaction was rolled back and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/** How often a transaction PostgreSQL rolled back for a serialization failure or a deadlock is run again. */
export const TRANSACTION_RETRIES = 3;

/** True for an error PostgreSQL answered with a serialization failure (40001) or a deadlock (40P01). */
export function isRetryable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, driverError } = e as { code?: unknown; driverError?: { code?: unknown } };
  return RETRYABLE.has(String(code ?? driverError?.code ?? ''));
}

/** The isolation levels of PostgreSQL a transaction may ask for (READ COMMITTED when none is given). */
export type IsolationLevel = 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';

const logger = new Logger('Transaction');
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one way a transaction is run: `work` on a transaction's EntityManager, committed when it resolves, rolled back
 * when it throws. Rolled back by PostgreSQL for a serialization failure or a deadlock, the whole work runs again
 * (a fresh transaction, after a short random pause: 10–40 ms, then 20–80, 40–160) up to TRANSACTION_RETRIES times
 * before the error goes to the caller; `work` must therefore do nothing outside the database it could not do twice.
 * Any other error goes to the caller at once.
 */
export async function inTransaction<T>(db: DataSource, work: (manager: EntityManager) => Promise<T>, isolation?: IsolationLevel): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await (isolation ? db.transaction(isolation, work) : db.transaction(work));
    } catch (e) {
      if (attempt >= TRANSACTION_RETRIES || !isRetryable(e)) throw e;
      const base = 10 * 2 ** attempt;
      logger.warn(`transaction rolled back (${(e as { code?: string }).code ?? (e as { driverError?: { code?: string } }).driverError?.code}), running it again (${attempt + 1} of ${TRANSACTION_RETRIES})`);
      await pause(base + Math.random() * 3 * base);
    }
  }
}

@Injectable()
export class PgUnitOfWork extends UnitOfWork {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    // Each attempt has its own handle: hooks an attempt that was rolled back and run again registered are dropped with it.
    let committed = null as Transaction | null;
    const result = await inTransaction(this.dataSource, async (manager) => {
      const tx = Object.freeze({}) as Transaction;
      managers.set(tx, manager);
      const value = await work(tx);
      committed = tx;
      return value;
    });
    if (committed) await runHooks(committed);
    return result;
  }

  afterCommit(tx: Transaction, hook: () => Promise<void> | void): void {
    if (!managers.has(tx)) throw new Error('not a transaction of PgUnitOfWork');
    const list = hooks.get(tx);
    if (list) list.push(hook);
    else hooks.set(tx, [hook]);
  }
}

// The hooks to run after each transaction's commit, by handle.
const hooks = new WeakMap<Transaction, Array<() => Promise<void> | void>>();

/** Runs a committed transaction's hooks in order; a failing one is logged and the next still runs. */
async function runHooks(tx: Transaction): Promise<void> {
  const list = hooks.get(tx);
  if (!list) return;
  hooks.delete(tx);
  for (const hook of list) {
    try {
      await hook();
    } catch (e) {
      logger.error(`after-commit hook failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    }
  }
}
