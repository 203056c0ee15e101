import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  TaskWarningConditionInputSchema,
  TaskWarningConditionQuerySchema,
  TaskWarningConditionSchema,
  TaskWarningScanSchema,
  type TaskWarningCondition,
  type TaskWarningConditionInput,
  type TaskWarningScan,
} from '@zhengai/contracts';
import type { z } from 'zod';
import { AdminOnly, RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { TaskWarningService } from '../application/task-warning.service.js';

/** The menu of yearly targets and tasks (年度目标任务). */
const ANNUAL_MENU = 'ly_herm_annual_wbs';

/** Task warnings: the warning conditions (the average-level module's) and a scan on demand. */
@ApiTags('target-task')
@Controller('herm-znfx')
export class TaskWarningController {
  constructor(private readonly warnings: TaskWarningService) {}

  @Get('targetTask/warningCondition')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(TaskWarningConditionSchema)
  @ApiOperation({ summary: "The warning conditions holding for a year target (its own, or the school's, inherited), or the school's: report cadence and grace days" })
  condition(@ZodQuery(TaskWarningConditionQuerySchema) q: z.infer<typeof TaskWarningConditionQuerySchema>): Promise<TaskWarningCondition> {
    return this.warnings.conditions(q.yearTargetId?.trim() || null);
  }

  @Post('targetTask/warningCondition/update')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(TaskWarningConditionSchema)
  @ApiOperation({ summary: "Set a year target's own warning conditions (or, without yearTargetId, the school's): administrators and year target publishers" })
  async update(@ZodBody(TaskWarningConditionInputSchema) body: TaskWarningConditionInput, @CurrentUser('userId') userId: string): Promise<WithMessage<TaskWarningCondition>> {
    return new WithMessage(await this.warnings.update(userId, body), '保存成功');
  }

  @Post('targetTask/warningScan')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(TaskWarningScanSchema)
  @ApiOperation({ summary: 'Run the task warning scan now (administrators): how many warnings it opened and closed' })
  async scan(): Promise<WithMessage<TaskWarningScan>> {
    return new WithMessage(await this.warnings.scan(), '扫描完成');
  }
}
