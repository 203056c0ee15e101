import { Injectable } from '@nestjs/common';
import type { TaskCatalogNode, TaskSituation } from '@zhengai/contracts';
import { progress } from '../../../shared/kernel/progress.js';
import { scheduleStatusOf } from '../domain/catalogues.js';
import { seesAll } from '../domain/task-access.js';
import { TaskPictureRepository, type CatalogTaskRow } from './ports/task-picture.port.js';
import { TargetTaskService } from './target-task.service.js';

/** A task's full picture (situation) and a year's tree of targets and tasks (catalog), 001 §7 yearly target service. */
@Injectable()
export class TaskPictureService {
  constructor(
    private readonly tasks: TargetTaskService,
    private readonly picture: TaskPictureRepository,
  ) {}

  /**
   * Everything about one task, for whoever sees it (the detail's rule and buttons): progress of the last passed
   * report against the task's target (000 §9), the schedule status (catalogues.ts), the path, children, reports
   * (newest first, with their evidence), delays, urges, warnings, history (oldest first) and the task's files.
   */
  async situation(userId: string, id: string, now = new Date()): Promise<TaskSituation> {
    const task = await this.tasks.detail(userId, id);
    const [path, children, rows, delays, urges, warnings, history, files] = await Promise.all([
      this.picture.path(id), this.picture.children(id), this.picture.reports(id), this.picture.delays(id),
      this.picture.urges(id), this.picture.warnings(id), this.picture.history(id), this.picture.files(id),
    ]);
    const reports = rows.map((r) => ({ ...r, progress: progress(r.valueReached, task.targetValue) }));
    const lastPassed = reports.find((r) => r.auditState === 'pass' || r.auditState === 'childPass');
    const done = lastPassed?.progress ?? '0';
    const kssj = new Date(task.kssj ?? task.createTime.slice(0, 10));
    const jssj = task.jssj ? new Date(task.jssj) : kssj;
    const scheduleStatus = scheduleStatusOf({ progress: Number(done), kssj, jssj, now, rwjd: task.rwjd });
    return { task, progress: done, scheduleStatus, path, children, reports, delays, urges, warnings, history, files };
  }

  /**
   * The year targets of cycleYear=year, each with its tasks to any depth (one read of the year's tasks, the tree
   * built here). Scoped: everything to the see-all roles; to others the tasks they see and, for the path, their
   * ancestors, under the year targets that hold any of them. The year is the contract's TaskCatalogQuery's (yyyy).
   */
  async catalog(userId: string, cycleYear: string): Promise<TaskCatalogNode[]> {
    const standing = await this.tasks.standing(userId);
    const [targets, rows] = await Promise.all([this.picture.yearTargets(cycleYear), this.picture.catalogTasks(cycleYear, standing)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const shown = new Set<string>();
    for (const row of rows) {
      if (!row.visible) continue;
      // The task and its ancestors (their names make the path); stop at one already shown, its ancestors are too.
      for (let r: CatalogTaskRow | undefined = row; r && !shown.has(r.id); r = r.parentId ? byId.get(r.parentId) : undefined) shown.add(r.id);
    }
    const nodes = new Map<string, TaskCatalogNode>();
    for (const r of rows) if (shown.has(r.id)) nodes.set(r.id, { id: r.id, kind: 'task', name: r.rwmc, rwjd: r.rwjd, children: [] });
    const roots = new Map<string, TaskCatalogNode[]>();
    for (const r of rows) {
      const node = nodes.get(r.id);
      if (!node) continue;
      const parent = r.parentId ? nodes.get(r.parentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.set(r.yearTargetId, [...(roots.get(r.yearTargetId) ?? []), node]);
    }
    return targets
      .filter((y) => seesAll(standing.codes) || roots.has(y.id))
      .map((y) => ({ id: y.id, kind: 'yearTarget' as const, name: y.name, rwjd: null, children: roots.get(y.id) ?? [] }));
  }
}
