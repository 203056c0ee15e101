import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  BatchResultSchema,
  TargetTaskBatchMoveSchema,
  TaskAllowedActionsSchema,
  TaskIdsQuerySchema,
  TargetTaskDetailSchema,
  TargetTaskExportQuerySchema,
  TargetTaskInputSchema,
  TargetTaskListQuerySchema,
  TargetTaskMoveSchema,
  TargetTaskRefSchema,
  TargetTaskSchema,
  TargetTaskUpdateInputSchema,
  TaskListCountsSchema,
  type BatchResult,
  type Page,
  type TargetTaskBatchMove,
  type TaskAllowedActions,
  type TargetTask,
  type TargetTaskDetail,
  type TargetTaskInput,
  type TargetTaskMove,
  type TargetTaskUpdateInput,
  type TaskListCounts,
} from '@zhengai/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { OnObject, RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { sendXlsx, XLSX_MIME } from '../../../shared/http/send-streamed.js';
import { TargetTaskService } from '../application/target-task.service.js';

/** The menu of yearly targets and tasks (年度目标任务). */
const ANNUAL_MENU = 'ly_herm_annual_wbs';

/** The list's filters as the service reads them (list and export alike). */
const listFilter = (q: z.infer<typeof TargetTaskExportQuerySchema>) => ({
  pageType: q.pageType, year: q.year?.trim() || undefined, yearTargetId: q.yearTargetId || undefined,
  name: q.name?.trim() || undefined, taskState: q.taskState, rwjd: q.rwjd, rwlx: q.rwlx, sort: q.sort, warningType: q.warningType,
  cycleYear: q.cycleYear?.trim() || undefined, chargeDepartId: q.chargeDepartId || undefined,
  leafName: q.leafName?.trim() || undefined, leafOwner: q.leafOwner?.trim() || undefined, leafOnly: q.leafOnly || undefined,
  waiting: q.waiting,
});

/** The yearly target service's target tasks (001 §7 items 13–17, §2 page types). */
@ApiTags('target-task')
@Controller('herm-znfx')
export class TargetTaskController {
  constructor(private readonly tasks: TargetTaskService) {}

  @Get('targetTask/list')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(TargetTaskSchema, { page: true })
  @ApiOperation({ summary: 'Target tasks of a page type (YEAR_TASK … WARNING_TASK), scoped to the person; filters year, yearTargetId, name, taskState, rwjd, rwlx, sort (end date asc/desc), waiting (audit, todo: the home counters)' })
  list(@ZodQuery(TargetTaskListQuerySchema) q: z.infer<typeof TargetTaskListQuerySchema>, @CurrentUser('userId') userId: string): Promise<Page<TargetTask>> {
    return this.tasks.list(userId, { ...listFilter(q), pageNum: q.pageNum, pageSize: q.pageSize });
  }

  @Get('targetTask/export')
  @RequireMenu(ANNUAL_MENU)
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: '导出Excel: the rows targetTask/list shows the person under the same page type and filters, every page, in its order, as .xlsx with Chinese headers (file named after the page type)' })
  async export(@ZodQuery(TargetTaskExportQuerySchema) q: z.infer<typeof TargetTaskExportQuerySchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    await sendXlsx(res, await this.tasks.export(userId, listFilter(q)));
  }

  @Get('targetTask/listCounts')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(TaskListCountsSchema)
  @ApiOperation({ summary: "The figures beside a task list (任务总数, 预警总数, 过程预警, 逾期预警, the charge departments and their heads), counted from targetTask/list's own query: the same page type and filters, paging ignored" })
  listCounts(@ZodQuery(TargetTaskListQuerySchema) q: z.infer<typeof TargetTaskListQuerySchema>, @CurrentUser('userId') userId: string): Promise<TaskListCounts> {
    return this.tasks.listCounts(userId, { ...listFilter(q), pageNum: q.pageNum, pageSize: q.pageSize });
  }

  @Get('targetTask/detail')
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'read')
  @ApiEnvelope(TargetTaskDetailSchema)
  @ApiOperation({ summary: 'A target task and the moves the person may make on it now' })
  detail(@ZodQuery(TargetTaskRefSchema) q: z.infer<typeof TargetTaskRefSchema>, @CurrentUser('userId') userId: string): Promise<TargetTaskDetail> {
    return this.tasks.detail(userId, q.id);
  }

  @Post('targetTask/add')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(TargetTaskSchema)
  @ApiOperation({ summary: 'A new target task under a year target (optionally under a parent task): the year target publisher or an administrator' })
  async add(@ZodBody(TargetTaskInputSchema) body: TargetTaskInput, @CurrentUser('userId') userId: string): Promise<WithMessage<TargetTask>> {
    return new WithMessage(await this.tasks.add(userId, body), '新增成功');
  }

  @Post('targetTask/update')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(TargetTaskSchema)
  @ApiOperation({ summary: 'Change a target task (its year target and parent stay): the year target publisher or an administrator' })
  async update(@ZodBody(TargetTaskUpdateInputSchema) body: TargetTaskUpdateInput, @CurrentUser('userId') userId: string): Promise<WithMessage<TargetTask>> {
    const { id, ...fields } = body;
    return new WithMessage(await this.tasks.update(userId, id, fields), '修改成功');
  }

  @Post('targetTask/delete')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Delete a target task without children or progress reports: the year target publisher or an administrator' })
  async delete(@ZodBody(TargetTaskRefSchema) body: z.infer<typeof TargetTaskRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.tasks.remove(userId, body.id), '删除成功');
  }

  @Post('targetTask/move')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'write')
  @ApiEnvelope(TargetTaskDetailSchema)
  @ApiOperation({ summary: 'One move of a task (submitAudit, passAudit, push, accept, sendBack, resolve, define, report, passReport, requestDelay, urge …): refused with the reason while the task or the person does not allow it' })
  async move(@ZodBody(TargetTaskMoveSchema) body: TargetTaskMove, @CurrentUser('userId') userId: string): Promise<WithMessage<TargetTaskDetail>> {
    return new WithMessage(await this.tasks.move(userId, body), '操作成功');
  }

  @Get('targetTask/allowedActions')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(TaskAllowedActionsSchema, { array: true })
  @ApiOperation({ summary: 'The moves the person may make now on each of the tasks (ids=a,b, at most 200): the lists\' selectable rows for the batch moves; a task the person does not see answers none' })
  allowedActions(@ZodQuery(TaskIdsQuerySchema) q: z.infer<typeof TaskIdsQuerySchema>, @CurrentUser('userId') userId: string): Promise<TaskAllowedActions[]> {
    return this.tasks.allowedActionsOf(userId, q.ids);
  }

  // No @OnObject: the batch names many tasks, and each is checked on its own by the move's own path (a refusal is an
  // item of the summary, not the answer); the test batch-actions.e2e-spec holds a person without rights to all refused.
  @Post('targetTask/batchMove')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(BatchResultSchema)
  @ApiOperation({ summary: '批量下发 / 批量督办: targetTask/move (push or urge) on each task (at most 200), each in its own transaction; answers how many were done and each refused task with the move\'s reason' })
  async batchMove(@ZodBody(TargetTaskBatchMoveSchema) body: TargetTaskBatchMove, @CurrentUser('userId') userId: string): Promise<WithMessage<BatchResult>> {
    const result = await this.tasks.batchMove(userId, body.ids, body.action);
    return new WithMessage(result, `成功${result.done}项，失败${result.refused.length}项`);
  }
}
