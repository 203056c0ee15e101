import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  LaunchDetailSchema, LaunchIdInputSchema, LaunchIdQuerySchema, LaunchInputSchema, LaunchListQuerySchema, LaunchOptionsQuerySchema, LaunchOptionsSchema,
  LaunchProgressSchema, LaunchStartSchema, LaunchSummarySchema, LaunchTaskSchema, LaunchTasksQuerySchema, LaunchUrgeInputSchema, LaunchUrgeResultSchema,
  type LaunchDetail, type LaunchIdInput, type LaunchInputParsed, type LaunchOptions, type LaunchOptionsQuery, type LaunchProgress, type LaunchStart,
  type LaunchSummary, type LaunchTask, type LaunchUrgeInput, type LaunchUrgeResult, type Page,
} from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { LaunchService } from '../application/launch.service.js';

/** The 诊断任务下发 page's menu: publishers and administrators (the service checks LAUNCH_ROLES too). */
const MENU = 'ly_herm_diagnosis_launch';

/** 诊断任务下发 (issue 32): options, launch, progress, the launches, one launch's page, 催办, 关闭周期. */
@ApiTags('diagnosis-launch')
@Controller('herm-znfx/launch')
export class LaunchController {
  constructor(private readonly launches: LaunchService) {}

  @Get('options')
  @RequireMenu(MENU)
  @ApiEnvelope(LaunchOptionsSchema)
  @ApiOperation({ summary: "The launch form's options: levels, the level's cycle types, a type's values and default, audited libraries, departments, objects, people, rules; actions" })
  options(@ZodQuery(LaunchOptionsQuerySchema) q: LaunchOptionsQuery, @CurrentUser('userId') userId: string): Promise<LaunchOptions> {
    return this.launches.options(userId, q);
  }

  @Post('start')
  @RequireMenu(MENU)
  @HttpCode(200)
  @ApiEnvelope(LaunchStartSchema)
  @ApiOperation({ summary: 'Launch a diagnosis: the launch row and its job (one task an object); poll launch/progress every 1000 ms' })
  async start(@ZodBody(LaunchInputSchema) body: LaunchInputParsed, @CurrentUser('userId') userId: string): Promise<WithMessage<LaunchStart>> {
    return new WithMessage(await this.launches.start(userId, body), '已开始下发');
  }

  @Get('progress')
  @RequireMenu(MENU)
  @ApiEnvelope(LaunchProgressSchema)
  @ApiOperation({ summary: "A launch's job: state, done of total objects, the step, a failure's reason" })
  progress(@ZodQuery(LaunchIdQuerySchema) q: z.infer<typeof LaunchIdQuerySchema>, @CurrentUser('userId') userId: string): Promise<LaunchProgress> {
    return this.launches.progress(userId, q.launchId);
  }

  @Get('list')
  @RequireMenu(MENU)
  @ApiEnvelope(LaunchSummarySchema, { page: true })
  @ApiOperation({ summary: 'The launches, newest first, with their state and allowed actions' })
  list(@ZodQuery(LaunchListQuerySchema) q: z.infer<typeof LaunchListQuerySchema>, @CurrentUser('userId') userId: string): Promise<Page<LaunchSummary>> {
    return this.launches.list(userId, q);
  }

  @Get('detail')
  @RequireMenu(MENU)
  @ApiEnvelope(LaunchDetailSchema)
  @ApiOperation({ summary: "One launch's page: its tasks counted by department and audit state, the overdue ones, allowed actions" })
  detail(@ZodQuery(LaunchIdQuerySchema) q: z.infer<typeof LaunchIdQuerySchema>, @CurrentUser('userId') userId: string): Promise<LaunchDetail> {
    return this.launches.detail(userId, q.launchId);
  }

  @Get('tasks')
  @RequireMenu(MENU)
  @ApiEnvelope(LaunchTaskSchema, { page: true })
  @ApiOperation({ summary: "One launch's tasks, paged: by department, audit state, overdue" })
  tasks(@ZodQuery(LaunchTasksQuerySchema) q: z.infer<typeof LaunchTasksQuerySchema>, @CurrentUser('userId') userId: string): Promise<Page<LaunchTask>> {
    return this.launches.tasks(userId, q);
  }

  @Post('urge')
  @RequireMenu(MENU)
  @HttpCode(200)
  @ApiEnvelope(LaunchUrgeResultSchema)
  @ApiOperation({ summary: '催办: one task\'s owner (objTaskId) or every overdue task\'s owner; recorded on the tasks' })
  async urge(@ZodBody(LaunchUrgeInputSchema) body: LaunchUrgeInput, @CurrentUser('userId') userId: string): Promise<WithMessage<LaunchUrgeResult>> {
    const result = await this.launches.urge(userId, body.launchId, body.objTaskId?.trim() || null);
    return new WithMessage(result, `已催办${result.urged}个任务`);
  }

  @Post('close')
  @RequireMenu(MENU)
  @HttpCode(200)
  @ApiEnvelope(LaunchSummarySchema)
  @ApiOperation({ summary: '关闭周期: the launch and the library\'s other open launches closed; their tasks refuse edits, submissions and audits' })
  async close(@ZodBody(LaunchIdInputSchema) body: LaunchIdInput, @CurrentUser('userId') userId: string): Promise<WithMessage<LaunchSummary>> {
    return new WithMessage(await this.launches.close(userId, body.launchId), '诊断周期已关闭');
  }

  @Post('retry')
  @RequireMenu(MENU)
  @HttpCode(200)
  @ApiEnvelope(LaunchStartSchema)
  @ApiOperation({ summary: 'A failed launch\'s job again (objects with a task are left)' })
  async retry(@ZodBody(LaunchIdInputSchema) body: LaunchIdInput, @CurrentUser('userId') userId: string): Promise<WithMessage<LaunchStart>> {
    return new WithMessage(await this.launches.retry(userId, body.launchId), '已重新下发');
  }
}
