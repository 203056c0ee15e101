import { Injectable } from '@nestjs/common';
import type { Page, TaskType, YearTarget, YearTargetRights } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { mayWriteYearTargets, yearTargetRightsOf } from '../domain/year-target-access.js';
import { checkYearTarget, YEAR_TARGET_MESSAGES, type YearTargetDraft, type YearTargetValues } from '../domain/year-target-rules.js';
import { YearTargetAccessReader, YearTargetRepository, type YearTargetFilter, type YearTargetWriteResult } from './ports/year-target-repository.port.js';

/** The yearly target service's year targets (001 §7): everyone with the 年度目标任务 menu reads; the publisher and administrators write. */
@Injectable()
export class YearTargetService {
  constructor(
    private readonly targets: YearTargetRepository,
    private readonly access: YearTargetAccessReader,
  ) {}

  list(filter: YearTargetFilter): Promise<Page<YearTarget>> {
    return this.targets.list(filter);
  }

  /** What the person may do here, from the same table the writes check. */
  async rights(userId: string): Promise<YearTargetRights> {
    return yearTargetRightsOf(await this.access.codes(userId));
  }

  taskTypes(): Promise<TaskType[]> {
    return this.targets.taskTypes();
  }

  async add(userId: string, draft: YearTargetDraft): Promise<YearTarget> {
    await this.mustWrite(userId);
    const values = await this.checked(draft);
    return this.answer(await this.targets.add(values, userId));
  }

  async update(userId: string, id: string, draft: YearTargetDraft): Promise<YearTarget> {
    await this.mustWrite(userId);
    const values = await this.checked(draft);
    return this.answer(await this.targets.update(id, values));
  }

  async remove(userId: string, id: string): Promise<null> {
    await this.mustWrite(userId);
    const result = await this.targets.remove(id);
    if (!result.ok) this.refuse(result.reason);
    return null;
  }

  private async mustWrite(userId: string): Promise<void> {
    if (!mayWriteYearTargets(await this.access.codes(userId))) throw new AppError('NO_PERMISSION');
  }

  private async checked(draft: YearTargetDraft): Promise<YearTargetValues> {
    const checked = checkYearTarget(draft);
    if (!checked.ok) throw new AppError('VALIDATION', checked.message);
    if (!(await this.targets.dimensionExists(checked.values.dimensionId))) throw new AppError('VALIDATION', YEAR_TARGET_MESSAGES.dimensionMissing);
    return checked.values;
  }

  private async answer(result: YearTargetWriteResult): Promise<YearTarget> {
    if (!result.ok) this.refuse(result.reason);
    const target = await this.targets.find(result.id);
    if (!target) throw new AppError('NOT_FOUND', YEAR_TARGET_MESSAGES.notFound);
    return target;
  }

  private refuse(reason: 'nameTaken' | 'hasTasks' | 'notFound'): never {
    if (reason === 'notFound') throw new AppError('NOT_FOUND', YEAR_TARGET_MESSAGES.notFound);
    throw new AppError('CONFLICT', YEAR_TARGET_MESSAGES[reason]);
  }
}
