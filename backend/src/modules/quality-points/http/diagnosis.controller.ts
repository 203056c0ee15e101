import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { WithMessage } from '../../../shared/http/envelope.js';
import '../../../shared/http/session-user.js';
import { DiagnosisService } from '../application/diagnosis.service.js';
import { ObjListsService } from '../application/obj-lists.service.js';
import type { AuditAction } from '../domain/audit.js';
import { AuditDto, DisqualifiedUpdateDto, ListJobQuery, ObjTaskDto, ObjTaskQuery, RowQuery, TaskQuery } from './dto/diagnosis.dto.js';

/** The diagnosis-improvement service (spec 001 §7): tasks, the quality-point table, entries, grades, audit. */
@ApiTags('diagnosis')
@Controller('herm-znfx')
export class DiagnosisController {
  constructor(
    private readonly diagnosis: DiagnosisService,
    private readonly lists: ObjListsService,
  ) {}

  @Get('task/select')
  @ApiOperation({ summary: 'Objects\' tasks the person may open (libraryId, cycleValue, paging)' })
  tasks(@Query() q: TaskQuery, @Req() req: Request) {
    return this.diagnosis.tasks(req.session.user!.userId, q);
  }

  @Get('quality/select')
  @ApiOperation({ summary: 'The quality-point table of an object task: all rows, no paging, hierarchy titles, canEdit' })
  table(@Query() q: ObjTaskQuery, @Req() req: Request) {
    return this.diagnosis.table(req.session.user!.userId, q.objTaskId);
  }

  @Get('quality/selectbyid')
  @ApiOperation({ summary: 'One point of an object task (the detail drawer)' })
  row(@Query() q: RowQuery, @Req() req: Request) {
    return this.diagnosis.row(req.session.user!.userId, q.objTaskId, q.zkdid);
  }

  @Post('disqualified/update')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save a row: cause analysis and improvement measure (required, ≤ 500), and result values where allowed' })
  async update(@Body() body: DisqualifiedUpdateDto, @Req() req: Request) {
    return new WithMessage(await this.diagnosis.saveRow(req.session.user!.userId, body.gzdxid, body.id, body), '保存成功');
  }

  @Post('quality/calresult')
  @HttpCode(200)
  @ApiOperation({ summary: 'Grade every point of the task from its target and result (A/B/C/D, Y/N)' })
  calresult(@Query() q: ObjTaskQuery, @Req() req: Request) {
    return this.diagnosis.recalculate(req.session.user!.userId, q.objTaskId);
  }

  @Post('obj/calScore')
  @HttpCode(200)
  @ApiOperation({ summary: 'The task\'s score: the share of graded points that reach their target, in percent' })
  async calScore(@Query() q: ObjTaskQuery, @Req() req: Request) {
    return { score: (await this.diagnosis.recalculate(req.session.user!.userId, q.objTaskId)).score };
  }

  @Post('obj/refreshTarget')
  @HttpCode(200)
  @ApiOperation({ summary: 'Grade again against the library\'s current targets' })
  refreshTarget(@Query() q: ObjTaskQuery, @Req() req: Request) {
    return this.diagnosis.recalculate(req.session.user!.userId, q.objTaskId);
  }

  @Get('obj/updownList')
  @ApiOperation({ summary: 'The upper and lower objects\' tasks of the same cycle (parent and child libraries): { up, down }' })
  updownList(@Query() q: ObjTaskQuery, @Req() req: Request) {
    return this.lists.updownList(req.session.user!.userId, q.objTaskId);
  }

  @Post('obj/updateDownList')
  @HttpCode(200)
  @ApiOperation({ summary: 'Push this task\'s targets down as revised targets of the lower tasks in draft or refused: { updated, tasks, skipped }' })
  updateDownList(@Body() body: ObjTaskDto, @Req() req: Request) {
    return this.lists.updateDownList(req.session.user!.userId, body.objTaskId);
  }

  @Post('obj/updateUpList')
  @HttpCode(200)
  @ApiOperation({ summary: 'Roll the lower tasks\' results up into this task\'s results and grade again: { updated, points }' })
  updateUpList(@Body() body: ObjTaskDto, @Req() req: Request) {
    return this.lists.updateUpList(req.session.user!.userId, body.objTaskId);
  }

  @Post('obj/updateDownListAsync')
  @HttpCode(200)
  @ApiOperation({ summary: 'obj/updateDownList as a background job: answers { jobId } at once; poll obj/updateListStatus' })
  updateDownListAsync(@Body() body: ObjTaskDto, @Req() req: Request) {
    return this.lists.start(req.session.user!.userId, body.objTaskId, 'down');
  }

  @Post('obj/updateUpListAsync')
  @HttpCode(200)
  @ApiOperation({ summary: 'obj/updateUpList as a background job: answers { jobId } at once; poll obj/updateListStatus' })
  updateUpListAsync(@Body() body: ObjTaskDto, @Req() req: Request) {
    return this.lists.start(req.session.user!.userId, body.objTaskId, 'up');
  }

  @Get('obj/updateListStatus')
  @ApiOperation({ summary: 'An up or down list job: true when done, false while waiting or running; success false with the reason when refused or failed' })
  updateListStatus(@Query() q: ListJobQuery) {
    return this.lists.status(q.jobId);
  }

  @Get('audit/dynamic')
  @ApiOperation({ summary: 'The audit history of a task: every step, who and when' })
  dynamic(@Query() q: ObjTaskQuery, @Req() req: Request) {
    return this.diagnosis.auditSteps(req.session.user!.userId, q.objTaskId);
  }

  @Post('audit/submit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submit a task for audit (the owner or the department head)' })
  submit(@Body() body: AuditDto, @Req() req: Request) {
    return this.step(req, body, 'submit', '提交成功');
  }

  @Post('audit/pass')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pass a submitted task (the auditor)' })
  pass(@Body() body: AuditDto, @Req() req: Request) {
    return this.step(req, body, 'pass', '审核通过');
  }

  @Post('audit/refuse')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refuse a submitted task with a reason (the auditor)' })
  refuse(@Body() body: AuditDto, @Req() req: Request) {
    return this.step(req, body, 'refuse', '已退回');
  }

  private async step(req: Request, body: AuditDto, action: AuditAction, message: string) {
    const user = req.session.user!;
    return new WithMessage(await this.diagnosis.audit({ userId: user.userId, userName: user.userName }, body.objTaskId, action, body.comment ?? null), message);
  }
}
