import { jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { Transaction } from './unit-of-work.port.js';
import { inTransaction, isRetryable, PgUnitOfWork, TRANSACTION_RETRIES } from './pg-unit-of-work.js';

/** A DataSource whose transaction runs the work on a fake manager, failing the first `failures` times with `error`. */
function fakeDb(failures: number, error: unknown) {
  let calls = 0;
  const transaction = jest.fn(async (work: (m: EntityManager) => Promise<unknown>) => {
    calls += 1;
    if (calls <= failures) throw error;
    return work({} as EntityManager);
  });
  return { db: { transaction } as unknown as DataSource, transaction };
}

// TypeORM's QueryFailedError carries the driver's fields (code) on itself and on driverError.
const pgError = (code: string) => Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'could not serialize access'), { code, driverError: { code } });

describe('inTransaction: serialization failures and deadlocks run again', () => {
  it('runs a deadlocked transaction again and answers its result', async () => {
    const { db, transaction } = fakeDb(2, pgError('40P01'));
    expect(await inTransaction(db, async () => 'done')).toBe('done');
    expect(transaction).toHaveBeenCalledTimes(3);
  });

  it('runs a serialization failure again', async () => {
    const { db, transaction } = fakeDb(1, { driverError: { code: '40001' } });
    expect(await new PgUnitOfWork(db).run(async () => 7)).toBe(7);
    expect(transaction).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${TRANSACTION_RETRIES} retries with the last error`, async () => {
    const error = pgError('40P01');
    const { db, transaction } = fakeDb(100, error);
    await expect(inTransaction(db, async () => 'never')).rejects.toBe(error);
    expect(transaction).toHaveBeenCalledTimes(TRANSACTION_RETRIES + 1);
  });

  it('never runs again for any other error', async () => {
    for (const error of [pgError('23505'), new Error('boom'), 'text', null]) {
      const { db, transaction } = fakeDb(1, error);
      await expect(inTransaction(db, async () => 'never')).rejects.toBe(error);
      expect(transaction).toHaveBeenCalledTimes(1);
    }
  });

  it('recognises the codes on the error or its driverError only', () => {
    expect([pgError('40001'), pgError('40P01'), { driverError: { code: '40P01' } }].map(isRetryable)).toEqual([true, true, true]);
    expect([pgError('40000'), pgError('57014'), {}, undefined, 'x'].map(isRetryable)).toEqual([false, false, false, false, false]);
  });
});

describe('PgUnitOfWork.afterCommit: hooks run once the transaction committed', () => {
  it('runs the hooks after the work resolved, in order, and answers the work\'s result', async () => {
    const { db } = fakeDb(0, null);
    const uow = new PgUnitOfWork(db);
    const seen: string[] = [];
    const result = await uow.run(async (tx) => {
      uow.afterCommit(tx, () => { seen.push('first'); });
      uow.afterCommit(tx, async () => { seen.push('second'); });
      seen.push('work');
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['work', 'first', 'second']);
  });

  it('never runs the hooks of a transaction that rolled back', async () => {
    const { db } = fakeDb(0, null);
    const uow = new PgUnitOfWork(db);
    const hook = jest.fn<() => void>();
    await expect(uow.run(async (tx) => {
      uow.afterCommit(tx, hook);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(hook).not.toHaveBeenCalled();
  });

  it('drops the hooks of an attempt that was run again: only the committed attempt\'s run, once', async () => {
    let calls = 0;
    const transaction = jest.fn(async (work: (m: EntityManager) => Promise<unknown>) => {
      calls += 1;
      const value = await work({} as EntityManager);
      if (calls === 1) throw pgError('40001');
      return value;
    });
    const uow = new PgUnitOfWork({ transaction } as unknown as DataSource);
    const ran: number[] = [];
    await uow.run(async (tx) => {
      const attempt = calls;
      uow.afterCommit(tx, () => { ran.push(attempt); });
    });
    expect(ran).toEqual([2]);
  });

  it('logs a failing hook and still runs the next; the write stands', async () => {
    const { db } = fakeDb(0, null);
    const uow = new PgUnitOfWork(db);
    const next = jest.fn<() => void>();
    await expect(uow.run(async (tx) => {
      uow.afterCommit(tx, () => { throw new Error('queue down'); });
      uow.afterCommit(tx, next);
      return 1;
    })).resolves.toBe(1);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('refuses a handle it did not give out', () => {
    const { db } = fakeDb(0, null);
    expect(() => new PgUnitOfWork(db).afterCommit({} as Transaction, () => undefined)).toThrow('not a transaction');
  });
});
