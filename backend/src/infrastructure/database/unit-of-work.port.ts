/**
 * Runs work that spans rows in one transaction. Services see this port; repositories take the transaction handle
 * it passes, so every write inside commits or rolls back together.
 */
export abstract class UnitOfWork {
  abstract run<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `hook` once the transaction `tx` has committed (never when it rolls back, never for an attempt that was run
   * again): what tells the outside world of a write (a queue, a push) must not announce what did not happen. A hook's
   * failure is logged, not thrown: the write stands.
   */
  abstract afterCommit(tx: Transaction, hook: () => Promise<void> | void): void;
}

declare const opaque: unique symbol;

/** A transaction as services and ports see it: a handle to pass on, with nothing to read. Only the adapter opens it. */
export interface Transaction {
  readonly [opaque]: 'Transaction';
}
