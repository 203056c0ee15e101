import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  TargetTaskRefSchema,
  TaskCatalogNodeSchema,
  TaskCatalogQuerySchema,
  TaskCoopDeleteSchema,
  TaskCoopInputSchema,
  TaskCoopListQuerySchema,
  TaskCoopListSchema,
  TaskCoopSchema,
  TaskSituationSchema,
  type TaskCatalogNode,
  type TaskCoop,
  type TaskCoopDelete,
  type TaskCoopInput,
  type TaskCoopList,
  type TaskSituation,
} from '@zhengai/contracts';
import type { z } from 'zod';
import { OnObject, RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { TaskCoopService } from '../application/task-coop.service.js';
import { TaskPictureService } from '../application/task-picture.service.js';

/** The menu of yearly targets and tasks (年度目标任务). */
const ANNUAL_MENU = 'ly_herm_annual_wbs';

/** A task's full picture, the year's tree and the cooperating departments of a task (001 §7 items 13–15). */
@ApiTags('target-task')
@Controller('herm-znfx')
export class TaskPictureController {
  constructor(
    private readonly picture: TaskPictureService,
    private readonly coops: TaskCoopService,
  ) {}

  @Get('targetTask/situation')
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'read')
  @ApiEnvelope(TaskSituationSchema)
  @ApiOperation({ summary: "A task's full picture: the detail with the person's moves, progress and schedule status, path, children, reports with evidence, delays, urges, warnings, history and files (same access as detail)" })
  situation(@ZodQuery(TargetTaskRefSchema) q: z.infer<typeof TargetTaskRefSchema>, @CurrentUser('userId') userId: string): Promise<TaskSituation> {
    return this.picture.situation(userId, q.id);
  }

  @Get('targetTask/catalog')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(TaskCatalogNodeSchema, { array: true })
  @ApiOperation({ summary: "The year targets of cycleYear=year, each with its tasks to any depth, scoped to what the person sees (and those tasks' ancestors)" })
  catalog(@ZodQuery(TaskCatalogQuerySchema) q: z.infer<typeof TaskCatalogQuerySchema>, @CurrentUser('userId') userId: string): Promise<TaskCatalogNode[]> {
    return this.picture.catalog(userId, q.year);
  }

  @Get('targetTask/coop/list')
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'read')
  @ApiEnvelope(TaskCoopListSchema)
  @ApiOperation({ summary: 'The cooperating departments of a task and their cooperation owners, with canManage (may the person write them); whoever sees the task' })
  coopList(@ZodQuery(TaskCoopListQuerySchema) q: z.infer<typeof TaskCoopListQuerySchema>, @CurrentUser('userId') userId: string): Promise<TaskCoopList> {
    return this.coops.list(userId, q.taskId);
  }

  @Post('targetTask/coop/add')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'write')
  @ApiEnvelope(TaskCoopSchema, { array: true })
  @ApiOperation({ summary: 'A cooperating department with its owner ({ taskId, departmentId, ownerId }): the publisher, an administrator or the head of the charge department; answers the list' })
  async coopAdd(@ZodBody(TaskCoopInputSchema) body: TaskCoopInput, @CurrentUser('userId') userId: string): Promise<WithMessage<TaskCoop[]>> {
    return new WithMessage(await this.coops.add(userId, body), '新增成功');
  }

  @Post('targetTask/coop/update')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'write')
  @ApiEnvelope(TaskCoopSchema, { array: true })
  @ApiOperation({ summary: "A cooperating department's owner ({ taskId, departmentId, ownerId }); answers the list" })
  async coopUpdate(@ZodBody(TaskCoopInputSchema) body: TaskCoopInput, @CurrentUser('userId') userId: string): Promise<WithMessage<TaskCoop[]>> {
    return new WithMessage(await this.coops.update(userId, body), '修改成功');
  }

  @Post('targetTask/coop/delete')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'write')
  @ApiEnvelope(TaskCoopSchema, { array: true })
  @ApiOperation({ summary: 'No longer a cooperating department ({ taskId, departmentId }); answers the list' })
  async coopDelete(@ZodBody(TaskCoopDeleteSchema) body: TaskCoopDelete, @CurrentUser('userId') userId: string): Promise<WithMessage<TaskCoop[]>> {
    return new WithMessage(await this.coops.remove(userId, body), '删除成功');
  }
}
