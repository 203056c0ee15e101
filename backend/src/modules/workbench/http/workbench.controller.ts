import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { TodoCountsSchema, WarningCountSchema, type TodoCounts, type WarningCount } from '@zhengai/contracts';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WarningCountQuery } from '../../org/http/dto/org.dto.js';
import { WorkbenchService } from '../application/workbench.service.js';

@ApiTags('workbench')
@Controller('user')
export class WorkbenchController {
  constructor(private readonly workbench: WorkbenchService) {}

  @Get('warningCount')
  @SignedIn()
  @ApiOperation({ summary: 'Warning counts: all, personal (queryType=personal) or department (departmentCondition=a,b); delayMap and processMap' })
  @ApiEnvelope(WarningCountSchema)
  warningCount(@Query() q: WarningCountQuery, @CurrentUser('userId') userId: string): Promise<WarningCount> {
    if (q.queryType === 'personal') return this.workbench.warningCounts({ userId: userId });
    if (q.departmentCondition) return this.workbench.warningCounts({ departmentIds: q.departmentCondition.split(',').map((s) => s.trim()).filter(Boolean) });
    return this.workbench.warningCounts('all');
  }

  @Get('todoCounts')
  @SignedIn()
  @ApiOperation({ summary: 'The person\'s to-do counts for the home page: tasks, warnings, audits waiting' })
  @ApiEnvelope(TodoCountsSchema)
  todoCounts(@CurrentUser('userId') userId: string): Promise<TodoCounts> {
    return this.workbench.todoCounts(userId);
  }
}
