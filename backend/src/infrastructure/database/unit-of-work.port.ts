/**
 * Runs work that spans rows in one transaction. Services see this port; repositories take the transaction handle
 * it passes, so every write inside commits or rolls back together.
 */
export abstract class UnitOfWork {
  abstract run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

declare const opaque: unique symbol;

/** A transaction as services and ports see it: a handle to pass on, with nothing to read. Only the adapter opens it. */
export interface Transaction {
  readonly [opaque]: 'Transaction';
}
