/** The login headers the browser sends (000 §7); loginUserName is URI-encoded twice. Identity never comes from them. */
export interface LoginHeaders {
  loginUserId?: string;
  loginUserName?: string;
  loginUserOrgId?: string;
}

function header(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v === '' ? undefined : v;
}

function decodeTwice(value: string): string {
  try {
    return decodeURIComponent(decodeURIComponent(value));
  } catch {
    return value;
  }
}

export function readLoginHeaders(headers: Record<string, string | string[] | undefined>): LoginHeaders {
  const name = header(headers['loginusername']);
  return {
    loginUserId: header(headers['loginuserid']),
    loginUserName: name === undefined ? undefined : decodeTwice(name),
    loginUserOrgId: header(headers['loginuserorgid']),
  };
}

/** A header that is present must agree with the session; an absent one is fine (API consumers). */
export function headersAgreeWithSession(headers: LoginHeaders, session: { userId: string; orgId?: string | null }): boolean {
  if (headers.loginUserId !== undefined && headers.loginUserId !== session.userId) return false;
  if (headers.loginUserOrgId !== undefined && session.orgId && headers.loginUserOrgId !== session.orgId) return false;
  return true;
}
