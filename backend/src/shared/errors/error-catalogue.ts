import { CHINESE_RENDERINGS, ERROR_CODES } from '@zhengai/contracts';

/**
 * Every error a caller can meet, in one place: the envelope code, the HTTP status and the default message.
 * Codes are eight digits: the HTTP status, then a running number (the contract's ERROR_CODES, which the browser
 * shares); 53000010 (session expired) comes from the spec.
 * NO_PERMISSION answers HTTP 200 with success false, as the spec's catalogue says. The two texts the spec quotes in
 * English are its Chinese renderings (contracts' english-originals.ts, the English beside them).
 */
export const ErrorCatalogue = {
  VALIDATION: { code: ERROR_CODES.VALIDATION, status: 400, message: '请求参数不正确' },
  MALFORMED_JSON: { code: ERROR_CODES.MALFORMED_JSON, status: 400, message: '请求体不是合法的 JSON' },
  BODY_TOO_COMPLEX: { code: ERROR_CODES.BODY_TOO_COMPLEX, status: 400, message: '请求数据层级过深' },
  CSRF_INVALID: { code: ERROR_CODES.CSRF_INVALID, status: 403, message: 'csrfToken 校验失败，请刷新页面后重试' },
  CSRF_EXPIRED: { code: ERROR_CODES.CSRF_EXPIRED, status: 403, message: 'csrfTimestamp 已过期，请刷新页面后重试' },
  CROSS_ORIGIN: { code: ERROR_CODES.CROSS_ORIGIN, status: 403, message: '拒绝跨站请求' },
  UNKNOWN_SSO_USER: { code: ERROR_CODES.UNKNOWN_SSO_USER, status: 403, message: '统一身份认证用户不是本平台用户，请联系管理员' },
  PASSWORD_CHANGE_REQUIRED: { code: ERROR_CODES.PASSWORD_CHANGE_REQUIRED, status: 403, message: '请先修改初始密码' },
  NO_PERMISSION: { code: ERROR_CODES.NO_PERMISSION, status: 200, message: CHINESE_RENDERINGS.noPermission },
  NOT_FOUND: { code: ERROR_CODES.NOT_FOUND, status: 404, message: '请求的数据不存在' },
  ROUTE_NOT_FOUND: { code: ERROR_CODES.ROUTE_NOT_FOUND, status: 404, message: '接口不存在' },
  METHOD_NOT_ALLOWED: { code: ERROR_CODES.METHOD_NOT_ALLOWED, status: 405, message: '不支持该请求方法' },
  CONFLICT: { code: ERROR_CODES.CONFLICT, status: 409, message: '数据已存在或已被他人修改，请刷新后重试' },
  PAYLOAD_TOO_LARGE: { code: ERROR_CODES.PAYLOAD_TOO_LARGE, status: 413, message: '请求体过大' },
  UNSUPPORTED_MEDIA_TYPE: { code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, status: 415, message: '不支持的请求体格式' },
  RATE_LIMITED: { code: ERROR_CODES.RATE_LIMITED, status: 429, message: '操作过于频繁，请稍后再试' },
  UPLOAD_QUOTA: { code: ERROR_CODES.UPLOAD_QUOTA, status: 429, message: '同时上传的文件过多，请等待其他文件上传完成后再试' },
  BAD_CREDENTIALS: { code: ERROR_CODES.BAD_CREDENTIALS, status: 401, message: '用户名或密码错误' },
  SSO_FAILED: { code: ERROR_CODES.SSO_FAILED, status: 401, message: '统一身份认证失败，请重新登录' },
  NOT_LOGGED_IN: { code: ERROR_CODES.NOT_LOGGED_IN, status: 401, message: CHINESE_RENDERINGS.notLoggedIn },
  SESSION_MISMATCH: { code: ERROR_CODES.SESSION_MISMATCH, status: 401, message: '登录信息与当前会话不一致，请重新登录' },
  INTERNAL: { code: ERROR_CODES.INTERNAL, status: 500, message: '服务器内部错误，请稍后重试' },
  DATABASE_UNAVAILABLE: { code: ERROR_CODES.DATABASE_UNAVAILABLE, status: 503, message: '数据库暂不可用，请稍后重试' },
  QUEUE_UNAVAILABLE: { code: ERROR_CODES.QUEUE_UNAVAILABLE, status: 503, message: '任务队列暂不可用，请稍后重试' },
  INSUFFICIENT_STORAGE: { code: ERROR_CODES.INSUFFICIENT_STORAGE, status: 507, message: '磁盘空间不足，请联系管理员' },
} as const;

export type ErrorKind = keyof typeof ErrorCatalogue;
export interface ErrorEntry {
  code: number;
  status: number;
  message: string;
}
