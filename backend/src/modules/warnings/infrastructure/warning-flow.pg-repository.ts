import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { VisibleTasks } from '../../../shared/kernel/visible-tasks.js';
import { visibleTasksCondition, visibleTasksParams } from '../../../infrastructure/database/visible-tasks.sql.js';
import { WarningFlowRepository, type OpenWarning, type SampleRow, type WarningFlow, type WarningHandler, type WarningTableRow } from '../application/ports/warning-flow-repository.port.js';
import { affected, query } from '../../../infrastructure/database/sql.js';

const FLOW_SELECT = `
  SELECT f.id, f.result_id AS "resultId", r.obj_task_id AS "objTaskId", r.point_id AS "pointId", f.yjsj, f.yjlx, f.tj, f.yjz, f.jgz, f.zlx,
         f.clsj, f.clcs, f.yyfx, f.clrmc
  FROM warning_flow f JOIN quality_result r ON r.id = f.result_id`;

/**
 * Open warnings of the tasks a handler answers for (domain canHandleWarnings: an administrator, the task's owner, the
 * head of its department), each fact an SQL expression: the lists pass parameters ($1 all, $2 the person, $3 their
 * departments: OPEN_WHERE), 我的待办 the same facts read inside its statement (warning-todos.sql.ts).
 */
export const OPEN_FROM = `FROM warning_flow f JOIN quality_result r ON r.id = f.result_id JOIN obj_task t ON t.id = r.obj_task_id`;
export const openWhere = (all: string, user: string, departments: string): string =>
  `f.clsj IS NULL AND (${all} OR t.owner_id = ${user} OR t.department_id = ANY(${departments}))`;
const OPEN_WHERE = openWhere('$1::boolean', '$2', '$3');
/**
 * The people a new warning of task t is addressed to, as rows (user_id): its owner and the head of its department
 * (department.charge_user_id) — the people OPEN_WHERE names by the task ($2, $3). The scan's messages go to them.
 * Administrators, whom OPEN_WHERE gives every open warning ($1), find them in 我的待办 and 监测预警 instead: a message
 * per warning to each of them would bury their bell under a scan's thousands.
 */
export const WARNING_ADDRESSEES_OF_TASK = `
  SELECT t.owner_id AS user_id WHERE t.owner_id IS NOT NULL
  UNION SELECT d.charge_user_id FROM department d WHERE d.id = t.department_id AND d.charge_user_id IS NOT NULL`;
const openParams = (h: WarningHandler) => [h.all, h.userId, h.departmentIds];

