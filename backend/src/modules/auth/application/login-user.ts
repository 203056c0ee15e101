/** Everything the browser keeps of the person after login (spec 000 §3): the contract's wire shape. */
export type { LoginUser } from '@zhengai/contracts';

export const avatarUrl = (userId: string, version: number | null) => (version === null ? null : `/api/user/avatar/${encodeURIComponent(userId)}?v=${version}`);
