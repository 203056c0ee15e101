import { Injectable } from '@nestjs/common';
import type { Attachment, TargetTask, TaskCoop, TaskDelay, TaskHistory, TaskUrge, TaskWarning } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { downloadUrl } from '../../files/application/files.service.js';
import type { TaskStanding } from '../domain/task-access.js';
import { parameters, TaskAccessSql } from './task-access.sql.js';
import {
  PROGRESS_REPORT_OWNER,
  TARGET_TASK_OWNER,
  TaskCoopRepository,
  TaskPictureRepository,
  type CatalogTaskRow,
  type EvidenceFile,
  type ReportRow,
} from '../application/ports/task-picture.port.js';
import { SELECT } from './target-task.pg-repository.js';

const TIME = `'YYYY-MM-DD HH24:MI:SS'`;
const DAY = `'YYYY-MM-DD'`;

// Attachments of target tasks (files module table, owner types target-task and progress-report), as the contract's Attachment.
const ATTACHMENTS = `
  SELECT a.id, a.owner_id AS "ownerId", a.file_id AS "fileId", COALESCE(a.name, f.file_name) AS "fileName", f.ext AS "fileType", a.stage,
         a.obj_task_id AS "objTaskId", f.size::float8 AS size, to_char(a.created_at, ${TIME}) AS "createTime", u.name AS "uploaderName",
         COALESCE(al.mc, f.lxmc) AS lxmc
  FROM attachment a JOIN doc_file f ON f.id = a.file_id
  LEFT JOIN app_user u ON u.id = f.uploader_id LEFT JOIN file_type al ON al.id = a.lx_id
  WHERE a.owner_type = $1 AND a.owner_id = ANY($2::varchar[])
  ORDER BY a.created_at, a.id`;

type AttachmentRow = Omit<Attachment, 'url'> & { ownerId: string };
const wire = ({ ownerId: _owner, ...a }: AttachmentRow): Attachment => ({ ...a, size: Number(a.size), url: downloadUrl(a.fileId) });