@Injectable()
export class WarningFlowPgRepository extends WarningFlowRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async flow(id: string): Promise<WarningFlow | null> {
    const rows = await query<WarningFlow>(this.db, `${FLOW_SELECT} WHERE f.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async table(objTaskId: string): Promise<WarningTableRow[]> {
    return query<WarningTableRow>(this.db,
      `SELECT p.id AS "pointId", p.zkdmc, p.zlx, latest.yjz, c."allNum", c."disposeNum", latest.id AS "latestId", latest.clsj IS NULL AS "latestOpen",
              handled.yyfx, handled.clcs, handled.clrmc
       FROM quality_result r
       JOIN quality_point p ON p.id = r.point_id
       JOIN LATERAL (SELECT count(*)::int AS "allNum", count(f.clsj)::int AS "disposeNum" FROM warning_flow f WHERE f.result_id = r.id) c ON c."allNum" > 0
       JOIN LATERAL (SELECT f.id, f.yjz, f.clsj FROM warning_flow f WHERE f.result_id = r.id ORDER BY f.yjsj DESC, f.id DESC LIMIT 1) latest ON true
       LEFT JOIN LATERAL (SELECT f.yyfx, f.clcs, f.clrmc FROM warning_flow f WHERE f.result_id = r.id AND f.clsj IS NOT NULL ORDER BY f.clsj DESC LIMIT 1) handled ON true
       WHERE r.obj_task_id = $1
       ORDER BY (c."allNum" - c."disposeNum") DESC, p.sort_order, p.code`,
      [objTaskId],
    );
  }

  async history(objTaskId: string, pointId: string): Promise<WarningFlow[]> {
    return query<WarningFlow>(this.db, `${FLOW_SELECT} WHERE r.obj_task_id = $1 AND r.point_id = $2 ORDER BY f.yjsj DESC, f.id DESC`, [objTaskId, pointId]);
  }

  async dispose(id: string, e: { yyfx: string; clcs: string; userId: string; userName: string }): Promise<boolean> {
    // The clsj IS NULL guard makes a second, simultaneous handling change nothing.
    const count = await affected(this.db,
      `UPDATE warning_flow SET clsj = now(), yyfx = $2, clcs = $3, clr_id = $4, clrmc = $5 WHERE id = $1 AND clsj IS NULL`,
      [id, e.yyfx, e.clcs, e.userId, e.userName],
    );
    return count === 1;
  }

  async counts(scope: { objTaskId: string } | { visible: VisibleTasks }): Promise<{ allNum: number; disposeNum: number }> {
    type Row = { allNum: number; disposeNum: number };
    const rows =
      'objTaskId' in scope
        ? await query<Row>(this.db,
            `SELECT count(*)::int AS "allNum", count(f.clsj)::int AS "disposeNum" FROM warning_flow f JOIN quality_result r ON r.id = f.result_id WHERE r.obj_task_id = $1`,
            [scope.objTaskId],
          )
        : await query<Row>(this.db,
            `SELECT count(*)::int AS "allNum", count(f.clsj)::int AS "disposeNum"
             FROM warning_flow f JOIN quality_result r ON r.id = f.result_id JOIN obj_task t ON t.id = r.obj_task_id
             WHERE ${visibleTasksCondition(1)}`,
            visibleTasksParams(scope.visible),
          );
    return rows[0] ?? { allNum: 0, disposeNum: 0 };
  }

  async openFor(h: WarningHandler, window: { skip: number; take: number }): Promise<{ rows: OpenWarning[]; total: number }> {
    const [rows, total] = await Promise.all([
      query<OpenWarning>(this.db,
        `SELECT f.id, r.obj_task_id AS "objTaskId", r.point_id AS "pointId", p.zkdmc, t.rwmc, t.object_name AS gzdxmc, t.object_type AS "objectType", f.yjsj, f.yjz, f.tj, f.jgz, f.zlx, f.yjlx,
                CASE WHEN f.yjlx = 'level' THEN coalesce(nullif(btrim(r.xzmbz), ''), p.mbz) END AS target,
                CASE WHEN f.yjlx = 'level' THEN p.cal_rule END AS "calRule"
         ${OPEN_FROM} JOIN quality_point p ON p.id = r.point_id WHERE ${OPEN_WHERE} ORDER BY f.yjsj DESC, f.id LIMIT $4 OFFSET $5`,
        [...openParams(h), window.take, window.skip],
      ),
      this.openCount(h),
    ]);
    return { rows, total };
  }

  async openCount(h: WarningHandler): Promise<number> {
    const [{ total }] = await query<{ total: number }>(this.db, `SELECT count(*)::int AS total ${OPEN_FROM} WHERE ${OPEN_WHERE}`, openParams(h));
    return total;
  }

  async samples(objTaskId: string, pointId: string, from: Date, to: Date): Promise<SampleRow[]> {
    return query<SampleRow>(this.db,
      `SELECT s.sj, s.cjz, s.zlx FROM sampling_record s JOIN quality_result r ON r.id = s.result_id
       WHERE r.obj_task_id = $1 AND r.point_id = $2 AND s.sj >= $3 AND s.sj < $4 ORDER BY s.sj, s.id`,
      [objTaskId, pointId, from, to],
    );
  }

  async latestDetail(objTaskId: string, pointId: string) {
    const rows = await query<{ datasourceId: string | null; cjfs: string; xsfs: string; detail: Array<Record<string, unknown>> }>(this.db,
      `SELECT d.id AS "datasourceId", s.cjfs, coalesce(d.xsfs, 'table') AS xsfs, s.detail
       FROM sampling_record s JOIN quality_result r ON r.id = s.result_id
       LEFT JOIN LATERAL (SELECT id, xsfs FROM point_datasource d WHERE d.point_id = r.point_id ORDER BY d.sort_order, d.id LIMIT 1) d ON true
       WHERE r.obj_task_id = $1 AND r.point_id = $2 AND s.detail IS NOT NULL
       ORDER BY s.sj DESC, s.id DESC LIMIT 1`,
      [objTaskId, pointId],
    );
    return rows[0] ?? null;
  }

  async rule(pointId: string): Promise<unknown> {
    const rows = await query<{ rule: unknown }>(this.db, `SELECT warning_rule AS rule FROM quality_point WHERE id = $1`, [pointId]);
    return rows[0]?.rule ?? null;
  }
}
