import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AuditInputSchema,
  AuditResultSchema,
  AuditStepSchema,
  DiagnosisTaskCyclesQuerySchema,
  DiagnosisTaskCyclesSchema,
  DiagnosisTaskQuerySchema,
  DiagnosisTaskSchema,
  DownListResultSchema,
  GradeResultSchema,
  ListJobQuerySchema,
  ListJobStartSchema,
  ObjTaskInputSchema,
  ObjTaskQuerySchema,
  QualityPointDetailSchema,
  QualityRowQuerySchema,
  QualityRowSchema,
  RowUpdateSchema,
  QualityTableSchema,
  TaskScoreSchema,
  UpDownListSchema,
  UpListResultSchema,
  type AuditInput,
  type AuditResult,
  type AuditStep,
  type DiagnosisTask,
  type DiagnosisTaskCycles,
  type DownListResult,
  type GradeResult,
  type ListJobStart,
  type ObjTaskInput,
  type Page,
  type QualityPointDetail,
  type QualityRow,
  type RowUpdate,
  type QualityTable,
  type TaskScore,
  type UpDownList,
  type UpListResult,
} from '@zhengai/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { sendXlsx, XLSX_MIME } from '../../../shared/http/send-streamed.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import type { SessionUser } from '../../../shared/http/session-user.js';
import { DiagnosisService } from '../application/diagnosis.service.js';
import { ObjListsService } from '../application/obj-lists.service.js';
import { QualityTableExport } from '../application/quality-table-export.js';
import type { AuditAction } from '../domain/audit.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';

type ObjTaskQuery = z.infer<typeof ObjTaskQuerySchema>;

/** The diagnosis-improvement service (spec 001 §7): tasks, the quality-point table, entries, grades, audit. */
@ApiTags('diagnosis')
@Controller('herm-znfx')
export class DiagnosisController {
  constructor(
    private readonly diagnosis: DiagnosisService,
    private readonly lists: ObjListsService,
    private readonly tableSheet: QualityTableExport,
  ) {}

  @Get('task/select')
  @SignedIn()
  @ApiEnvelope(DiagnosisTaskSchema, { page: true })
  @ApiOperation({ summary: 'Objects\' tasks the person may open (libraryId, cycleValue, objectType, auditState, keyword; paged, total of the filtered)' })
  tasks(@ZodQuery(DiagnosisTaskQuerySchema) q: z.infer<typeof DiagnosisTaskQuerySchema>, @CurrentUser('userId') userId: string): Promise<Page<DiagnosisTask>> {
    return this.diagnosis.tasks(userId, q);
  }

  @Get('task/cycles')
  @SignedIn()
  @ApiEnvelope(DiagnosisTaskCyclesSchema)
  @ApiOperation({ summary: 'The cycles of the tasks the person may open (objectType: of one level), newest first' })
  taskCycles(@ZodQuery(DiagnosisTaskCyclesQuerySchema) q: z.infer<typeof DiagnosisTaskCyclesQuerySchema>, @CurrentUser('userId') userId: string): Promise<DiagnosisTaskCycles> {
    return this.diagnosis.taskCycles(userId, q.objectType);
  }

  @Get('quality/select')
  @SignedIn('task', 'read')
  @ApiEnvelope(QualityTableSchema)
  @ApiOperation({ summary: 'The quality-point table of an object task: all rows, no paging, hierarchy titles, isedit (edit mode)' })
  table(@ZodQuery(ObjTaskQuerySchema) q: ObjTaskQuery, @CurrentUser('userId') userId: string): Promise<QualityTable> {
    return this.diagnosis.table(userId, q.objTaskId);
  }

