// The texts the documents quote in English, as the product shows them: every text a person reads is Chinese (spec
// README, decisions). One catalogue for the server and the browser, each Chinese rendering with the English original
// beside it; the codes (53000010, the no-permission code) and the behaviour stay as documented.

export const CHINESE_RENDERINGS = {
  // the component error texts (000 §5)
  email: '请输入正确的邮箱格式！', // 'please enter correct email format!'
  url: '请输入正确的网址格式！', // 'please enter correct URL format!'
  phone: '请输入正确的国内手机或座机号码格式！', // 'please enter a correct Chinese mobile or landline format!'
  integer: '请输入正确的整数格式！', // 'please enter correct integer format!'
  float: '请输入正确的小数格式！', // 'please enter correct float format!'
  required: '请输入数据！', // 'please enter data!'

  // the error catalogue (000 §8, 001 §6)
  notLoggedIn: '未登录或登录已过期，请重新登录！', // 'not logged in or session expired, please log in again!'
  sessionExpired: '登录已过期！', // 'session expired!'
  notice: '提示', // 'notice' (the title of the session-expired dialog)
  noPermission: '用户无权访问该资源', // 'user has no permission to access this resource'
  timedOut: '请求超时！', // 'request timed out!'
  retryAfterTimeout: '请求超时，是否重试？', // 'request timed out, retry?'
  formTimeout: '请求超时', // 'timeout' (a form post answered 504)
  loadFailed: '出错了！', // 'Error!' (a page that failed to load)
  themeFailed: '更新主题失败', // 'Failed to update theme'
  uploadFailed: (file: string) => `上传"${file}"失败!`, // '{file name} file upload failed.' (001 §8 quotes this Chinese)
} as const;
