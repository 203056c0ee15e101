import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import '../../../shared/http/session-user.js';
import { WarningCountQuery } from '../../org/http/dto/org.dto.js';
import { WorkbenchService, type TodoCounts, type WarningCounts } from '../application/workbench.service.js';

@ApiTags('workbench')
@Controller('user')
export class WorkbenchController {
  constructor(private readonly workbench: WorkbenchService) {}

  @Get('warningCount')
  @ApiOperation({ summary: 'Warning counts: all, personal (queryType=personal) or department (departmentCondition=a,b); delayMap and processMap' })
  warningCount(@Query() q: WarningCountQuery, @Req() req: Request): Promise<WarningCounts> {
    if (q.queryType === 'personal') return this.workbench.warningCounts({ userId: req.session.user!.userId });
    if (q.departmentCondition) return this.workbench.warningCounts({ departmentIds: q.departmentCondition.split(',').map((s) => s.trim()).filter(Boolean) });
    return this.workbench.warningCounts('all');
  }

  @Get('todoCounts')
  @ApiOperation({ summary: 'The person\'s to-do counts for the home page: tasks, warnings, audits waiting' })
  todoCounts(@Req() req: Request): Promise<TodoCounts> {
    return this.workbench.todoCounts(req.session.user!.userId);
  }
}
