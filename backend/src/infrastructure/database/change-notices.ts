import type pg from 'pg';

/** The channel the triggers of migration session-notices speak on. */
export const CHANGE_CHANNEL = 'access_changes';
/**
 * The channel the triggers of migration centre-change-notices speak on: the data the development centres' figures
 * are read from changed (kept apart, so a saved result does not drop every kept session).
 */
export const DATA_CHANNEL = 'data_changes';
const CHANNELS = [CHANGE_CHANNEL, DATA_CHANNEL] as const;
export type NoticeChannel = (typeof CHANNELS)[number];

/** What keeps something in memory that the notices make stale. */
export interface ChangeSubscriber {
  /** One notice's payload (on access_changes s:<sid>, u:<person id> or e; on data_changes what changed). */
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
  private readonly subscribers = new Map<ChangeSubscriber, NoticeChannel>();

  /** True while notices are heard; a subscriber keeps nothing otherwise. */
  get live(): boolean {
    return this.listening > 0;
  }

  /** Hear one channel's notices (the sessions' by default) and every reset. */
  subscribe(subscriber: ChangeSubscriber, channel: NoticeChannel = CHANGE_CHANNEL): () => void {
    this.subscribers.set(subscriber, channel);
    return () => this.subscribers.delete(subscriber);
  }

  /** A newly connected client: LISTEN, then count it until it ends. Its failure to listen fails its connect. */
  async listenOn(client: pg.Client): Promise<void> {
    let counted = false;
    client.on('notification', (message) => {
      if (message.payload !== undefined && (CHANNELS as readonly string[]).includes(message.channel)) this.deliver(message.channel as NoticeChannel, message.payload);
    });
    client.once('end', () => {
      if (!counted) return;
      counted = false;
      this.listening -= 1;
      if (this.listening === 0) this.resetAll();
    });
    await client.query(CHANNELS.map((c) => `LISTEN ${c}`).join('; '));
    counted = true;
    this.listening += 1;
    if (this.listening === 1) this.resetAll();
  }

  private deliver(channel: NoticeChannel, payload: string): void {
    for (const [s, heard] of this.subscribers) if (heard === channel) s.notice(payload);
  }

  private resetAll(): void {
    for (const s of this.subscribers.keys()) s.reset();
  }
}
