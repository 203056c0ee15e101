import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CasTickets } from '../application/ports/cas-tickets.port.js';
import { affected, query } from '../../../infrastructure/database/sql.js';

@Injectable()
export class PgCasTickets extends CasTickets {
  constructor(private readonly db: DataSource) {
    super();
  }

  async claim(ticket: string, userId: string): Promise<boolean> {
    const rows = await query(this.db, `INSERT INTO cas_ticket (ticket, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ticket`, [ticket, userId]);
    return rows.length === 1;
  }

  async attachSession(ticket: string, sessionId: string): Promise<void> {
    await this.db.query(`UPDATE cas_ticket SET session_id = $2 WHERE ticket = $1`, [ticket, sessionId]);
  }

  async endSessionOf(ticket: string): Promise<boolean> {
    // The ticket row stays, so a later replay of the same ticket is still refused.
    const count = await affected(this.db,
      `DELETE FROM user_session WHERE sid = (SELECT session_id FROM cas_ticket WHERE ticket = $1)`,
      [ticket],
    );
    return count > 0;
  }
}
