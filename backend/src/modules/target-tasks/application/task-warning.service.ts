import { Injectable } from '@nestjs/common';
import { WARNING_CADENCES, WARNING_GRACE_DAYS_MAX, type TaskWarningCondition, type TaskWarningConditionInput, type TaskWarningScan } from '@zhengai/contracts';
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

  async update(userId: string, input: Partial<TaskWarningConditionInput>): Promise<TaskWarningCondition> {
    const { codes } = await this.access.standing(userId);
    if (!codes.some((c) => SETS_CONDITIONS.includes(c))) throw new AppError('NO_PERMISSION');
    const yearTargetId = typeof input.yearTargetId === 'string' && input.yearTargetId.trim() !== '' ? input.yearTargetId.trim() : null;
    if (!(WARNING_CADENCES as readonly string[]).includes(input.cadence ?? '')) throw new AppError('VALIDATION', '请选择上报周期（每月、每季度、每半年）');
    const graceDays = input.graceDays;
    if (typeof graceDays !== 'number' || !Number.isInteger(graceDays) || graceDays < 0 || graceDays > WARNING_GRACE_DAYS_MAX) {
      throw new AppError('VALIDATION', `宽限天数须为0到${WARNING_GRACE_DAYS_MAX}的整数`);
    }
    if (yearTargetId !== null && !(await this.warnings.yearTargetExists(yearTargetId))) throw new AppError('NOT_FOUND', '年度目标不存在');
    await this.warnings.saveConditions(yearTargetId, { cadence: input.cadence!, graceDays }, userId);
    return this.conditions(yearTargetId);
  }

  /** One scan as of `today` (the app's local date unless given): what it opened and closed. */
  async scan(today: string = formatDate(new Date())): Promise<TaskWarningScan> {
    return this.warnings.scan(today);
  }
}
