import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import { YearTargetCopier, type YearCopyOutcome, type YearCopyRequest } from '../application/ports/year-target-copier.port.js';
import { nameTakenIn, YEAR_COPY_MESSAGES, type YearCopyStage } from '../domain/year-target-copy.js';
import { inTransaction } from '../../../infrastructure/database/pg-unit-of-work.js';

const UNIQUE_VIOLATION = '23505';
const codeOf = (error: unknown) => (error as { code?: string }).code;

/** Advisory-lock class of "a year's targets" (any constant; 'yt' in hex); the second key is the year. */
const YEAR_LOCK = 0x7974;

/**
 * The id map of a copy, with no table: a copied task's id is md5(new target id / source task id) as a uuid, so a
 * parent maps the same way and the tree is copied by one INSERT … SELECT (the self-reference is checked at the end of
 * the statement). $1 the source target, $2 the new one.
 */
const mapped = (column: string) => `md5($2 || '/' || ${column})::uuid::text`;

export const YEAR_COPY_SQL = {
  // The person copying is the creator and their department the publisher, as on add.
  target: `
    INSERT INTO year_target (id, name, cycle_year, dimension_id, description, creator_id, publish_department_id)
    SELECT $2, s.name, $3, s.dimension_id, s.description, u.id, u.org_id
    FROM year_target s JOIN app_user u ON u.id = $4 WHERE s.id = $1`,
  // Names, types, departments, people and the target's unit; the years (rwnf) and dates move by the years between;
  // the state starts again: notPushed, normal, no audit, no target value (set when defined).
  tasks: `
    INSERT INTO target_task (id, year_target_id, parent_id, rwmc, rwlx, exam_type, rwnf, kssj, jssj, publish_department_id,
                             charge_department_id, owner_id, auditor_id, supervisor_id, creator_id, target_unit)
    SELECT ${mapped('t.id')}, $2, CASE WHEN t.parent_id IS NULL THEN NULL ELSE ${mapped('t.parent_id')} END, t.rwmc, t.rwlx, t.exam_type,
           (SELECT string_agg((y::int + $3::int)::text, ',' ORDER BY n) FROM unnest(string_to_array(t.rwnf, ',')) WITH ORDINALITY AS r(y, n)),
           (t.kssj + make_interval(years => $3::int))::date, (t.jssj + make_interval(years => $3::int))::date,
           (SELECT org_id FROM app_user WHERE id = $4), t.charge_department_id, t.owner_id, t.auditor_id, t.supervisor_id, $4, t.target_unit
    FROM target_task t WHERE t.year_target_id = $1`,
  cooperations: `
    INSERT INTO target_task_coop_department (task_id, department_id, owner_id)
    SELECT ${mapped('c.task_id')}, c.department_id, c.owner_id
    FROM target_task_coop_department c JOIN target_task t ON t.id = c.task_id WHERE t.year_target_id = $1`,
  // The copy's only history: it was added (no reports, delays, urges, warnings or moves come along).
  history: `
    INSERT INTO task_history (task_id, actor_id, action, to_state)
    SELECT t.id, $2, 'add', 'notPushed' FROM target_task t WHERE t.year_target_id = $1`,
} as const;

const countOf = async (m: EntityManager, sql: string, params: unknown[]): Promise<number> =>
  (await query<{ n: number }>(m, `WITH ins AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM ins`, params))[0]?.n ?? 0;

/**
 * One transaction: the target year is locked first (two copies into one year take turns, so the name check holds),
 * then the source is read FOR SHARE (nobody changes its tree meanwhile) and four set-based statements copy it.
 * A failure anywhere rolls the whole copy back; a copy that committed is found by its id and answered as done.
 */
@Injectable()
export class YearTargetPgCopier extends YearTargetCopier {
  constructor(private readonly db: DataSource) {
    super();
  }

  async nameTaken(cycleYear: string, name: string): Promise<boolean> {
    return (await query(this.db, `SELECT 1 FROM year_target WHERE cycle_year = $1 AND name = $2`, [cycleYear, name])).length > 0;
  }

  async copy(r: YearCopyRequest, onStage: (stage: YearCopyStage) => Promise<void> = async () => undefined): Promise<YearCopyOutcome> {
    try {
      return await inTransaction(this.db, async (m) => {
        await m.query(`SELECT pg_advisory_xact_lock($1, $2::int)`, [YEAR_LOCK, Number(r.cycleYear)]);
        if ((await query(m, `SELECT 1 FROM year_target WHERE id = $1`, [r.yearTargetId])).length > 0) return { state: 'exists' } as const;
        const [source] = await query<{ name: string; cycleYear: string }>(m,
          `SELECT name, cycle_year AS "cycleYear" FROM year_target WHERE id = $1 FOR SHARE`, [r.sourceId]);
        if (!source) return { state: 'refused', reason: YEAR_COPY_MESSAGES.sourceMissing } as const;
        if ((await query(m, `SELECT 1 FROM year_target WHERE cycle_year = $1 AND name = $2`, [r.cycleYear, source.name])).length > 0) {
          return { state: 'refused', reason: nameTakenIn(r.cycleYear, source.name) } as const;
        }
        // The tree stays as read: a task added, moved or deleted under the source waits for the copy.
        await m.query(`SELECT 1 FROM target_task WHERE year_target_id = $1 FOR SHARE`, [r.sourceId]);
        await onStage('target');
        await countOf(m, YEAR_COPY_SQL.target, [r.sourceId, r.yearTargetId, r.cycleYear, r.requesterId]);
        await onStage('tasks');
        const by = Number(r.cycleYear) - Number(source.cycleYear);
        const tasks = await countOf(m, YEAR_COPY_SQL.tasks, [r.sourceId, r.yearTargetId, by, r.requesterId]);
        await onStage('cooperations');
        const cooperations = await countOf(m, YEAR_COPY_SQL.cooperations, [r.sourceId, r.yearTargetId]);
        await onStage('history');
        await countOf(m, YEAR_COPY_SQL.history, [r.yearTargetId, r.requesterId]);
        return { state: 'copied', tasks, cooperations } as const;
      });
    } catch (error) {
      // A target of that name added in that year by yearTarget/add meanwhile (add does not take the year's lock).
      if (codeOf(error) === UNIQUE_VIOLATION) return { state: 'refused', reason: nameTakenIn(r.cycleYear, await this.sourceName(r.sourceId)) };
      throw error;
    }
  }

  private async sourceName(id: string): Promise<string> {
    return (await query<{ name: string }>(this.db, `SELECT name FROM year_target WHERE id = $1`, [id]))[0]?.name ?? '';
  }
}
