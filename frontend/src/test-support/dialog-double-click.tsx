// For specs of a dialog's double-click (happy-dom): a fake server whose writes wait until the test answers them, and
// the two clicks of a double-click on OK.
import { expect, jest } from '@jest/globals';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setClientConfig } from '../api/client-config';
import { resetNotifier, setNotifier, type Notifier } from '../api/notifier';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** happy-dom has no MessageChannel; antd's form uses one only to run its watchers a macrotask later. */
class TimeoutChannel {
  port1: { onmessage: (() => void) | null } = { onmessage: null };
  port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.()) };
}

const envelope = (data: unknown, success = true) => ({ meta: { success, message: success ? '' : '保存失败' }, data, code: success ? 0 : 1 });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

export interface FakeServer {
  /** the paths POSTed to, in order */
  posts: string[];
  /** answers the POSTs still waiting: with `data`, or refused (meta.success false) */
  answer(data: unknown, ok?: boolean): void;
}

/**
 * Stubs fetch (and what the request layer and antd need around it): a GET is answered at once by `read(path)`; a
 * POST is recorded and waits for `answer`, so that the dialog's write is under way while the test clicks again.
 */
export function fakeServer(read: (path: string) => unknown): FakeServer {
  setClientConfig({ csrfSecret: 'secret' });
  setNotifier({ error() {}, warning() {}, success() {}, sessionExpired() {}, confirm: () => Promise.resolve(false), redirect() {} } as Notifier);
  globalThis.MessageChannel ??= TimeoutChannel as unknown as typeof MessageChannel;
  // antd's selects and tables measure their layout
  window.matchMedia ??= jest.fn(() => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} })) as never;
  const waiting: Array<(response: Response) => void> = [];
  const server: FakeServer = {
    posts: [],
    answer: (data, ok = true) => waiting.splice(0).forEach((reply) => reply(json(envelope(data, ok)))),
  };
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (init?.method !== 'POST') return json(envelope(read(path)));
    server.posts.push(path);
    return new Promise<Response>((reply) => waiting.push(reply));
  }) as typeof fetch;
  return server;
}

let mounted: Root | null = null;

/** Renders a page or dialog inside antd's App in Chinese, as the app does, and lets it load. */
export async function renderInApp(node: ReactElement): Promise<void> {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  mounted = root;
  await act(async () =>
    root.render(
      <ConfigProvider locale={zhCN}>
        <App>{node}</App>
      </ConfigProvider>,
    ),
  );
  await settle();
}

/** For afterEach: unmounts what renderInApp rendered and puts the request layer back. */
export async function resetFakeServer(): Promise<void> {
  const root = mounted;
  mounted = null;
  if (root) await act(async () => root.unmount());
  document.body.innerHTML = '';
  resetNotifier();
}

/** Lets what was started run: requests answered, renders done, antd's timers fired. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The button of the open dialog's footer whose text is `label` (antd puts a space between two characters). */
export function footerButton(label: string): HTMLButtonElement {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer button')];
  const found = buttons.find((b) => (b.textContent ?? '').replace(/\s/g, '') === label);
  if (!found) throw new Error(`no ${label} button in the dialog`);
  return found;
}

/**
 * A double-click on `button`: the second click comes once the first has validated the form and sent its POST, but
 * before React has rendered the spinner that follows, as a quick double-click does in the browser. (Two clicks that
 * both come before validation resolves send once anyway: antd's form rejects a validation that a newer one overtook.)
 */
export async function doubleClick(button: () => HTMLElement, server: FakeServer): Promise<void> {
  const before = server.posts.length;
  await act(async () => {
    button().click();
    // microtasks only: no macrotask, so no render, runs in between
    for (let i = 0; i < 1000 && server.posts.length === before; i++) await Promise.resolve();
    if (server.posts.length === before) throw new Error('the first click sent nothing');
    button().click();
    for (let i = 0; i < 1000; i++) await Promise.resolve();
  });
}

/** Sets an input's value the way React hears it (the native setter, then an input event). */
export async function typeText(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * The claim of every such spec: a double-click on `button` sends `path` once; the server refusing it, the dialog
 * stays and a click sends it again.
 */
export async function sendsOnceThenAgain(server: FakeServer, path: string, button: () => HTMLElement = () => footerButton('确定')): Promise<void> {
  await doubleClick(button, server);
  server.answer(null, false);
  await settle();
  expect(server.posts).toEqual([path]);
  await act(async () => button().click());
  await settle();
  expect(server.posts).toEqual([path, path]);
}

/** Opens the dialog's multiple select and clicks the entry shown as `text` (a Select's option or a TreeSelect's node). */
export async function pickInDialog(text: string): Promise<void> {
  await act(async () => {
    document.querySelector('.ant-modal .ant-select-multiple')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await settle();
  const entries = document.querySelectorAll<HTMLElement>('.ant-select-item-option, .ant-select-tree-node-content-wrapper');
  const entry = [...entries].find((e) => e.textContent === text);
  if (!entry) throw new Error(`no ${text} in the dropdown`);
  await act(async () => entry.click());
  await settle();
}
