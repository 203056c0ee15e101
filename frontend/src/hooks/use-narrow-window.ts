import { useSyncExternalStore } from 'react';

/** Below this width (a phone, 390 px) the shell puts its menus in a drawer: 000 §2's 255 px sidebar would take two thirds. */
export const NARROW_WINDOW = 768;
const QUERY = `(max-width: ${NARROW_WINDOW - 0.02}px)`;

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(changed: () => void): () => void {
  const list = media();
  list?.addEventListener?.('change', changed);
  return () => list?.removeEventListener?.('change', changed);
}

/** Whether the window is phone-narrow, followed as it is resized or turned. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
