import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import { SubscriptionRepository, type SubscriptionItem } from '../application/ports/subscription-repository.port.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

@Injectable()
export class SubscriptionPgRepository extends SubscriptionRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async replace(userId: string, type: string, sourceId: string, items: Array<Omit<SubscriptionItem, 'tbsj'>>): Promise<void> {
    await inTransaction(this.db, async (m) => {
      // Items kept keep their first follow time (tbsj); the rest go.
      await m.query(`DELETE FROM subscription WHERE user_id = $1 AND type = $2 AND source_id = $3 AND NOT (sfzid = ANY($4))`, [userId, type, sourceId, items.map((i) => i.sfzid)]);
      await m.query(
        `INSERT INTO subscription (user_id, type, source_id, sfzid, sfbb, lw, sfzsj)
         SELECT $1, $2, $3, * FROM unnest($4::varchar[], $5::varchar[], $6::varchar[], $7::timestamptz[])
         ON CONFLICT (user_id, type, source_id, sfzid) DO UPDATE SET sfbb = EXCLUDED.sfbb, lw = EXCLUDED.lw, sfzsj = EXCLUDED.sfzsj`,
        [userId, type, sourceId, items.map((i) => i.sfzid), items.map((i) => i.sfbb), items.map((i) => i.lw), items.map((i) => i.sfzsj)],
      );
    });
  }

  list(userId: string, f: { type?: string; sourceId?: string }) {
    return query<SubscriptionItem & { type: string; sourceId: string }>(this.db,
      `SELECT sfzid, sfbb, tbsj, lw, sfzsj, type, source_id AS "sourceId" FROM subscription
       WHERE user_id = $1 AND ($2::text IS NULL OR type = $2) AND ($3::text IS NULL OR source_id = $3) ORDER BY tbsj, sfzid`,
      [userId, f.type ?? null, f.sourceId ?? null],
    );
  }
}
