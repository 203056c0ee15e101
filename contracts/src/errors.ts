// The envelope codes of failures (spec 000 §8): eight digits, the HTTP status then a running number.
// The backend's error catalogue pairs them with statuses and messages; the browser reacts to a few by code.

/** Not logged in, or the session expired (the spec's code): the browser clears its login and goes to /login. */
export const SESSION_EXPIRED_CODE = 53000010;

export const ERROR_CODES = {
  VALIDATION: 40000001,
  MALFORMED_JSON: 40000002,
  /** a JSON body nested too deep or with too many items, refused while it is parsed */
  BODY_TOO_COMPLEX: 40000003,
  BAD_CREDENTIALS: 40100001,
  SSO_FAILED: 40100002,
  CSRF_INVALID: 40300001,
  CSRF_EXPIRED: 40300002,
  CROSS_ORIGIN: 40300003,
  /** answered with HTTP 200 and success false, as the spec's catalogue says */
  NO_PERMISSION: 40300010,
  UNKNOWN_SSO_USER: 40300011,
  /** the person still has an import's initial password: only the password change is allowed */
  PASSWORD_CHANGE_REQUIRED: 40300012,
  NOT_FOUND: 40400001,
  ROUTE_NOT_FOUND: 40400002,
  METHOD_NOT_ALLOWED: 40500001,
  CONFLICT: 40900001,
  PAYLOAD_TOO_LARGE: 41300001,
  UNSUPPORTED_MEDIA_TYPE: 41500001,
  RATE_LIMITED: 42900001,
  /** one person's open uploads at their limit (UPLOADS_OPEN_MAX, UPLOAD_FILES_IN_FLIGHT) */
  UPLOAD_QUOTA: 42900002,
  INTERNAL: 50000001,
  DATABASE_UNAVAILABLE: 50300001,
  QUEUE_UNAVAILABLE: 50300002,
  /** the files' disk has less free space than its reserve (FILES_MIN_FREE_MB), or ran out while writing */
  INSUFFICIENT_STORAGE: 50700001,
  NOT_LOGGED_IN: SESSION_EXPIRED_CODE,
  SESSION_MISMATCH: SESSION_EXPIRED_CODE,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
