import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CasTickets } from '../application/ports/cas-tickets.js';

@Injectable()
export class PgCasTickets extends CasTickets {
  constructor(private readonly db: DataSource) {
    super();
  }

  async claim(ticket: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`INSERT INTO cas_ticket (ticket, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ticket`, [ticket, userId]);
    return rows.length === 1;
  }

  async attachSession(ticket: string, sessionId: string): Promise<void> {
    await this.db.query(`UPDATE cas_ticket SET session_id = $2 WHERE ticket = $1`, [ticket, sessionId]);
  }

  async takeSession(ticket: string): Promise<string | null> {
    // The ticket row stays (a later replay must still be refused); only the session link is taken.
    // TypeORM answers an UPDATE with [rows, count].
    const [rows]: [Array<{ session_id: string | null }>, number] = await this.db.query(
      `UPDATE cas_ticket t SET session_id = NULL FROM (SELECT ticket, session_id FROM cas_ticket WHERE ticket = $1 FOR UPDATE) old
       WHERE t.ticket = old.ticket RETURNING old.session_id`,
      [ticket],
    );
    return rows[0]?.session_id ?? null;
  }
}
