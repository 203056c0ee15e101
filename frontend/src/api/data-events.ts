// One signal that data on screen may be stale: a write by this person, or a new message (someone else's write).
type Listener = () => void;
const listeners = new Set<Listener>();
/** Every mounted reader asks again. */
export function announceDataChanged(): void {
  for (const listener of [...listeners]) listener();
}
/** Subscribes; returns the unsubscribe. */
export function onDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Announces when the person comes back to the window (another tab, another app, the phone unlocked): others may
 * have written meanwhile. Installed once by main.tsx; returns the uninstall. A return shows as a focus and a
 * visibility change together; the readers coalesce them.
 */
export function announceOnReturn(win: Window = window): () => void {
  const onFocus = () => announceDataChanged();
  const onVisibility = () => {
    if (win.document.visibilityState === 'visible') announceDataChanged();
  };
  win.addEventListener('focus', onFocus);
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('focus', onFocus);
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}

// Set while a reader asks again on its own (a quiet refresh): the reads it sends then tell the person nothing
// (no toast, no dialog), as nobody asked. Read synchronously by request.ts when a read is sent.
let quietDepth = 0;
/** Runs `ask` with the reads it sends at once marked silent. */
export function quietly<T>(ask: () => T): T {
  quietDepth += 1;
  try {
    return ask();
  } finally {
    quietDepth -= 1;
  }
}
/** A read sent now belongs to a quiet refresh. */
export function askedQuietly(): boolean {
  return quietDepth > 0;
}
