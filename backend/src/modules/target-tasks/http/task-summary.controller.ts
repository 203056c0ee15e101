import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SelectedSchoolSchema, TaskSummaryQuerySchema, TaskSummarySchema, TaskSummaryScopesSchema, type SelectedSchool, type TaskSummary, type TaskSummaryQuery, type TaskSummaryScopes } from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { TaskSummaryService } from '../application/task-summary.service.js';
import { ZodQuery } from '../../../shared/http/zod-input.decorator.js';

/** The menu 汇总分析 under 年度目标任务 (migration 1765353600000-task-summary-menu). */
const SUMMARY_MENU = 'ly_herm_annual_wbs_summary';

/** Summary analysis of target tasks (001 §2 summary types, §7 item 17). */
@ApiTags('task-summary')
@Controller('herm-znfx')
export class TaskSummaryController {
  constructor(private readonly summaries: TaskSummaryService) {}

  @Get('targetTask/summaryAnalysis')
  @RequireMenu(SUMMARY_MENU)
  @ApiEnvelope(TaskSummarySchema)
  @ApiOperation({
    summary:
      'Summary of target tasks: type mySummaryAnalysis (owned or coop-owned), departmentSummaryAnalysis (chargeDepartId, default the first charge department; ' +
      'refused for a department the person may not see) or globalSummaryAnalysis (administrator, year target publisher, school leader); filters year, yearTargetId',
  })
  summary(@ZodQuery(TaskSummaryQuerySchema) q: TaskSummaryQuery, @CurrentUser('userId') userId: string): Promise<TaskSummary> {
    return this.summaries.summary(userId, { type: q.type, year: q.year, yearTargetId: q.yearTargetId, chargeDepartId: q.chargeDepartId });
  }

  @Get('targetTask/summaryScopes')
  @RequireMenu(SUMMARY_MENU)
  @ApiEnvelope(TaskSummaryScopesSchema)
  @ApiOperation({ summary: 'The summary types the person may use (the tabs) and the departments the department summary may show, the default first' })
  scopes(@CurrentUser('userId') userId: string): Promise<TaskSummaryScopes> {
    return this.summaries.scopes(userId);
  }

  @Get('selectSchool/getSelectedSchoolList')
  @RequireMenu(SUMMARY_MENU)
  @ApiEnvelope(z.array(SelectedSchoolSchema))
  @ApiOperation({ summary: "The schools to compare: the school's own entry (school_profile) until school analysis exists" })
  schools(): Promise<SelectedSchool[]> {
    return this.summaries.schools();
  }
}
