import { useEffect, useSyncExternalStore } from 'react';
import { announceDataChanged } from '../api/data-events';
import { getUnreadCount, type MessageUnreadCount } from '../api/messages';

/** How often the bell asks while the page is visible (and on focus): cheap on the server (one indexed query). */
export const UNREAD_POLL_MS = 10_000;

// One store for the shell's bell and the message centre: a single poll however many read it.
let current: MessageUnreadCount | null = null;
const listeners = new Set<() => void>();
let inFlight: Promise<void> | null = null;

function publish(next: MessageUnreadCount): void {
  const before = current;
  current = next;
  for (const listener of [...listeners]) listener();
  // A new message is someone else's write: the screens reading what it concerns ask again (not on the first answer).
  if (before && (before.total !== next.total || before.latestId !== next.latestId)) announceDataChanged();
}

/** Asks the server for the unread count now (after marking read, on focus, on the poll). */
export function refreshUnreadMessages(): Promise<void> {
  inFlight ??= getUnreadCount({ silent: true })
    .then(publish, () => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The person's unread messages, kept current: polled every UNREAD_POLL_MS while the page is visible, and on focus. */
export function useUnreadMessages(): MessageUnreadCount | null {
  useEffect(() => {
    const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
    void refreshUnreadMessages();
    const timer = setInterval(() => {
      if (visible()) void refreshUnreadMessages();
    }, UNREAD_POLL_MS);
    const onFocus = () => {
      if (visible()) void refreshUnreadMessages();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => current, () => null);
}