@Injectable()
export class TaskPicturePgRepository extends TaskPictureRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async path(taskId: string): Promise<Array<{ id: string; rwmc: string }>> {
    return query<{ id: string; rwmc: string }>(this.db,
      `WITH RECURSIVE up AS (
         SELECT p.id, p.rwmc, p.parent_id, 1 AS depth FROM target_task t JOIN target_task p ON p.id = t.parent_id WHERE t.id = $1
         UNION ALL
         SELECT p.id, p.rwmc, p.parent_id, up.depth + 1 FROM up JOIN target_task p ON p.id = up.parent_id WHERE up.depth < 100
       )
       SELECT id, rwmc FROM up ORDER BY depth DESC`,
      [taskId]);
  }

  async children(taskId: string): Promise<TargetTask[]> {
    return query<TargetTask>(this.db, `${SELECT} WHERE t.parent_id = $1 ORDER BY t.created_at, t.id`, [taskId]);
  }

  async reports(taskId: string): Promise<ReportRow[]> {
    const rows = await query<Omit<ReportRow, 'files'>>(this.db,
      `SELECT r.id, r.kind, r.content, r.value_reached::float8 AS "valueReached", r.audit_state AS "auditState", r.audit_reason AS "auditReason",
              ru.name AS "reporterName", to_char(r.reported_at, ${TIME}) AS "reportTime", au.name AS "auditorName", to_char(r.audited_at, ${TIME}) AS "auditTime"
       FROM progress_report r LEFT JOIN app_user ru ON ru.id = r.reported_by LEFT JOIN app_user au ON au.id = r.audited_by
       WHERE r.task_id = $1 ORDER BY r.reported_at DESC, r.id DESC`,
      [taskId]);
    const evidence = await this.attachments(PROGRESS_REPORT_OWNER, rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, files: evidence.filter((a) => a.ownerId === r.id).map(wire) }));
  }

  async delays(taskId: string): Promise<TaskDelay[]> {
    return query<TaskDelay>(this.db,
      `SELECT d.id, to_char(d.old_end_date, ${DAY}) AS "oldEndDate", to_char(d.new_end_date, ${DAY}) AS "newEndDate", d.reason, d.decision,
              d.decision_reason AS "decisionReason", ru.name AS "requesterName", to_char(d.requested_at, ${TIME}) AS "requestTime",
              du.name AS "deciderName", to_char(d.decided_at, ${TIME}) AS "decideTime"
       FROM task_delay d LEFT JOIN app_user ru ON ru.id = d.requested_by LEFT JOIN app_user du ON du.id = d.decided_by
       WHERE d.task_id = $1 ORDER BY d.requested_at DESC, d.id DESC`,
      [taskId]);
  }

  async urges(taskId: string): Promise<TaskUrge[]> {
    return query<TaskUrge>(this.db,
      `SELECT g.id, g.urge_type::int AS "urgeType", g.status, g.state, g.message, fu.name AS "fromName", tu.name AS "toName",
              to_char(g.created_at, ${TIME}) AS "createTime", to_char(g.accepted_at, ${TIME}) AS "acceptTime"
       FROM task_urge g LEFT JOIN app_user fu ON fu.id = g.from_user_id LEFT JOIN app_user tu ON tu.id = g.to_user_id
       WHERE g.task_id = $1 ORDER BY g.created_at DESC, g.id DESC`,
      [taskId]);
  }

  async warnings(taskId: string): Promise<TaskWarning[]> {
    return query<TaskWarning>(this.db,
      `SELECT w.id::text AS id, w.kind, w.period_key AS "periodKey", to_char(w.opened_at, ${TIME}) AS "openTime", to_char(w.closed_at, ${TIME}) AS "closeTime"
       FROM task_warning w WHERE w.task_id = $1 ORDER BY w.opened_at DESC, w.id DESC`,
      [taskId]);
  }

  async history(taskId: string): Promise<TaskHistory[]> {
    return query<TaskHistory>(this.db,
      `SELECT h.id::text AS id, h.action, u.name AS "actorName", to_char(h.at, ${TIME}) AS time, h.from_state AS "fromState", h.to_state AS "toState", h.reason
       FROM task_history h LEFT JOIN app_user u ON u.id = h.actor_id WHERE h.task_id = $1 ORDER BY h.at, h.id`,
      [taskId]);
  }

  async files(taskId: string): Promise<Attachment[]> {
    return (await this.attachments(TARGET_TASK_OWNER, [taskId])).filter((a) => a.stage === 'task').map(wire);
  }

  private async attachments(ownerType: string, ownerIds: string[]): Promise<AttachmentRow[]> {
    if (ownerIds.length === 0) return [];
    return query<AttachmentRow>(this.db, ATTACHMENTS, [ownerType, ownerIds]);
  }

  async yearTargets(cycleYear: string): Promise<Array<{ id: string; name: string }>> {
    return query<{ id: string; name: string }>(this.db, `SELECT id, name FROM year_target WHERE cycle_year = $1 ORDER BY created_at, id`, [cycleYear]);
  }

  async catalogTasks(cycleYear: string, standing: TaskStanding): Promise<CatalogTaskRow[]> {
    // Visible: what 年度任务 (YEAR_TASK) lists the person, the access table's predicate.
    const { params, p } = parameters([cycleYear]);
    const visible = new TaskAccessSql(standing, p).page('YEAR_TASK');
    return query<CatalogTaskRow>(this.db,
      `SELECT t.id, t.year_target_id AS "yearTargetId", t.parent_id AS "parentId", t.rwmc, t.rwjd, ${visible} AS visible
       FROM target_task t JOIN year_target y ON y.id = t.year_target_id
       WHERE y.cycle_year = $1 ORDER BY t.created_at, t.id`,
      params);
  }

  async taskOfReport(reportId: string): Promise<string | null> {
    const rows = await query<{ taskId: string }>(this.db, `SELECT task_id AS "taskId" FROM progress_report WHERE id = $1`, [reportId]);
    return rows[0]?.taskId ?? null;
  }

  async evidenceFiles(tx: Transaction, fileIds: string[]): Promise<EvidenceFile[]> {
    return query<EvidenceFile>(managerOf(tx), `SELECT id, uploader_id AS "uploaderId", ext FROM doc_file WHERE id = ANY($1::varchar[])`, [fileIds]);
  }
}

@Injectable()
export class TaskCoopPgRepository extends TaskCoopRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async list(taskId: string): Promise<TaskCoop[]> {
    return query<TaskCoop>(this.db,
      `SELECT co.task_id AS "taskId", co.department_id AS "departmentId", d.name AS "departmentName", co.owner_id AS "ownerId", u.name AS "ownerName",
              to_char(co.created_at, ${TIME}) AS "createTime"
       FROM target_task_coop_department co JOIN department d ON d.id = co.department_id LEFT JOIN app_user u ON u.id = co.owner_id
       WHERE co.task_id = $1 ORDER BY d.sort_order, d.id`,
      [taskId]);
  }

  async add(taskId: string, departmentId: string, ownerId: string | null): Promise<boolean> {
    const rows = await query(this.db,
      `INSERT INTO target_task_coop_department (task_id, department_id, owner_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING task_id`,
      [taskId, departmentId, ownerId]);
    return rows.length > 0;
  }

  async update(taskId: string, departmentId: string, ownerId: string | null): Promise<boolean> {
    const rows = await query(this.db,
      `UPDATE target_task_coop_department SET owner_id = $3 WHERE task_id = $1 AND department_id = $2 RETURNING task_id`, [taskId, departmentId, ownerId]);
    return rows.length > 0;
  }

  async remove(taskId: string, departmentId: string): Promise<boolean> {
    const rows = await query(this.db, `DELETE FROM target_task_coop_department WHERE task_id = $1 AND department_id = $2 RETURNING task_id`, [taskId, departmentId]);
    return rows.length > 0;
  }
}
