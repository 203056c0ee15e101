/**
 * Counts failed password checks (logins and the old password of a change) by account and by address, and says how
 * long to hold the next attempt: delays that grow with the failures, never a lock, so nobody can lock an account's
 * owner out (the right password still gets in, after its delay). An address whose attempts come faster than its
 * delay lets them through is refused (429) for a while: that address only.
 */
export abstract class LoginThrottle {
  /** Before a password is checked: how long to hold this attempt (ms), or refused when its address floods. */
  abstract check(account: string, address: string): Promise<{ delayMs: number; refused: boolean }>;
  /** A wrong password. `known`: the account exists, so its owner is told at their next login. */
  abstract recordFailure(account: string, address: string, known: boolean): Promise<void>;
  /**
   * A login with the right password: the account's count starts again (the address's does not, or one good login
   * would wipe out a guesser's count). Answers the account's failures since its previous login.
   */
  abstract recordLogin(account: string): Promise<number>;
  /** The right old password of a change: the account's delays start again; its owner still hears of the failures. */
  abstract recordSuccess(account: string): Promise<void>;
}
