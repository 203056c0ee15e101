import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  BatchResultSchema,
  COLLECTION_MESSAGES,
  FillAllowedActionsSchema,
  FillBatchAuditSchema,
  FillIdsQuerySchema,
  CollectionRefSchema,
  CommitInputSchema,
  FillHistorySchema,
  FillTaskDetailSchema,
  FillTaskPageSchema,
  FillTaskQuerySchema,
  FillTaskSchema,
  RollbackInputSchema,
  type BatchResult,
  type CollectionRef,
  type FillAllowedActions,
  type FillBatchAudit,
  type CommitInput,
  type FillHistory,
  type FillTask,
  type FillTaskDetail,
  type FillTaskQuery,
  type Page,
  type RollbackInput,
} from '@zhengai/contracts';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import type { z } from 'zod';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { FillTaskService } from '../application/fill-task.service.js';

/** 我的填报 and 填报审核: the service decides per fill whether the person fills, audits or manages it. */
export const FILL_MENUS = ['ly_herm_dataCollection_fill', 'ly_herm_dataCollection_audit'];

/** Fill tasks: what I fill, what I audit, detail, history, and the moves commit, audit, rollback. */
@ApiTags('data-collection')
@Controller('herm-sjgl')
export class FillTaskController {
  constructor(private readonly fills: FillTaskService) {}

  @Get('fillTasks/mine')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskPageSchema)
  @ApiOperation({ summary: 'The fills allocated to me or my department (filters state, taskId, name)' })
  mine(@ZodQuery(FillTaskQuerySchema) q: FillTaskQuery, @CurrentUser('userId') userId: string): Promise<Page<FillTask>> {
    return this.fills.mine(userId, q);
  }

  @Get('fillTasks/toAudit')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskPageSchema)
  @ApiOperation({ summary: 'The fills I audit (a manager: all)' })
  toAudit(@ZodQuery(FillTaskQuerySchema) q: FillTaskQuery, @CurrentUser('userId') userId: string): Promise<Page<FillTask>> {
    return this.fills.toAudit(userId, q);
  }

  @Get('fillTasks/detail')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskDetailSchema)
  @ApiOperation({ summary: 'A fill: its form version, rows, options and what I may do' })
  detail(@ZodQuery(CollectionRefSchema) q: CollectionRef, @CurrentUser('userId') userId: string): Promise<FillTaskDetail> {
    return this.fills.detail(userId, q.id);
  }

  @Get('fillTasks/history')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillHistorySchema, { array: true })
  @ApiOperation({ summary: 'Every change of a fill with who and when, newest first' })
  history(@ZodQuery(CollectionRefSchema) q: CollectionRef, @CurrentUser('userId') userId: string): Promise<FillHistory[]> {
    return this.fills.history(userId, q.id);
  }

  @Post('fillTasks/commit')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskSchema)
  @ApiOperation({ summary: 'Commit (rows optional: saved first, in the same transaction); every rule is checked' })
  async commit(@ZodBody(CommitInputSchema) input: CommitInput, @CurrentUser('userId') userId: string): Promise<WithMessage<FillTask>> {
    return new WithMessage(await this.fills.commit(userId, input), COLLECTION_MESSAGES.committed);
  }

  @Post('fillTasks/audit')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskSchema)
  @ApiOperation({ summary: 'The auditor passes a committed fill; its rows go to the data centre' })
  async audit(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<FillTask>> {
    return new WithMessage(await this.fills.audit(userId, body.id), COLLECTION_MESSAGES.audited);
  }

  @Post('fillTasks/rollback')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskSchema)
  @ApiOperation({ summary: 'The auditor sends a committed or audited fill back with a reason' })
  async rollback(@ZodBody(RollbackInputSchema) input: RollbackInput, @CurrentUser('userId') userId: string): Promise<WithMessage<FillTask>> {
    return new WithMessage(await this.fills.rollback(userId, input), COLLECTION_MESSAGES.rolledBack);
  }

  @Get('fillTasks/allowedActions')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillAllowedActionsSchema, { array: true })
  @ApiOperation({ summary: 'What the person may do now on each of the fills (ids=a,b, at most 200): commit, audit, rollback; the audit list\'s selectable rows for 批量通过' })
  allowedActions(@ZodQuery(FillIdsQuerySchema) q: z.infer<typeof FillIdsQuerySchema>, @CurrentUser('userId') userId: string): Promise<FillAllowedActions[]> {
    return this.fills.allowedActionsOf(userId, q.ids);
  }

  // Each fill is checked on its own by audit's own path; a refusal is an item of the summary, not the answer.
  @Post('fillTasks/batchAudit')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(BatchResultSchema)
  @ApiOperation({ summary: '批量通过: fillTasks/audit on each fill (at most 200), each in its own transaction; answers how many passed and each refused fill with the audit\'s reason' })
  async batchAudit(@ZodBody(FillBatchAuditSchema) body: FillBatchAudit, @CurrentUser('userId') userId: string): Promise<WithMessage<BatchResult>> {
    const result = await this.fills.batchAudit(userId, body.ids);
    return new WithMessage(result, `成功${result.done}项，失败${result.refused.length}项`);
  }
}
