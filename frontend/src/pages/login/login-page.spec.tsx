/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { LoginAnswer, LoginUser } from '../../api/types';
import { setNotifier, type Notifier } from '../../api/notifier';
import { renderInApp, resetFakeServer, settle, typeText } from '../../test-support/dialog-double-click';

// the unit tests have no CSS loader; the server's answer and the login flow are stood in for
jest.unstable_mockModule('./login.module.css', () => ({ default: {} }));
const login = jest.fn<(credentials: unknown) => Promise<LoginAnswer>>();
const updatePassword = jest.fn<(change: unknown) => Promise<unknown>>();
jest.unstable_mockModule('../../api/user', () => ({ login, updatePassword }));
jest.unstable_mockModule('../../hooks/use-system-setting', () => ({ useSystemSetting: () => ({ systemName: '诊改平台', logoUrl: null }) }));
const signIn = jest.fn(async (user: LoginUser) => user);
jest.unstable_mockModule('../../auth/auth-context', () => ({ useAuth: () => ({ signIn }) }));
const { default: LoginPage } = await import('./index');

const accepted = (failedLoginCount: number) => ({ userId: 'u-leader', userName: '刘建国', account: 'xld', failedLoginCount }) as unknown as LoginAnswer;

let warnings: Array<[string, number | undefined]>;

beforeEach(() => {
  warnings = [];
  globalThis.MessageChannel ??= class {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.()) };
  } as unknown as typeof MessageChannel;
  window.matchMedia ??= jest.fn(() => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never;
  setNotifier({ error() {}, warning: (text: string, seconds?: number) => warnings.push([text, seconds]), success() {}, sessionExpired() {}, confirm: () => Promise.resolve(false), redirect() {} } as Notifier);
  login.mockReset();
  updatePassword.mockReset();
  signIn.mockClear();
});

afterEach(resetFakeServer);

async function submit(): Promise<void> {
  await renderInApp(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
  await typeText(document.querySelector<HTMLInputElement>('#login_userName')!, 'xld');
  await typeText(document.querySelector<HTMLInputElement>('#login_password')!, 'Demo2026');
  const button = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => (b.textContent ?? '').replace(/\s/g, '') === '登录');
  await act(async () => button!.click());
  for (let i = 0; i < 5 && signIn.mock.calls.length === 0; i++) await settle();
}

describe('the login page tells the owner of failed attempts (issue 31)', () => {
  it('shows 自上次登录以来，您的账号有 N 次登录失败 once after the login, and keeps no count with the user', async () => {
    login.mockResolvedValue(accepted(3));
    await submit();
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn.mock.calls[0]![0]).not.toHaveProperty('failedLoginCount');
    expect(warnings).toEqual([['自上次登录以来，您的账号有 3 次登录失败', 10]]);
  });

  it('says nothing when there were none', async () => {
    login.mockResolvedValue(accepted(0));
    await submit();
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(warnings).toEqual([]);
  });
});

describe('a login with an initial password (issue 32)', () => {
  it('asks for a new password first, changes it with the one typed as the old, then signs in', async () => {
    login.mockResolvedValue({ ...accepted(0), mustChangePassword: true } as LoginAnswer);
    updatePassword.mockResolvedValue(null);
    await submit();
    expect(signIn).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain('首次登录请修改初始密码');
    await typeText(document.querySelector<HTMLInputElement>('#initial-password_newPassword')!, 'Mine2026x');
    await typeText(document.querySelector<HTMLInputElement>('#initial-password_confirmPassword')!, 'Mine2026x');
    const button = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => (b.textContent ?? '').replace(/\s/g, '') === '修改密码并登录');
    await act(async () => button!.click());
    for (let i = 0; i < 5 && signIn.mock.calls.length === 0; i++) await settle();
    expect(updatePassword.mock.calls[0]![0]).toEqual({ oldPassword: 'Demo2026', newPassword: 'Mine2026x' });
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn.mock.calls[0]![0]).toMatchObject({ mustChangePassword: false });
  });
});
