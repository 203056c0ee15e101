import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { TaskAuthoritySchema, type TaskAuthority } from '@zhengai/contracts';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { TaskGrantsService } from '../application/task-grants.service.js';
import { ObjTaskQuery } from './dto/diagnosis.dto.js';
import { TaskGrantDto, TaskGrantRemoveDto } from './dto/task-grants.dto.js';

/** obj/authority (spec 001 §7): who reads and writes an object's task; its owner and administrators set the grants. */
@ApiTags('diagnosis')
@Controller('herm-znfx')
export class TaskGrantsController {
  constructor(private readonly grants: TaskGrantsService) {}

  @Get('obj/authority')
  @SignedIn('task', 'read')
  @ApiEnvelope(TaskAuthoritySchema)
  @ApiOperation({ summary: 'Who reads and writes the task: owner, auditor, department head (with the reason) and the grants; canManage' })
  authority(@Query() q: ObjTaskQuery, @CurrentUser('userId') userId: string): Promise<TaskAuthority> {
    return this.grants.authority(userId, q.objTaskId);
  }

  @Post('obj/authority/add')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(TaskAuthoritySchema)
  @ApiOperation({ summary: 'Grant a person read or write on the task (again: change it); the owner or an administrator only' })
  async add(@Body() body: TaskGrantDto, @CurrentUser('userId') userId: string): Promise<WithMessage<TaskAuthority>> {
    return new WithMessage(await this.grants.grant(userId, body), '授权成功');
  }

  @Post('obj/authority/delete')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(TaskAuthoritySchema)
  @ApiOperation({ summary: 'Take a person\'s grant on the task away; the owner or an administrator only' })
  async delete(@Body() body: TaskGrantRemoveDto, @CurrentUser('userId') userId: string): Promise<WithMessage<TaskAuthority>> {
    return new WithMessage(await this.grants.revoke(userId, body), '删除成功');
  }
}
