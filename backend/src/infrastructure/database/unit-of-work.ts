import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Runs work that spans rows in one transaction. Services see this port; repositories take the
 * transaction handle it passes so every write inside commits or rolls back together.
 */
export abstract class UnitOfWork {
  abstract run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** Opaque to services; adapters read the EntityManager from it. */
export interface Transaction {
  readonly manager: EntityManager;
}

@Injectable()
export class TypeormUnitOfWork extends UnitOfWork {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work({ manager }));
  }
}
