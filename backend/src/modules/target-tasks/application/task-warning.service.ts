import { Injectable } from '@nestjs/common';
import type { TaskWarningCondition, TaskWarningConditionInput, TaskWarningScan } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDate } from '../../../shared/kernel/format.js';
import { DEFAULT_WARNING_CONDITIONS } from '../domain/task-warnings.js';
import { TaskAccessReader } from './ports/target-task-repository.port.js';
import { TaskWarningRepository } from './ports/task-warning-repository.port.js';

/** Who may set the warning conditions. */
const SETS_CONDITIONS = ['admin', 'yearTargetPublisher'];

/** The warning conditions (the average-level module's) and the task warning scan (domain/task-warnings.ts is the rule). */
@Injectable()
export class TaskWarningService {
  constructor(
    private readonly warnings: TaskWarningRepository,
    private readonly access: TaskAccessReader,
  ) {}

  /** The conditions that hold for a year target: its own, else the school's (inherited); without one, the school's. */
  async conditions(yearTargetId: string | null): Promise<TaskWarningCondition> {
    if (yearTargetId !== null) {
      if (!(await this.warnings.yearTargetExists(yearTargetId))) throw new AppError('NOT_FOUND', '年度目标不存在');
      const own = await this.warnings.conditions(yearTargetId);
      if (own) return { yearTargetId, cadence: own.cadence, graceDays: own.graceDays, inherited: false, updateTime: own.updateTime };
    }
    const school = await this.warnings.conditions(null);
    const c = school ?? { ...DEFAULT_WARNING_CONDITIONS, updateTime: null };
    return { yearTargetId, cadence: c.cadence, graceDays: c.graceDays, inherited: yearTargetId !== null, updateTime: c.updateTime };
  }

  /** The input as the contract's TaskWarningConditionInput reads it (the cadence and the grace days are checked there). */
  async update(userId: string, input: TaskWarningConditionInput): Promise<TaskWarningCondition> {
    const { codes } = await this.access.standing(userId);
    if (!codes.some((c) => SETS_CONDITIONS.includes(c))) throw new AppError('NO_PERMISSION');
    const yearTargetId = input.yearTargetId ?? null;
    if (yearTargetId !== null && !(await this.warnings.yearTargetExists(yearTargetId))) throw new AppError('NOT_FOUND', '年度目标不存在');
    await this.warnings.saveConditions(yearTargetId, { cadence: input.cadence, graceDays: input.graceDays }, userId);
    return this.conditions(yearTargetId);
  }

  /** One scan as of `today` (the app's local date unless given): what it opened and closed. */
  async scan(today: string = formatDate(new Date())): Promise<TaskWarningScan> {
    return this.warnings.scan(today);
  }
}
