import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ObjTaskQuerySchema, TaskAuthoritySchema, TaskGrantInputSchema, TaskGrantRemoveSchema, type TaskAuthority } from '@zhengai/contracts';
import type { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { TaskGrantsService } from '../application/task-grants.service.js';

/** obj/authority (spec 001 §7): who reads and writes an object's task; its owner and administrators set the grants. */
@ApiTags('diagnosis')
@Controller('herm-znfx')
export class TaskGrantsController {
  constructor(private readonly grants: TaskGrantsService) {}

  @Get('obj/authority')
  @SignedIn('task', 'read')
  @ApiEnvelope(TaskAuthoritySchema)
  @ApiOperation({ summary: 'Who reads and writes the task: owner, auditor, department head (with the reason) and the grants; canManage' })
  authority(@ZodQuery(ObjTaskQuerySchema) q: z.infer<typeof ObjTaskQuerySchema>, @CurrentUser('userId') userId: string): Promise<TaskAuthority> {
    return this.grants.authority(userId, q.objTaskId);
  }

  @Post('obj/authority/add')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(TaskAuthoritySchema)
  @ApiOperation({ summary: 'Grant a person read or write on the task (again: change it); the owner or an administrator only' })
  async add(@ZodBody(TaskGrantInputSchema) body: z.infer<typeof TaskGrantInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<TaskAuthority>> {
    return new WithMessage(await this.grants.grant(userId, body), '授权成功');
  }

  @Post('obj/authority/delete')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiEnvelope(TaskAuthoritySchema)
  @ApiOperation({ summary: 'Take a person\'s grant on the task away; the owner or an administrator only' })
  async delete(@ZodBody(TaskGrantRemoveSchema) body: z.infer<typeof TaskGrantRemoveSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<TaskAuthority>> {
    return new WithMessage(await this.grants.revoke(userId, body), '删除成功');
  }
}
