import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { query } from '../../../infrastructure/database/sql.js';
import type { TaskGrantAccess } from '../domain/task-access.js';
import { TaskGrantsRepository, type TaskGrantRecord } from '../application/ports/task-grants-repository.port.js';

@Injectable()
export class TaskGrantsPgRepository extends TaskGrantsRepository {
  constructor(private readonly db: DataSource) {
    super();
  }

  async heldBy(userId: string): Promise<Record<string, TaskGrantAccess>> {
    const rows = await query<{ taskId: string; access: TaskGrantAccess }>(this.db, `SELECT obj_task_id AS "taskId", access FROM obj_task_grant WHERE user_id = $1`, [userId]);
    return Object.fromEntries(rows.map((r) => [r.taskId, r.access]));
  }

  list(taskId: string): Promise<TaskGrantRecord[]> {
    return query<TaskGrantRecord>(this.db,
      `SELECT g.id, g.obj_task_id AS "taskId", g.user_id AS "userId", u.name AS "userName", u.account, g.access, g.created_at AS "createdAt"
       FROM obj_task_grant g JOIN app_user u ON u.id = g.user_id
       WHERE g.obj_task_id = $1 ORDER BY g.created_at, g.id`,
      [taskId],
    );
  }

  async set(taskId: string, userId: string, access: TaskGrantAccess, grantedBy: string): Promise<void> {
    await this.db.query(
      `INSERT INTO obj_task_grant (obj_task_id, user_id, access, granted_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (obj_task_id, user_id) DO UPDATE SET access = EXCLUDED.access, granted_by = EXCLUDED.granted_by`,
      [taskId, userId, access, grantedBy],
    );
  }

  async remove(taskId: string, userId: string): Promise<boolean> {
    const rows = await query(this.db, `DELETE FROM obj_task_grant WHERE obj_task_id = $1 AND user_id = $2 RETURNING id`, [taskId, userId]);
    return rows.length > 0;
  }

  async userName(userId: string): Promise<string | null> {
    const rows = await query<{ name: string }>(this.db, `SELECT name FROM app_user WHERE id = $1`, [userId]);
    return rows[0]?.name ?? null;
  }

  async departmentHead(departmentId: string): Promise<{ userId: string; userName: string } | null> {
    const rows = await query<{ userId: string; userName: string }>(this.db,
      `SELECT u.id AS "userId", u.name AS "userName" FROM department d JOIN app_user u ON u.id = d.charge_user_id WHERE d.id = $1`,
      [departmentId],
    );
    return rows[0] ?? null;
  }
}
