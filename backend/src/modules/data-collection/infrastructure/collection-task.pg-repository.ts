import { Injectable } from '@nestjs/common';
import type { Allocation, AllocationInput, CollectionTask, CollectionTaskInput, CollectionTaskQuery, Page, TaskForm } from '@zhengai/contracts';
import { DataSource } from 'typeorm';
import { managerOf } from '../../../infrastructure/database/pg-unit-of-work.js';
import { likeContains, query } from '../../../infrastructure/database/sql.js';
import type { Transaction } from '../../../infrastructure/database/unit-of-work.port.js';
import { CollectionTaskRepository, type TaskFormCheck } from '../application/ports/collection-task-repository.port.js';

// A form's state within a task (001 §4): not out yet, being filled, all committed, all audited.
const TASK_FORMS = `
  SELECT tf.task_id AS "taskId", tf.form_id AS "formId", f.name AS "formName", f.form_type AS "formType", tf.version,
         COUNT(ft.id)::int AS allocated,
         COUNT(ft.id) FILTER (WHERE ft.state IN ('unaudited', 'finished'))::int AS filled,
         COUNT(ft.id) FILTER (WHERE ft.state = 'finished')::int AS audited
  FROM dc_task_form tf JOIN dc_form f ON f.id = tf.form_id LEFT JOIN dc_fill_task ft ON ft.task_id = tf.task_id AND ft.form_id = tf.form_id
  WHERE tf.task_id = ANY($1::text[])
  GROUP BY tf.task_id, tf.form_id, f.name, f.form_type, tf.version, tf.sort_order
  ORDER BY tf.sort_order, f.name`;

const TASKS = `
  SELECT t.id, t.name, t.cycle, to_char(t.deadline, 'YYYY-MM-DD') AS deadline, t.description, t.publish_state AS "publishState",
         (SELECT u.name FROM app_user u WHERE u.id = t.created_by) AS "creatorName", to_char(t.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
  FROM dc_task t`;

const ALLOCATIONS = `
  SELECT a.id, a.task_id AS "taskId", a.form_id AS "formId", f.name AS "formName", a.department_id AS "departmentId", d.name AS "departmentName",
         a.user_id AS "userId", u.name AS "userName", a.auditor_id AS "auditorId", au.name AS "auditorName",
         ft.id AS "fillTaskId", ft.state AS "fillState", (SELECT COUNT(*)::int FROM dc_row r WHERE r.fill_task_id = ft.id) AS "rowCount"
  FROM dc_allocation a JOIN dc_form f ON f.id = a.form_id LEFT JOIN department d ON d.id = a.department_id LEFT JOIN app_user u ON u.id = a.user_id
       JOIN app_user au ON au.id = a.auditor_id LEFT JOIN dc_fill_task ft ON ft.allocation_id = a.id`;

type TaskRow = Omit<CollectionTask, 'forms' | 'allocated' | 'filled' | 'audited'>;
type TaskFormRow = Omit<TaskForm, 'formState'> & { taskId: string };

