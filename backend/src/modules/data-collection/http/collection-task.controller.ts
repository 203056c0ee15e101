import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AllocationInputSchema,
  AllocationSchema,
  COLLECTION_MESSAGES,
  CollectionFormRefSchema,
  CollectionRefSchema,
  CollectionTaskInputSchema,
  CollectionTaskQuerySchema,
  CollectionTaskRefQuerySchema,
  CollectionTaskSchema,
  CollectionTaskUpdateSchema,
  FillTaskSchema,
  SyncResultSchema,
  pageSchema,
  type Allocation,
  type AllocationInput,
  type CollectionRef,
  type CollectionTask,
  type CollectionTaskInput,
  type CollectionTaskQuery,
  type FillTask,
  type Page,
  type SyncResult,
} from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CollectionDataService } from '../application/collection-data.service.js';
import { CollectionTaskService } from '../application/collection-task.service.js';
import { FillTaskService } from '../application/fill-task.service.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';

/** The 采集任务 menu: its holders manage collection tasks (README "Who does what"). */
export const TASK_MENU = 'ly_herm_dataCollection_task';

const CollectionTaskPageSchema = pageSchema(CollectionTaskSchema).meta({ id: 'CollectionTaskPage' });

/** Collection tasks, allocations, a task's fills and the data-centre sync (managers). */
@ApiTags('data-collection')
@Controller('herm-sjgl')
export class CollectionTaskController {
  constructor(
    private readonly tasks: CollectionTaskService,
    private readonly fills: FillTaskService,
    private readonly data: CollectionDataService,
  ) {}

  @Get('tasks/list')
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(CollectionTaskPageSchema)
  @ApiOperation({ summary: 'Collection tasks, newest first (filters name contains, cycle, publishState)' })
  list(@ZodQuery(CollectionTaskQuerySchema) q: CollectionTaskQuery, @CurrentUser('userId') userId: string): Promise<Page<CollectionTask>> {
    return this.tasks.list(userId, q);
  }

  @Get('tasks/detail')
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(CollectionTaskSchema)
  @ApiOperation({ summary: 'A collection task with its forms and their fill counts' })
  detail(@ZodQuery(CollectionRefSchema) q: CollectionRef, @CurrentUser('userId') userId: string): Promise<CollectionTask> {
    return this.tasks.detail(userId, q.id);
  }

  @Post('tasks/add')
  @HttpCode(200)
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(CollectionTaskSchema)
  @ApiOperation({ summary: 'A new collection task for a cycle with its forms' })
  async add(@ZodBody(CollectionTaskInputSchema) input: CollectionTaskInput, @CurrentUser('userId') userId: string): Promise<WithMessage<CollectionTask>> {
    return new WithMessage(await this.tasks.save(userId, { ...input, id: undefined }), '新增成功');
  }

  @Post('tasks/update')
  @HttpCode(200)
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(CollectionTaskSchema)
  @ApiOperation({ summary: 'Change an unpublished task (its forms too)' })
  async update(@ZodBody(CollectionTaskUpdateSchema) input: z.infer<typeof CollectionTaskUpdateSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<CollectionTask>> {
    return new WithMessage(await this.tasks.save(userId, input), '修改成功');
  }

  @Post('tasks/delete')
  @HttpCode(200)
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Delete an unpublished task' })
  async delete(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.tasks.remove(userId, body.id), '删除成功');
  }

  @Post('tasks/publish')
  @HttpCode(200)
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(CollectionTaskSchema)
  @ApiOperation({ summary: 'Publish: every form published and allocated; pins the versions and makes the fill tasks' })
  async publish(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<CollectionTask>> {
    return new WithMessage(await this.tasks.publish(userId, body.id), COLLECTION_MESSAGES.published);
  }

  @Get('taskAllocations/list')
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(AllocationSchema, { array: true })
  @ApiOperation({ summary: 'The allocations of a task, with their fill tasks' })
  allocations(@ZodQuery(CollectionTaskRefQuerySchema) q: z.infer<typeof CollectionTaskRefQuerySchema>, @CurrentUser('userId') userId: string): Promise<Allocation[]> {
    return this.tasks.allocations(userId, q.taskId);
  }

  @Post('taskAllocations/add')
  @HttpCode(200)
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(AllocationSchema, { array: true })
  @ApiOperation({ summary: 'Allocate a form of a task to departments and people with an auditor (existing ones kept)' })
  async allocate(@ZodBody(AllocationInputSchema) input: AllocationInput, @CurrentUser('userId') userId: string): Promise<WithMessage<Allocation[]>> {
    return new WithMessage(await this.tasks.allocate(userId, input), '分配成功');
  }

  @Post('taskAllocations/delete')
  @HttpCode(200)
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Remove an allocation whose fill holds no data' })
  async removeAllocation(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.tasks.removeAllocation(userId, body.id), '删除成功');
  }

  @Get('fillTasks/ofTask')
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(FillTaskSchema, { array: true })
  @ApiOperation({ summary: 'Every fill task of a collection task (managers)' })
  ofTask(@ZodQuery(CollectionTaskRefQuerySchema) q: z.infer<typeof CollectionTaskRefQuerySchema>, @CurrentUser('userId') userId: string): Promise<FillTask[]> {
    return this.fills.ofTask(userId, q.taskId);
  }

  @Post('datas/sync')
  @HttpCode(200)
  @RequireMenu(TASK_MENU)
  @ApiEnvelope(SyncResultSchema)
  @ApiOperation({ summary: 'Rewrite the form\'s data-centre table from every audited fill' })
  async sync(@ZodBody(CollectionFormRefSchema) body: z.infer<typeof CollectionFormRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<SyncResult>> {
    return new WithMessage(await this.data.sync(userId, body.formId), '同步成功');
  }
}
