// The request layer's only way to touch the screen. main.tsx installs the antd implementation
// (components/notifier-bridge.tsx); tests install a recording one. Keeping antd out of here keeps
// the request logic testable without rendering anything.

export interface Notifier {
  error(text: string): void;
  /** duration in seconds */
  warning(text: string, duration?: number): void;
  success(text: string): void;
  /** The session-expired dialog (提示 / 登录已过期！ / 重新登录); onRelogin runs on the button. */
  sessionExpired(text: string, onRelogin: () => void): void;
  /** Ask whether to retry; resolves true on OK. */
  confirm(text: string): Promise<boolean>;
  /** Leave the app for a path; a full load, so every in-memory login state is gone too. */
  redirect(path: string): void;
}

const fallbackNotifier: Notifier = {
  error: (text) => console.error(text),
  warning: (text) => console.warn(text),
  success: (text) => console.info(text),
  sessionExpired: (text, onRelogin) => {
    window.alert(text);
    onRelogin();
  },
  confirm: (text) => Promise.resolve(window.confirm(text)),
  redirect: (path) => window.location.assign(path),
};

let current: Notifier = fallbackNotifier;

export function notifier(): Notifier {
  return current;
}

export function setNotifier(next: Notifier): void {
  current = next;
}

export function resetNotifier(): void {
  current = fallbackNotifier;
}
