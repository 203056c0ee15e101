import type pg from 'pg';

/** The channel the triggers of migration session-notices speak on. */
export const CHANGE_CHANNEL = 'access_changes';

/** What keeps something in memory that the notices make stale. */
export interface ChangeSubscriber {
  /** One notice's payload (s:<sid>, u:<person id> or e). */
  notice(payload: string): void;
  /** Notices may have been missed (no connection was listening for a while): forget everything. */
  reset(): void;
}

/**
 * One database's change notices for this process. Every pool connection LISTENs (pg-pool's onConnect, set in
 * database.module.ts), so a change committed through the pool is heard before its COMMIT returns, and another
 * process's within milliseconds. Notices are complete only while some connection listens: when the last one ends
 * (PostgreSQL restarted, the pool idle) and again when the first one is back, subscribers are reset, so nothing read
 * before a gap is served after it.
 */
export class ChangeNotices {
  private listening = 0;
  private readonly subscribers = new Set<ChangeSubscriber>();

  /** True while notices are heard; a subscriber keeps nothing otherwise. */
  get live(): boolean {
    return this.listening > 0;
  }

  subscribe(subscriber: ChangeSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** A newly connected client: LISTEN, then count it until it ends. Its failure to listen fails its connect. */
  async listenOn(client: pg.Client): Promise<void> {
    let counted = false;
    client.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL && message.payload !== undefined) this.deliver(message.payload);
    });
    client.once('end', () => {
      if (!counted) return;
      counted = false;
      this.listening -= 1;
      if (this.listening === 0) this.resetAll();
    });
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    counted = true;
    this.listening += 1;
    if (this.listening === 1) this.resetAll();
  }

  private deliver(payload: string): void {
    for (const s of this.subscribers) s.notice(payload);
  }

  private resetAll(): void {
    for (const s of this.subscribers) s.reset();
  }
}
