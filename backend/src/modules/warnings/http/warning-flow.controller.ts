import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DisposalSchema,
  MyWarningSchema,
  PageQuerySchema,
  SamplingQuerySchema,
  SamplingRecordSchema,
  ScanStatusQuerySchema,
  WarningCountsQuerySchema,
  WarningPointQuerySchema,
  WarningTaskQuerySchema,
  ScanStartSchema,
  WarningCountsSchema,
  WarningRecordSchema,
  WarningRowSchema,
  WarningTrendSchema,
  type Disposal,
  type MyWarning,
  type Page,
  type SamplingQuery,
  type SamplingRecord,
  type ScanStart,
  type WarningCounts,
  type WarningRecord,
  type WarningRow,
  type WarningTrend,
} from '@zhengai/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { AdminOnly, SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { sendXlsx, XLSX_MIME } from '../../../shared/http/send-streamed.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import type { SessionUser } from '../../../shared/http/session-user.js';
import { ScanControlService } from '../application/scan-control.service.js';
import { WarningFlowService } from '../application/warning-flow.service.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';

/** Warning flows and samples (spec 001 §2 warning table, drawer tabs 2–3, sampling modal; §7 warningflow, item 2). */
@ApiTags('warnings')
@Controller('herm-znfx')
export class WarningFlowController {
  constructor(
    private readonly flows: WarningFlowService,
    private readonly scans: ScanControlService,
  ) {}

  @Get('warningflow/list')
  @SignedIn('task', 'read')
  @ApiEnvelope(WarningRowSchema, { array: true })
  @ApiOperation({ summary: 'The warning table of an object task: a row a warned point, counted' })
  list(@ZodQuery(WarningTaskQuerySchema) q: z.infer<typeof WarningTaskQuerySchema>, @CurrentUser('userId') userId: string): Promise<WarningRow[]> {
    return this.flows.table(userId, q.objTaskId);
  }

  @Get('warningflow/export')
  @SignedIn('task', 'read')
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: "监测预警's 导出Excel: the task's warning table as warningflow/list answers it, as .xlsx with Chinese headers (预警列表-<task>.xlsx)" })
  async export(@ZodQuery(WarningTaskQuerySchema) q: z.infer<typeof WarningTaskQuerySchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    await sendXlsx(res, await this.flows.exportTable(userId, q.objTaskId));
  }

  @Get('warningflow/history')
  @SignedIn('task', 'read')
  @ApiEnvelope(WarningRecordSchema, { array: true })
  @ApiOperation({ summary: 'Every warning of one point of a task, newest first' })
  history(@ZodQuery(WarningPointQuerySchema) q: z.infer<typeof WarningPointQuerySchema>, @CurrentUser('userId') userId: string): Promise<WarningRecord[]> {
    return this.flows.history(userId, q.objTaskId, q.zgzkdid);
  }

  @Get('warningflow/trend')
  @SignedIn('task', 'read')
  @ApiEnvelope(WarningTrendSchema)
  @ApiOperation({ summary: 'Monitored and warning values of one point of a task, oldest first' })
  trend(@ZodQuery(WarningPointQuerySchema) q: z.infer<typeof WarningPointQuerySchema>, @CurrentUser('userId') userId: string): Promise<WarningTrend> {
    return this.flows.trend(userId, q.objTaskId, q.zgzkdid);
  }

  @Post('warningflow/dispose')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(WarningRecordSchema)
  @ApiOperation({ summary: 'Handle a warning: cause analysis and measure (each required, ≤ 500); handled once' })
  async dispose(@ZodBody(DisposalSchema) body: Disposal, @CurrentUser() user: SessionUser): Promise<WithMessage<WarningRecord>> {
    return new WithMessage(await this.flows.dispose({ id: user.userId, name: user.userName }, body), '处理成功');
  }

  @Get('warningflow/counts')
  @SignedIn('task', 'read')
  @ApiEnvelope(WarningCountsSchema)
  @ApiOperation({ summary: 'allNum and disposeNum of a task, or of every task the person may read' })
  counts(@ZodQuery(WarningCountsQuerySchema) q: z.infer<typeof WarningCountsQuerySchema>, @CurrentUser('userId') userId: string): Promise<WarningCounts> {
    return this.flows.counts(userId, q.objTaskId);
  }

  @Get('warningflow/mine')
  @SignedIn()
  @ApiEnvelope(MyWarningSchema, { page: true })
  @ApiOperation({ summary: 'Open warnings of the tasks the person handles (home page), paged' })
  mine(@ZodQuery(PageQuerySchema) q: z.infer<typeof PageQuerySchema>, @CurrentUser('userId') userId: string): Promise<Page<MyWarning>> {
    return this.flows.mine(userId, q);
  }

  @Get('quality/selectCollect')
  @SignedIn('task', 'read')
  @ApiEnvelope(SamplingRecordSchema, { array: true })
  @ApiOperation({ summary: 'Quality select collect: the samples of a point of a task in a date range (default the last 7 days)' })
  collect(@ZodQuery(SamplingQuerySchema) q: SamplingQuery, @CurrentUser('userId') userId: string): Promise<SamplingRecord[]> {
    return this.flows.samples(userId, { objTaskId: q.objTaskId, pointId: q.zgzkdid, startDate: q.startDate, endDate: q.endDate });
  }

  @Post('warning/scan')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(ScanStartSchema)
  @ApiOperation({ summary: 'Start a scan now (administrators): sample what is due, open warnings' })
  scan(): Promise<ScanStart> {
    return this.scans.start();
  }

  @Get('warning/scanStatus')
  @AdminOnly()
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'True when the scan has finished' })
  scanStatus(@ZodQuery(ScanStatusQuerySchema) q: z.infer<typeof ScanStatusQuerySchema>): Promise<boolean> {
    return this.scans.done(q.jobId);
  }
}
