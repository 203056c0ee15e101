import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { TaskTypeSchema, YearTargetSchema, type Page, type TaskType, type YearTarget } from '@zhengai/contracts';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { YearTargetService } from '../application/year-target.service.js';
import { YearTargetAddDto, YearTargetIdDto, YearTargetListQuery, YearTargetUpdateDto } from './dto/year-target.dto.js';

/** The menu of yearly targets and tasks (年度目标任务): who sees it reads year targets. */
const ANNUAL_MENU = 'ly_herm_annual_wbs';

/** The yearly target service's year targets and the task types (001 §7 items 13 and 15, §2). */
@ApiTags('year-target')
@Controller('herm-znfx')
export class YearTargetController {
  constructor(private readonly targets: YearTargetService) {}

  @Get('yearTarget/list')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetSchema, { page: true })
  @ApiOperation({ summary: 'Year targets, paged (newest year first); filters name (contains) and cycleYear. The option list is this call with pageNum 1, pageSize 1000000 (id, name)' })
  list(@Query() q: YearTargetListQuery): Promise<Page<YearTarget>> {
    return this.targets.list({ name: q.name?.trim(), cycleYear: q.cycleYear?.trim(), pageNum: q.pageNum, pageSize: q.pageSize });
  }

  @Post('yearTarget/add')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetSchema)
  @ApiOperation({ summary: 'A new year target (name, cycleYear, dimensionId, description): the year target publisher or an administrator; the person is its creator, their department the publisher' })
  async add(@Body() body: YearTargetAddDto, @CurrentUser('userId') userId: string): Promise<WithMessage<YearTarget>> {
    return new WithMessage(await this.targets.add(userId, body), '新增成功');
  }

  @Post('yearTarget/update')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(YearTargetSchema)
  @ApiOperation({ summary: 'Change a year target: the year target publisher or an administrator' })
  async update(@Body() body: YearTargetUpdateDto, @CurrentUser('userId') userId: string): Promise<WithMessage<YearTarget>> {
    const { id, ...fields } = body;
    return new WithMessage(await this.targets.update(userId, id, fields), '修改成功');
  }

  @Post('yearTarget/delete')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Delete a year target without target tasks (refused while it has any): the year target publisher or an administrator' })
  async delete(@Body() body: YearTargetIdDto, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.targets.remove(userId, body.id), '删除成功');
  }

  @Get('NewSummaryAnalysis/getTaskTypeList')
  @RequireMenu(ANNUAL_MENU)
  @ApiEnvelope(z.array(TaskTypeSchema))
  @ApiOperation({ summary: 'The task types (rwlx): id A/B/C and rwlxmc 重点任务, 常规任务, 一般任务' })
  taskTypes(): Promise<TaskType[]> {
    return this.targets.taskTypes();
  }
}
