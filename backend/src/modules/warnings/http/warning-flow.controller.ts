import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminOnly } from '../../../shared/http/access.decorators.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import '../../../shared/http/session-user.js';
import { ScanControlService } from '../application/scan-control.service.js';
import { WarningFlowService } from '../application/warning-flow.service.js';
import { CollectQuery, DisposeDto, MineQuery, OptionalTaskQuery, PointQuery, ScanStatusQuery, WarningTaskQuery } from './dto/warning.dto.js';

/** Warning flows and samples (spec 001 §2 warning table, drawer tabs 2–3, sampling modal; §7 warningflow, item 2). */
@ApiTags('warnings')
@Controller('herm-znfx')
export class WarningFlowController {
  constructor(
    private readonly flows: WarningFlowService,
    private readonly scans: ScanControlService,
  ) {}

  @Get('warningflow/list')
  @ApiOperation({ summary: 'The warning table of an object task: a row a warned point, counted' })
  list(@Query() q: WarningTaskQuery, @Req() req: Request) {
    return this.flows.table(req.session.user!.userId, q.objTaskId);
  }

  @Get('warningflow/history')
  @ApiOperation({ summary: 'Every warning of one point of a task, newest first' })
  history(@Query() q: PointQuery, @Req() req: Request) {
    return this.flows.history(req.session.user!.userId, q.objTaskId, q.zgzkdid);
  }

  @Get('warningflow/trend')
  @ApiOperation({ summary: 'Monitored and warning values of one point of a task, oldest first' })
  trend(@Query() q: PointQuery, @Req() req: Request) {
    return this.flows.trend(req.session.user!.userId, q.objTaskId, q.zgzkdid);
  }

  @Post('warningflow/dispose')
  @HttpCode(200)
  @ApiOperation({ summary: 'Handle a warning: cause analysis and measure (each required, ≤ 500); handled once' })
  async dispose(@Body() body: DisposeDto, @Req() req: Request) {
    const user = req.session.user!;
    return new WithMessage(await this.flows.dispose({ id: user.userId, name: user.userName }, body), '处理成功');
  }

  @Get('warningflow/counts')
  @ApiOperation({ summary: 'allNum and disposeNum of a task, or of every task the person may read' })
  counts(@Query() q: OptionalTaskQuery, @Req() req: Request) {
    return this.flows.counts(req.session.user!.userId, q.objTaskId);
  }

  @Get('warningflow/mine')
  @ApiOperation({ summary: 'Open warnings of the tasks the person handles (home page), paged' })
  mine(@Query() q: MineQuery, @Req() req: Request) {
    return this.flows.mine(req.session.user!.userId, q);
  }

  @Get('quality/selectCollect')
  @ApiOperation({ summary: 'Quality select collect: the samples of a point of a task in a date range (default the last 7 days)' })
  collect(@Query() q: CollectQuery, @Req() req: Request) {
    return this.flows.samples(req.session.user!.userId, { objTaskId: q.objTaskId, pointId: q.zgzkdid, startDate: q.startDate, endDate: q.endDate });
  }

  @Post('warning/scan')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Start a scan now (administrators): sample what is due, open warnings' })
  scan() {
    return this.scans.start();
  }

  @Get('warning/scanStatus')
  @AdminOnly()
  @ApiOperation({ summary: 'True when the scan has finished' })
  scanStatus(@Query() q: ScanStatusQuery) {
    return this.scans.done(q.jobId);
  }
}
