// Wire shapes of the backend contract (spec 000 §3 and §7), written once in @zhengai/contracts and re-exported here
// under the names the pages use.
import type { LoginUser as WireLoginUser } from '@zhengai/contracts';

export type * from '@zhengai/contracts';

/**
 * The login user as the browser keeps it (utils/login-storage.ts): the login answer, completed step by step after
 * login (auth/login-flow.ts) and patched by the personal center, so everything but the identity may be missing;
 * sex may be the form's '1' / '2', and lastAccessTime becomes the time of this access (ms since epoch).
 * It takes the place of the contract's LoginUser in this module's exports.
 */
export type LoginUser = Pick<WireLoginUser, 'userId' | 'userName' | 'orgId'> &
  Partial<Omit<WireLoginUser, 'userId' | 'userName' | 'orgId' | 'sex' | 'lastAccessTime'>> & {
    sex?: WireLoginUser['sex'] | string | null;
    lastAccessTime?: number | string | null;
  };
