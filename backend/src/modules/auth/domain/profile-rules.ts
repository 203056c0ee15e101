/** Profile fields of spec 000 §5: optional, but format-checked with these exact messages. */
export const ProfileMessages = {
  email: '邮箱格式不正确！',
  phone: '联系电话格式不正确！',
  qq: 'QQ格式不正确！',
  sex: '性别只能是男或女',
  updated: '更新用户信息成功!',
  avatarUpdated: '更新用户头像成功!',
  avatarFailed: '更新用户头像失败!',
} as const;

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
// Mobile with optional +86, or landline: optional area code (0 + 2-3 digits) and hyphen, 7-8 digits starting 2-8.
const MOBILE = /^(\+86)?1[3-9]\d{9}$/;
const LANDLINE = /^(0\d{2,3}-?)?[2-8]\d{6,7}$/;
const QQ = /^[1-9]\d{4,10}$/;

export const isEmail = (v: string) => v.length <= 100 && EMAIL.test(v);
export const isPhone = (v: string) => MOBILE.test(v) || LANDLINE.test(v);
export const isQq = (v: string) => QQ.test(v);

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
