/** Counts failed logins per key (account, address); a key with too many is locked for a while. */
export abstract class LoginThrottle {
  /** Milliseconds the longest-locked of these keys must still wait, 0 when none is locked. */
  abstract lockedFor(keys: string[]): Promise<number>;
  abstract recordFailure(keys: string[]): Promise<void>;
  abstract clear(keys: string[]): Promise<void>;
}
