import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { TodoCountsSchema, TodoListQuerySchema, TodoListSchema, WarningCountQuerySchema, WarningCountSchema, type TodoCounts, type TodoList, type TodoListQuery, type WarningCount } from '@zhengai/contracts';
import type { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { WorkbenchService } from '../application/workbench.service.js';

@ApiTags('workbench')
@Controller('user')
export class WorkbenchController {
  constructor(private readonly workbench: WorkbenchService) {}

  @Get('warningCount')
  @SignedIn()
  @ApiOperation({ summary: 'Open target-task warnings: all the person may see, personal (queryType=personal: owned or coop-owned) or department (departmentCondition=a,b, within what the person may see); delayMap (expired) and processMap by task id' })
  @ApiEnvelope(WarningCountSchema)
  warningCount(@ZodQuery(WarningCountQuerySchema) q: z.infer<typeof WarningCountQuerySchema>, @CurrentUser('userId') userId: string): Promise<WarningCount> {
    if (q.queryType === 'personal') return this.workbench.warningCounts(userId, { kind: 'personal' });
    if (q.departmentCondition) {
      return this.workbench.warningCounts(userId, { kind: 'department', departmentIds: q.departmentCondition.split(',').map((s) => s.trim()).filter(Boolean) });
    }
    return this.workbench.warningCounts(userId, { kind: 'all' });
  }

  @Get('todoCounts')
  @SignedIn()
  @ApiOperation({ summary: 'The person\'s to-do counts for the home page, counted from the items of todo/list: tasks 待办任务 (fill, submit, accept, decompose, report, rebuild …), warnings 待处理预警 (open quality-point warnings), audits 待审核 (every audit, review and publish)' })
  @ApiEnvelope(TodoCountsSchema)
  todoCounts(@CurrentUser('userId') userId: string): Promise<TodoCounts> {
    return this.workbench.todoCounts(userId);
  }
}

@ApiTags('workbench')
@Controller('todo')
export class TodoController {
  constructor(private readonly workbench: WorkbenchService) {}

  @Get('list')
  @SignedIn()
  @ApiOperation({ summary: '我的待办: everything waiting for the person across modules (group or kind filter, paged), with every group\'s count (= todoCounts) and the kinds\' counts within the group' })
  @ApiEnvelope(TodoListSchema)
  list(@ZodQuery(TodoListQuerySchema) q: TodoListQuery, @CurrentUser('userId') userId: string): Promise<TodoList> {
    return this.workbench.todoList(userId, q);
  }
}
