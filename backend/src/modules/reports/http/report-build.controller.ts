import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReportBuildProgressSchema, ReportBuildStartSchema, ReportGenerateInputSchema, ReportTaskQuerySchema, type ReportBuildProgress, type ReportBuildStart } from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { ReportBuildService } from '../application/report-build.service.js';
import { REPORT_MENU } from './report.controller.js';

/** 生成报告 in smart analysis: start a build and follow it. */
@ApiTags('report')
@Controller('herm-znfx')
export class ReportBuildController {
  constructor(private readonly builds: ReportBuildService) {}

  @Post('report/generate')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportBuildStartSchema)
  @ApiOperation({ summary: 'Build a report of scopes (each read whole by the person) and a cycle with a template and cover (the defaults when absent); answers { taskId, reportId } at once, poll report/checkStatus or report/taskResult' })
  generate(@ZodBody(ReportGenerateInputSchema) body: z.infer<typeof ReportGenerateInputSchema>, @CurrentUser('userId') userId: string): Promise<ReportBuildStart> {
    return this.builds.generate(userId, body);
  }

  @Get('report/checkStatus')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'A build (its requester or an administrator): true when done, false while waiting or running; success false with the reason when it failed' })
  checkStatus(@ZodQuery(ReportTaskQuerySchema) q: z.infer<typeof ReportTaskQuerySchema>, @CurrentUser('userId') userId: string): Promise<boolean> {
    return this.builds.checkStatus(userId, q.taskId);
  }

  @Get('report/taskResult')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportBuildProgressSchema)
  @ApiOperation({ summary: "A build's progress: state, steps done of total, the step, the reason once failed" })
  taskResult(@ZodQuery(ReportTaskQuerySchema) q: z.infer<typeof ReportTaskQuerySchema>, @CurrentUser('userId') userId: string): Promise<ReportBuildProgress> {
    return this.builds.taskResult(userId, q.taskId);
  }
}
