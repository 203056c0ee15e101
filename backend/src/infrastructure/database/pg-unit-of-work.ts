import { Injectable } from '@nestjs/common';
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

@Injectable()
export class PgUnitOfWork extends UnitOfWork {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => {
      const tx = Object.freeze({}) as Transaction;
      managers.set(tx, manager);
      return work(tx);
    });
  }
}
