import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  COLLECTION_MESSAGES,
  CommitInputSchema,
  FillHistorySchema,
  FillTaskDetailSchema,
  FillTaskPageSchema,
  FillTaskQuerySchema,
  FillTaskSchema,
  RollbackInputSchema,
  type FillHistory,
  type FillTask,
  type FillTaskDetail,
  type Page,
} from '@zhengai/contracts';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { FillTaskService } from '../application/fill-task.service.js';
import { CommitInputDto, FillTaskQueryDto, IdDto, RollbackInputDto } from './dto/fill-side.dto.js';
import { parsed } from '../../../shared/http/zod-parsed.js';

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
  mine(@Query() q: FillTaskQueryDto, @CurrentUser('userId') userId: string): Promise<Page<FillTask>> {
    return this.fills.mine(userId, parsed(FillTaskQuerySchema, q));
  }

  @Get('fillTasks/toAudit')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskPageSchema)
  @ApiOperation({ summary: 'The fills I audit (a manager: all)' })
  toAudit(@Query() q: FillTaskQueryDto, @CurrentUser('userId') userId: string): Promise<Page<FillTask>> {
    return this.fills.toAudit(userId, parsed(FillTaskQuerySchema, q));
  }

  @Get('fillTasks/detail')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskDetailSchema)
  @ApiOperation({ summary: 'A fill: its form version, rows, options and what I may do' })
  detail(@Query() q: IdDto, @CurrentUser('userId') userId: string): Promise<FillTaskDetail> {
    return this.fills.detail(userId, q.id);
  }

  @Get('fillTasks/history')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillHistorySchema, { array: true })
  @ApiOperation({ summary: 'Every change of a fill with who and when, newest first' })
  history(@Query() q: IdDto, @CurrentUser('userId') userId: string): Promise<FillHistory[]> {
    return this.fills.history(userId, q.id);
  }

  @Post('fillTasks/commit')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskSchema)
  @ApiOperation({ summary: 'Commit (rows optional: saved first, in the same transaction); every rule is checked' })
  async commit(@Body() body: CommitInputDto, @CurrentUser('userId') userId: string): Promise<WithMessage<FillTask>> {
    return new WithMessage(await this.fills.commit(userId, parsed(CommitInputSchema, body)), COLLECTION_MESSAGES.committed);
  }

  @Post('fillTasks/audit')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskSchema)
  @ApiOperation({ summary: 'The auditor passes a committed fill; its rows go to the data centre' })
  async audit(@Body() body: IdDto, @CurrentUser('userId') userId: string): Promise<WithMessage<FillTask>> {
    return new WithMessage(await this.fills.audit(userId, body.id), COLLECTION_MESSAGES.audited);
  }

  @Post('fillTasks/rollback')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(FillTaskSchema)
  @ApiOperation({ summary: 'The auditor sends a committed or audited fill back with a reason' })
  async rollback(@Body() body: RollbackInputDto, @CurrentUser('userId') userId: string): Promise<WithMessage<FillTask>> {
    return new WithMessage(await this.fills.rollback(userId, parsed(RollbackInputSchema, body)), COLLECTION_MESSAGES.rolledBack);
  }
}
