import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ReportStampQuerySchema,
  ReportUnshareInputSchema,
  ReportNameQuerySchema,
  ReportCycleQuerySchema,
  ReportRefSchema,
  ReportCommentSchema,
  ReportDetailSchema,
  ReportDiscussInputSchema,
  ReportListQuerySchema,
  ReportPageSchema,
  ReportRejectInputSchema,
  ReportReviewInputSchema,
  ReportShareInputSchema,
  ReportShareOptionsSchema,
  ReportShareSchema,
  ReportBuildStartSchema,
  ReportScopeOptionsSchema,

  type ReportBuildStart,
  type ReportComment,
  type ReportDetail,
  type ReportPage,
  type ReportScopeOptions,
  type ReportShare,
  type ReportShareOptions,
} from '@zhengai/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ReportBuildService } from '../application/report-build.service.js';
import { ReportDocumentService } from '../application/report-document.service.js';
import { ReportService } from '../application/report.service.js';
import { sendBinary } from '../../files/http/send-binary.js';

/** The 质量报告 menu. */
export const REPORT_MENU = 'ly_herm_qualityReport';

/** Quality reports in data management: list, page, review flow, shares, discussion, the Word document and images. */
@ApiTags('report')
@Controller('herm-sjgl')
export class ReportController {
  constructor(
    private readonly reports: ReportService,
    private readonly builds: ReportBuildService,
    private readonly documents: ReportDocumentService,
  ) {}

  @Get('report/select')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportPageSchema)
  @ApiOperation({ summary: 'The reports the person may read, newest first (current, size; filters cycle, cjlx, state, name contains)' })
  select(@ZodQuery(ReportListQuerySchema) q: z.infer<typeof ReportListQuerySchema>, @CurrentUser('userId') userId: string): Promise<ReportPage> {
    return this.reports.list(userId, q);
  }

  @Get('report/detail')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportDetailSchema)
  @ApiOperation({ summary: 'A report as frozen: header, overview, tables, reviews, history and what the person may do now' })
  detail(@ZodQuery(ReportRefSchema) q: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<ReportDetail> {
    return this.reports.detail(userId, q.id);
  }

  @Get('report/scopeOptions')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportScopeOptionsSchema)
  @ApiOperation({ summary: 'Cycles known, and the objects of the cycle (the newest when absent) whose diagnosed tasks the person reads' })
  scopeOptions(@ZodQuery(ReportCycleQuerySchema) q: z.infer<typeof ReportCycleQuerySchema>, @CurrentUser('userId') userId: string): Promise<ReportScopeOptions> {
    return this.builds.scopeOptions(userId, q.cycle);
  }

  @Get('report/shareOptions')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportShareOptionsSchema)
  @ApiOperation({ summary: 'People (at most 50) and departments by name, to share with or @mention' })
  shareOptions(@ZodQuery(ReportNameQuerySchema) q: z.infer<typeof ReportNameQuerySchema>): Promise<ReportShareOptions> {
    return this.reports.shareOptions(q.name);
  }

  @Post('report/submit')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportDetailSchema)
  @ApiOperation({ summary: 'The author sends a draft to the expert review' })
  async submit(@ZodBody(ReportRefSchema) body: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportDetail>> {
    return new WithMessage(await this.reports.submit(userId, body.id), '提交成功');
  }

  @Post('report/review')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportDetailSchema)
  @ApiOperation({ summary: 'Pass a review with a grade (A, B, C) and an opinion: an expert while submitted, a school leader or administrator while expertPassed' })
  async review(@ZodBody(ReportReviewInputSchema) body: z.infer<typeof ReportReviewInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportDetail>> {
    return new WithMessage(await this.reports.review(userId, body), '评审成功');
  }

  @Post('report/reject')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportDetailSchema)
  @ApiOperation({ summary: 'Send the report back to its author with a reason: the expert while submitted, the school while expertPassed' })
  async reject(@ZodBody(ReportRejectInputSchema) body: z.infer<typeof ReportRejectInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportDetail>> {
    return new WithMessage(await this.reports.reject(userId, body), '驳回成功');
  }

  @Post('report/delete')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Delete a report: its author while draft, rejected or failed; an administrator while not published' })
  async delete(@ZodBody(ReportRefSchema) body: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    return new WithMessage(await this.reports.remove(userId, body.id), '删除成功');
  }

  @Post('report/rebuild')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportBuildStartSchema)
  @ApiOperation({ summary: 'The author builds a draft, rejected or failed report again from the live data; poll report/taskResult' })
  rebuild(@ZodBody(ReportRefSchema) body: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<ReportBuildStart> {
    return this.builds.rebuild(userId, body.id);
  }

  @Get('report/discussList')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.array(ReportCommentSchema))
  @ApiOperation({ summary: "The report's discussion, oldest first (its readers)" })
  discussList(@ZodQuery(ReportRefSchema) q: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<ReportComment[]> {
    return this.reports.discussList(userId, q.id);
  }

  @Post('report/discuss')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportCommentSchema)
  @ApiOperation({ summary: 'A comment by a reader; the people it @mentions must read the report' })
  async discuss(@ZodBody(ReportDiscussInputSchema) body: z.infer<typeof ReportDiscussInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportComment>> {
    return new WithMessage(await this.reports.discuss(userId, body), '发表成功');
  }

  @Get('report/shareList')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.array(ReportShareSchema))
  @ApiOperation({ summary: 'Who the report is shared with (its readers)' })
  shareList(@ZodQuery(ReportRefSchema) q: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<ReportShare[]> {
    return this.reports.shareList(userId, q.id);
  }

  @Post('report/share')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.array(ReportShareSchema))
  @ApiOperation({ summary: 'Share the report (read only) with people and departments: its author or an administrator' })
  async share(@ZodBody(ReportShareInputSchema) body: z.infer<typeof ReportShareInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportShare[]>> {
    return new WithMessage(await this.reports.share(userId, body), '共享成功');
  }

  @Post('report/unshare')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Take a share back: its author or an administrator' })
  async unshare(@ZodBody(ReportUnshareInputSchema) body: z.infer<typeof ReportUnshareInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    return new WithMessage(await this.reports.unshare(userId, body), '取消共享成功');
  }

  @Get('report/wordDownload')
  @RequireMenu(REPORT_MENU)
  @ApiFileResponse('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  @ApiOperation({ summary: 'The report as a Word document named after it (its readers)' })
  async wordDownload(@ZodQuery(ReportRefSchema) q: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    sendBinary(res, await this.documents.wordDownload(userId, q.id), 'attachment');
  }

  @Get('report/cover')
  @RequireMenu(REPORT_MENU)
  @ApiFileResponse('image/png')
  @ApiOperation({ summary: "The report's composed cover (PNG)" })
  async cover(@ZodQuery(ReportRefSchema) q: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    sendBinary(res, await this.documents.cover(userId, q.id), 'inline');
  }

  @Get('report/stamp')
  @RequireMenu(REPORT_MENU)
  @ApiFileResponse('image/png')
  @ApiOperation({ summary: "A review's stamp (PNG): kind expert or school, once that review is made" })
  async stamp(@ZodQuery(ReportStampQuerySchema) q: z.infer<typeof ReportStampQuerySchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    sendBinary(res, await this.documents.stamp(userId, q.id, q.kind), 'inline');
  }
}