  @Get('quality/selectExport')
  @SignedIn('task', 'read')
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: "诊断改进's 导出Excel: the task's quality-point table as quality/select answers it, as .xlsx with Chinese headers (质控点列表-<task>.xlsx)" })
  async tableExport(@ZodQuery(ObjTaskQuerySchema) q: ObjTaskQuery, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    await sendXlsx(res, await this.tableSheet.export(userId, q.objTaskId));
  }

  @Get('quality/selectbyid')
  @SignedIn('task', 'read')
  @ApiEnvelope(QualityPointDetailSchema)
  @ApiOperation({ summary: "One point of an object task (the detail drawer): zkdid is the row's zkdid, the point's code" })
  row(@ZodQuery(QualityRowQuerySchema) q: z.infer<typeof QualityRowQuerySchema>, @CurrentUser('userId') userId: string): Promise<QualityPointDetail> {
    return this.diagnosis.row(userId, q.objTaskId, q.zkdid);
  }

  @Post('disqualified/update')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(QualityRowSchema)
  @ApiOperation({ summary: 'Save a row: cause analysis and improvement measure (required, ≤ 500), and result values where allowed' })
  async update(@ZodBody(RowUpdateSchema) body: RowUpdate, @CurrentUser('userId') userId: string): Promise<WithMessage<QualityRow>> {
    return new WithMessage(await this.diagnosis.saveRow(userId, body.gzdxid, body.id, body), '保存成功');
  }

  @Post('quality/calresult')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(GradeResultSchema)
  @ApiOperation({ summary: 'Grade every point of the task from its target and result (A/B/C/D, Y/N)' })
  calresult(@ZodQuery(ObjTaskQuerySchema) q: ObjTaskQuery, @CurrentUser('userId') userId: string): Promise<GradeResult> {
    return this.diagnosis.recalculate(userId, q.objTaskId);
  }

  @Post('obj/calScore')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(TaskScoreSchema)
  @ApiOperation({ summary: 'The task\'s score: the share of graded points that reach their target, in percent' })
  async calScore(@ZodQuery(ObjTaskQuerySchema) q: ObjTaskQuery, @CurrentUser('userId') userId: string): Promise<TaskScore> {
    return { score: (await this.diagnosis.recalculate(userId, q.objTaskId)).score };
  }

  @Post('obj/refreshTarget')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(GradeResultSchema)
  @ApiOperation({ summary: 'Grade again against the library\'s current targets' })
  refreshTarget(@ZodQuery(ObjTaskQuerySchema) q: ObjTaskQuery, @CurrentUser('userId') userId: string): Promise<GradeResult> {
    return this.diagnosis.recalculate(userId, q.objTaskId);
  }

  @Get('obj/updownList')
  @SignedIn('task', 'read')
  @ApiEnvelope(UpDownListSchema)
  @ApiOperation({ summary: 'The upper and lower objects\' tasks of the same cycle (parent and child libraries): { up, down }' })
  updownList(@ZodQuery(ObjTaskQuerySchema) q: ObjTaskQuery, @CurrentUser('userId') userId: string): Promise<UpDownList> {
    return this.lists.updownList(userId, q.objTaskId);
  }

  @Post('obj/updateDownList')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(DownListResultSchema)
  @ApiOperation({ summary: 'Push this task\'s targets down as revised targets of the lower tasks in draft or refused that the caller may write: { updated, tasks, skipped }' })
  updateDownList(@ZodBody(ObjTaskInputSchema) body: ObjTaskInput, @CurrentUser('userId') userId: string): Promise<DownListResult> {
    return this.lists.updateDownList(userId, body.objTaskId);
  }

  @Post('obj/updateUpList')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(UpListResultSchema)
  @ApiOperation({ summary: 'Roll the lower tasks\' results up into this task\'s results and grade again: { updated, points }' })
  updateUpList(@ZodBody(ObjTaskInputSchema) body: ObjTaskInput, @CurrentUser('userId') userId: string): Promise<UpListResult> {
    return this.lists.updateUpList(userId, body.objTaskId);
  }

  @Post('obj/updateDownListAsync')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(ListJobStartSchema)
  @ApiOperation({ summary: 'obj/updateDownList as a background job: answers { jobId } at once; poll obj/updateListStatus' })
  updateDownListAsync(@ZodBody(ObjTaskInputSchema) body: ObjTaskInput, @CurrentUser('userId') userId: string): Promise<ListJobStart> {
    return this.lists.start(userId, body.objTaskId, 'down');
  }

  @Post('obj/updateUpListAsync')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(ListJobStartSchema)
  @ApiOperation({ summary: 'obj/updateUpList as a background job: answers { jobId } at once; poll obj/updateListStatus' })
  updateUpListAsync(@ZodBody(ObjTaskInputSchema) body: ObjTaskInput, @CurrentUser('userId') userId: string): Promise<ListJobStart> {
    return this.lists.start(userId, body.objTaskId, 'up');
  }

  @Get('obj/updateListStatus')
  @SignedIn('job', 'read')
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'An up or down list job (its requester or an administrator): true when done, false while waiting or running; success false with the reason when refused or failed' })
  updateListStatus(@ZodQuery(ListJobQuerySchema) q: z.infer<typeof ListJobQuerySchema>, @CurrentUser('userId') userId: string): Promise<boolean> {
    return this.lists.status(userId, q.jobId);
  }

  @Get('audit/dynamic')
  @SignedIn('task', 'read')
  @ApiEnvelope(AuditStepSchema, { array: true })
  @ApiOperation({ summary: 'The audit history of a task: every step, who and when' })
  dynamic(@ZodQuery(ObjTaskQuerySchema) q: ObjTaskQuery, @CurrentUser('userId') userId: string): Promise<AuditStep[]> {
    return this.diagnosis.auditSteps(userId, q.objTaskId);
  }

  @Post('audit/submit')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(AuditResultSchema)
  @ApiOperation({ summary: 'Submit a task for audit (the owner or the department head)' })
  submit(@ZodBody(AuditInputSchema) body: AuditInput, @CurrentUser() user: SessionUser): Promise<WithMessage<AuditResult>> {
    return this.step(user, body, 'submit', '提交成功');
  }

  @Post('audit/pass')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(AuditResultSchema)
  @ApiOperation({ summary: 'Pass a submitted task (the auditor)' })
  pass(@ZodBody(AuditInputSchema) body: AuditInput, @CurrentUser() user: SessionUser): Promise<WithMessage<AuditResult>> {
    return this.step(user, body, 'pass', '审核通过');
  }

  @Post('audit/refuse')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(AuditResultSchema)
  @ApiOperation({ summary: 'Refuse a submitted task with a reason (the auditor)' })
  refuse(@ZodBody(AuditInputSchema) body: AuditInput, @CurrentUser() user: SessionUser): Promise<WithMessage<AuditResult>> {
    return this.step(user, body, 'refuse', '已退回');
  }

  private async step(user: SessionUser, body: AuditInput, action: AuditAction, message: string) {
    return new WithMessage(await this.diagnosis.audit({ userId: user.userId, userName: user.userName }, body.objTaskId, action, body.comment ?? null), message);
  }
}
