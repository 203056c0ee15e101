/**
 * Values kept in memory under a stamp that changes whenever what they were read from changes (see the access
 * stamps of the session store): a value is used again only under the same stamp, so nothing stale is ever
 * answered. No stamp means read fresh. A failed read is not kept. The bounds only keep memory small.
 */
export class StampedCache<T> {
  private readonly entries = new Map<string, { stamp: string; at: number; value: Promise<T> }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, stamp: string | undefined, read: () => Promise<T>): Promise<T> {
    if (stamp === undefined) return read();
    const at = this.now();
    const kept = this.entries.get(key);
    if (kept && kept.stamp === stamp && at - kept.at < this.maxAgeMs) return kept.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = read();
    this.entries.set(key, { stamp, at, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}
