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
