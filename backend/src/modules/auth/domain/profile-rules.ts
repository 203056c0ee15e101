import { PROFILE_FORMATS } from '@zhengai/contracts';

/** Profile fields of spec 000 §5: optional, but format-checked with these exact messages. */
export const ProfileMessages = {
  ...PROFILE_FORMATS.messages,
  sex: '性别只能是男或女',
  updated: '更新用户信息成功!',
  avatarUpdated: '更新用户头像成功!',
  avatarFailed: '更新用户头像失败!',
} as const;

// The same formats the browser checks (the contract's PROFILE_FORMATS).
export const isEmail = (v: string) => v.length <= PROFILE_FORMATS.emailMax && PROFILE_FORMATS.email.test(v);
export const isPhone = (v: string) => PROFILE_FORMATS.mobile.test(v) || PROFILE_FORMATS.landline.test(v);
export const isQq = (v: string) => PROFILE_FORMATS.qq.test(v);

export interface ProfileInput {
  email?: string | null;
  phone?: string | null;
  qq?: string | null;
  sex?: number | string | null;
}

export interface CleanProfile {
  email: string | null;
  phone: string | null;
  qq: string | null;
  sex: 1 | 2;
}

/** Trims, checks and normalises a profile; empty means "none". Returns the first broken rule's message or the clean values. */
export function cleanProfile(input: ProfileInput, currentSex: 1 | 2): { error: string } | { profile: CleanProfile } {
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
  const email = text(input.email);
  const phone = text(input.phone);
  const qq = text(input.qq);
  const sexText = text(input.sex);
  if (email && !isEmail(email)) return { error: ProfileMessages.email };
  if (phone && !isPhone(phone)) return { error: ProfileMessages.phone };
  if (qq && !isQq(qq)) return { error: ProfileMessages.qq };
  if (sexText && sexText !== '1' && sexText !== '2') return { error: ProfileMessages.sex };
  return { profile: { email: email || null, phone: phone || null, qq: qq || null, sex: sexText ? (Number(sexText) as 1 | 2) : currentSex } };
}
