/**
 * Every error a caller can meet, in one place: the envelope code, the HTTP status and the default message.
 * Codes are eight digits: the HTTP status, then a running number. 53000010 (session expired) comes from the spec.
 * NO_PERMISSION answers HTTP 200 with success false, as the spec's catalogue says.
 */
export const ErrorCatalogue = {
  VALIDATION: { code: 40000001, status: 400, message: '请求参数不正确' },
  MALFORMED_JSON: { code: 40000002, status: 400, message: '请求体不是合法的 JSON' },
  CSRF_INVALID: { code: 40300001, status: 403, message: 'csrfToken 校验失败，请刷新页面后重试' },
  CSRF_EXPIRED: { code: 40300002, status: 403, message: 'csrfTimestamp 已过期，请刷新页面后重试' },
  CROSS_ORIGIN: { code: 40300003, status: 403, message: '拒绝跨站请求' },
  UNKNOWN_SSO_USER: { code: 40300011, status: 403, message: '统一身份认证用户不是本平台用户，请联系管理员' },
  NO_PERMISSION: { code: 40300010, status: 200, message: 'user has no permission to access this resource' },
  NOT_FOUND: { code: 40400001, status: 404, message: '请求的数据不存在' },
  ROUTE_NOT_FOUND: { code: 40400002, status: 404, message: '接口不存在' },
  METHOD_NOT_ALLOWED: { code: 40500001, status: 405, message: '不支持该请求方法' },
  CONFLICT: { code: 40900001, status: 409, message: '数据已存在或已被他人修改，请刷新后重试' },
  PAYLOAD_TOO_LARGE: { code: 41300001, status: 413, message: '请求体过大' },
  UNSUPPORTED_MEDIA_TYPE: { code: 41500001, status: 415, message: '不支持的请求体格式' },
  RATE_LIMITED: { code: 42900001, status: 429, message: '操作过于频繁，请稍后再试' },
  BAD_CREDENTIALS: { code: 40100001, status: 401, message: '用户名或密码错误' },
  SSO_FAILED: { code: 40100002, status: 401, message: '统一身份认证失败，请重新登录' },
  NOT_LOGGED_IN: { code: 53000010, status: 401, message: 'not logged in or session expired, please log in again!' },
  SESSION_MISMATCH: { code: 53000010, status: 401, message: '登录信息与当前会话不一致，请重新登录' },
  INTERNAL: { code: 50000001, status: 500, message: '服务器内部错误，请稍后重试' },
  DATABASE_UNAVAILABLE: { code: 50300001, status: 503, message: '数据库暂不可用，请稍后重试' },
  QUEUE_UNAVAILABLE: { code: 50300002, status: 503, message: '任务队列暂不可用，请稍后重试' },
} as const;

export type ErrorKind = keyof typeof ErrorCatalogue;
export interface ErrorEntry {
  code: number;
  status: number;
  message: string;
}
