/**
 * Counts failed password checks (logins and the old password of a change) by account and by address. An account
 * with too many is locked for a while; an address is only slowed down, so one guesser behind a school's NAT cannot
 * lock the whole school out.
 */
export abstract class LoginThrottle {
  /** Before a password is checked: how long the account is still locked (ms, 0 if not) and how long to hold the attempt. */
  abstract check(account: string, address: string): Promise<{ lockedMs: number; delayMs: number }>;
  abstract recordFailure(account: string, address: string): Promise<void>;
  /** The account's count starts again; the address's does not, or one good login would wipe out a guesser's count. */
  abstract recordSuccess(account: string): Promise<void>;
}