@Injectable()
export class CollectionTaskPgRepository extends CollectionTaskRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async list(q: CollectionTaskQuery): Promise<Page<CollectionTask>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const where = `WHERE ($1::text IS NULL OR t.name ILIKE $1) AND ($2::text IS NULL OR t.cycle = $2) AND ($3::text IS NULL OR t.publish_state = $3)`;
    const params = [q.name ? likeContains(q.name) : null, q.cycle ?? null, q.publishState ?? null];
    const [{ total }] = await query<{ total: number }>(this.db, `SELECT COUNT(*)::int AS total FROM dc_task t ${where}`, params) as [{ total: number }];
    const rows = await query<TaskRow>(this.db, `${TASKS} ${where} ORDER BY t.created_at DESC, t.id LIMIT $4 OFFSET $5`, [...params, pageSize, (pageNum - 1) * pageSize]);
    return { records: await this.withForms(rows), total, current: pageNum, pages: Math.ceil(total / pageSize) };
  }

  async find(id: string): Promise<CollectionTask | null> {
    const rows = await query<TaskRow>(this.db, `${TASKS} WHERE t.id = $1`, [id]);
    return (await this.withForms(rows))[0] ?? null;
  }

  private async withForms(tasks: TaskRow[]): Promise<CollectionTask[]> {
    if (tasks.length === 0) return [];
    const forms = await query<TaskFormRow>(this.db, TASK_FORMS, [tasks.map((t) => t.id)]);
    return tasks.map((t) => {
      const own = forms.filter((f) => f.taskId === t.id).map(({ taskId: _taskId, ...f }): TaskForm => ({
        ...f,
        formState: t.publishState === 'unpublished' ? 'unpublished' : f.allocated > 0 && f.audited === f.allocated ? 'audited' : f.allocated > 0 && f.filled === f.allocated ? 'unaudited' : 'published',
      }));
      const sum = (k: 'allocated' | 'filled' | 'audited') => own.reduce((s, f) => s + f[k], 0);
      return { ...t, forms: own, allocated: sum('allocated'), filled: sum('filled'), audited: sum('audited') };
    });
  }

  async missingForms(formIds: string[]): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db, `SELECT x.id FROM unnest($1::text[]) x(id) WHERE NOT EXISTS (SELECT 1 FROM dc_form f WHERE f.id = x.id)`, [formIds]);
    return rows.map((r) => r.id);
  }

  async insert(tx: Transaction, userId: string, input: CollectionTaskInput): Promise<string> {
    const m = managerOf(tx);
    const [row] = await query<{ id: string }>(m,
      `INSERT INTO dc_task (name, cycle, deadline, description, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [input.name, input.cycle, input.deadline, input.description ?? null, userId]);
    await this.setForms(tx, row!.id, input.formIds);
    return row!.id;
  }

  async update(tx: Transaction, input: CollectionTaskInput & { id: string }): Promise<void> {
    await query(managerOf(tx), `UPDATE dc_task SET name = $2, cycle = $3, deadline = $4, description = $5, updated_at = now() WHERE id = $1`,
      [input.id, input.name, input.cycle, input.deadline, input.description ?? null]);
    await this.setForms(tx, input.id, input.formIds);
  }

  private async setForms(tx: Transaction, taskId: string, formIds: string[]): Promise<void> {
    const m = managerOf(tx);
    // Unpublished tasks have no fill tasks yet, so a form's allocations go with it (ON DELETE CASCADE).
    await query(m, `DELETE FROM dc_task_form WHERE task_id = $1 AND NOT (form_id = ANY($2::text[]))`, [taskId, formIds]);
    await query(m,
      `INSERT INTO dc_task_form (task_id, form_id, sort_order) SELECT $1, x.id, x.n FROM unnest($2::text[]) WITH ORDINALITY x(id, n)
       ON CONFLICT (task_id, form_id) DO UPDATE SET sort_order = EXCLUDED.sort_order`, [taskId, formIds]);
  }

  async remove(tx: Transaction, id: string): Promise<void> {
    await query(managerOf(tx), `DELETE FROM dc_task WHERE id = $1`, [id]);
  }

  async lock(tx: Transaction, id: string): Promise<{ publishState: 'unpublished' | 'published' } | null> {
    const rows = await query<{ publishState: 'unpublished' | 'published' }>(managerOf(tx), `SELECT publish_state AS "publishState" FROM dc_task WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  formsToPublish(tx: Transaction, taskId: string): Promise<TaskFormCheck[]> {
    return query<TaskFormCheck>(managerOf(tx),
      `SELECT f.id AS "formId", f.name, f.version, (SELECT COUNT(*)::int FROM dc_allocation a WHERE a.task_id = tf.task_id AND a.form_id = tf.form_id) AS allocations
       FROM dc_task_form tf JOIN dc_form f ON f.id = tf.form_id WHERE tf.task_id = $1 ORDER BY tf.sort_order FOR UPDATE OF f`, [taskId]);
  }

  async markPublished(tx: Transaction, taskId: string): Promise<void> {
    const m = managerOf(tx);
    await query(m, `UPDATE dc_task_form tf SET version = f.version FROM dc_form f WHERE f.id = tf.form_id AND tf.task_id = $1`, [taskId]);
    await query(m, `UPDATE dc_task SET publish_state = 'published', published_at = now(), updated_at = now() WHERE id = $1`, [taskId]);
  }

  async makeFillTasks(tx: Transaction, taskId: string): Promise<string[]> {
    const m = managerOf(tx);
    const made = await query<{ id: string }>(m,
      `INSERT INTO dc_fill_task (allocation_id, task_id, form_id, version)
       SELECT a.id, a.task_id, a.form_id, tf.version FROM dc_allocation a JOIN dc_task_form tf ON tf.task_id = a.task_id AND tf.form_id = a.form_id
       WHERE a.task_id = $1 AND NOT EXISTS (SELECT 1 FROM dc_fill_task ft WHERE ft.allocation_id = a.id)
       RETURNING id`, [taskId]);
    if (made.length === 0) return [];
    // Fixed forms start with one empty row per label of the pinned version.
    await query(m,
      `INSERT INTO dc_row (fill_task_id, task_id, form_id, row_no, label)
       SELECT ft.id, ft.task_id, ft.form_id, l.n, l.label
       FROM dc_fill_task ft JOIN dc_form_version v ON v.form_id = ft.form_id AND v.version = ft.version
       CROSS JOIN LATERAL jsonb_array_elements_text(v.fixed_rows) WITH ORDINALITY l(label, n)
       WHERE ft.id = ANY($1::text[]) AND v.form_type = 'fixed'`, [made.map((r) => r.id)]);
    return made.map((r) => r.id);
  }

  allocations(taskId: string): Promise<Allocation[]> {
    return query<Allocation>(this.db, `${ALLOCATIONS} WHERE a.task_id = $1 ORDER BY f.name, d.name NULLS LAST, u.name`, [taskId]);
  }

  async hasForm(taskId: string, formId: string): Promise<boolean> {
    const rows = await query(this.db, `SELECT 1 FROM dc_task_form WHERE task_id = $1 AND form_id = $2`, [taskId, formId]);
    return rows.length > 0;
  }

  async missingParties(departmentIds: string[], userIds: string[]): Promise<string[]> {
    const rows = await query<{ id: string }>(this.db,
      `SELECT x.id FROM unnest($1::text[]) x(id) WHERE NOT EXISTS (SELECT 1 FROM department d WHERE d.id = x.id)
       UNION ALL SELECT x.id FROM unnest($2::text[]) x(id) WHERE NOT EXISTS (SELECT 1 FROM app_user u WHERE u.id = x.id)`, [departmentIds, userIds]);
    return rows.map((r) => r.id);
  }

  async allocate(tx: Transaction, input: AllocationInput): Promise<void> {
    const m = managerOf(tx);
    await query(m,
      `INSERT INTO dc_allocation (task_id, form_id, department_id, auditor_id) SELECT $1, $2, x.id, $4 FROM unnest($3::text[]) x(id)
       ON CONFLICT (task_id, form_id, department_id) WHERE department_id IS NOT NULL DO NOTHING`,
      [input.taskId, input.formId, [...new Set(input.departmentIds ?? [])], input.auditorId]);
    await query(m,
      `INSERT INTO dc_allocation (task_id, form_id, user_id, auditor_id) SELECT $1, $2, x.id, $4 FROM unnest($3::text[]) x(id)
       ON CONFLICT (task_id, form_id, user_id) WHERE user_id IS NOT NULL DO NOTHING`,
      [input.taskId, input.formId, [...new Set(input.userIds ?? [])], input.auditorId]);
  }

  async findAllocation(tx: Transaction, id: string): Promise<{ id: string; taskId: string; hasData: boolean } | null> {
    const rows = await query<{ id: string; taskId: string; hasData: boolean }>(managerOf(tx),
      `SELECT a.id, a.task_id AS "taskId",
              EXISTS (SELECT 1 FROM dc_fill_task ft WHERE ft.allocation_id = a.id AND (ft.committed_at IS NOT NULL OR ft.state <> 'uncommitted'
                      OR EXISTS (SELECT 1 FROM dc_row r, jsonb_each(r.values) c WHERE r.fill_task_id = ft.id AND jsonb_typeof(c.value) <> 'null'))) AS "hasData"
       FROM dc_allocation a WHERE a.id = $1 FOR UPDATE OF a`, [id]);
    return rows[0] ?? null;
  }

  async removeAllocation(tx: Transaction, id: string): Promise<void> {
    await query(managerOf(tx), `DELETE FROM dc_allocation WHERE id = $1`, [id]);
  }
}
