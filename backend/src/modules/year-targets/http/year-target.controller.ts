import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  TaskTypeSchema,
  YearTargetCopyInputSchema,
  YearTargetCopyTaskQuerySchema,
  YearTargetDraftSchema,
  YearTargetListQuerySchema,
  YearTargetRefSchema,
  YearTargetUpdateInputSchema,
  YearTargetCopyProgressSchema,
  YearTargetCopyStartSchema,
  YearTargetSchema,
  YearTargetRightsSchema,
  type YearTargetRights,
  type Page,
  type TaskType,
  type YearTarget,
  type YearTargetCopyProgress,
  type YearTargetCopyStart,
} from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { YearTargetCopyService } from '../application/year-target-copy.service.js';
import { YearTargetService } from '../application/year-target.service.js';

/** The menu of yearly targets and tasks (年度目标任务): who sees it reads year targets. */
const ANNUAL_MENU = 'ly_herm_annual_wbs';

/** The yearly target service's year targets and the task types (001 §7 items 13 and 15, §2). */
@ApiTags('year-target')
@Controller('herm-znfx')
export class YearTargetController {
  constructor(
    private readonly targets: YearTargetService,
    private readonly copies: YearTargetCopyService,
  ) {}

  @Get('yearTarget/list')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetSchema, { page: true })
  @ApiOperation({ summary: 'Year targets, paged (newest year first); filters name (contains) and cycleYear. The option list is this call with pageNum 1, pageSize 1000000 (id, name)' })
  list(@ZodQuery(YearTargetListQuerySchema) q: z.infer<typeof YearTargetListQuerySchema>): Promise<Page<YearTarget>> {
    return this.targets.list({ name: q.name?.trim(), cycleYear: q.cycleYear?.trim(), pageNum: q.pageNum, pageSize: q.pageSize });
  }

  @Get('yearTarget/rights')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetRightsSchema)
  @ApiOperation({ summary: 'What the person may do under 年度目标任务: writesYearTargets (add, change, delete, copy year targets) and writesTasks (add, change, decompose, delete target tasks); the screens show only these buttons' })
  rights(@CurrentUser('userId') userId: string): Promise<YearTargetRights> {
    return this.targets.rights(userId);
  }

  @Post('yearTarget/add')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetSchema)
  @ApiOperation({ summary: 'A new year target (name, cycleYear, dimensionId, description): the year target publisher or an administrator; the person is its creator, their department the publisher' })
  async add(@ZodBody(YearTargetDraftSchema) body: z.infer<typeof YearTargetDraftSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<YearTarget>> {
    return new WithMessage(await this.targets.add(userId, body), '新增成功');
  }

  @Post('yearTarget/update')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetSchema)
  @ApiOperation({ summary: 'Change a year target: the year target publisher or an administrator' })
  async update(@ZodBody(YearTargetUpdateInputSchema) body: z.infer<typeof YearTargetUpdateInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<YearTarget>> {
    const { id, ...fields } = body;
    return new WithMessage(await this.targets.update(userId, id, fields), '修改成功');
  }

  @Post('yearTarget/delete')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Delete a year target without target tasks (refused while it has any): the year target publisher or an administrator' })
  async delete(@ZodBody(YearTargetRefSchema) body: z.infer<typeof YearTargetRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.targets.remove(userId, body.id), '删除成功');
  }

  @Post('yearTarget/copy')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetCopyStartSchema)
  @ApiOperation({ summary: 'Copy a year target with its whole task tree into another year (id, cycleYear: the next year when absent): the year target publisher or an administrator; refused when the name is taken there. Answers { taskId, yearTargetId, cycleYear } at once; poll yearTarget/checkStatus or yearTarget/taskResult' })
  copy(@ZodBody(YearTargetCopyInputSchema) body: z.infer<typeof YearTargetCopyInputSchema>, @CurrentUser('userId') userId: string): Promise<YearTargetCopyStart> {
    return this.copies.start(userId, body);
  }

  @Get('yearTarget/checkStatus')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'A year target copy (its requester or an administrator): true when done, false while waiting or running; success false with the reason when it failed' })
  checkStatus(@ZodQuery(YearTargetCopyTaskQuerySchema) q: z.infer<typeof YearTargetCopyTaskQuerySchema>, @CurrentUser('userId') userId: string): Promise<boolean> {
    return this.copies.checkStatus(userId, q.taskId);
  }

  @Get('yearTarget/taskResult')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetCopyProgressSchema)
  @ApiOperation({ summary: "A year target copy's progress (checkStatus's rule for who may see it): state, stages done of total, the step, the reason once failed, the copy's id" })
  taskResult(@ZodQuery(YearTargetCopyTaskQuerySchema) q: z.infer<typeof YearTargetCopyTaskQuerySchema>, @CurrentUser('userId') userId: string): Promise<YearTargetCopyProgress> {
    return this.copies.taskResult(userId, q.taskId);
  }

  @Get('NewSummaryAnalysis/getTaskTypeList')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(z.array(TaskTypeSchema))
  @ApiOperation({ summary: 'The task types (rwlx): id A/B/C and rwlxmc 重点任务, 常规任务, 一般任务' })
  taskTypes(): Promise<TaskType[]> {
    return this.targets.taskTypes();
  }
}
