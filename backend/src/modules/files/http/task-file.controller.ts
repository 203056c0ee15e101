import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AttachmentRefSchema,
  AttachmentSchema,
  AttachResultSchema,
  TaskFileAddInputSchema,
  TaskFileListQuerySchema,
  TaskFileUpdateInputSchema,
  type Attachment,
  type AttachResult,
} from '@zhengai/contracts';
import { z } from 'zod';
import { OnObject, RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { AttachmentService } from '../application/attachment.service.js';

/** The owner type of a target task's own files (stage task); the target-tasks module decides who reads and writes them. */
export const TARGET_TASK = 'target-task';
/** The menu of yearly targets and tasks (年度目标任务). */
const ANNUAL_MENU = 'ly_herm_annual_wbs';

/**
 * A target task's files (001 §7 item 15 "target task file: list, add, update and delete"): attachments of owner
 * type target-task at stage task. Readers: whoever sees the task; writers: the publisher, administrators and the
 * task's owner while it is not finished (the target-tasks module's TargetTaskAttachmentAccess).
 */
@ApiTags('target-task')
@Controller('herm-znfx')
export class TaskFileController {
  constructor(private readonly attachments: AttachmentService) {}

  @Get('targetTask/file/list')
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'read')
  @ApiEnvelope(AttachmentSchema, { array: true })
  @ApiOperation({ summary: "A target task's files (stage task), oldest first; whoever sees the task" })
  list(@ZodQuery(TaskFileListQuerySchema) q: z.infer<typeof TaskFileListQuerySchema>, @CurrentUser('userId') userId: string): Promise<Attachment[]> {
    return this.attachments.list(userId, { ownerType: TARGET_TASK, ownerId: q.taskId, objTaskId: null });
  }

  @Post('targetTask/file/add')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'write')
  @ApiEnvelope(AttachResultSchema)
  @ApiOperation({ summary: "Attach one's own merged files to a target task (body taskId, files [{ fileId, fileName, fileType }], stage task): the publisher, an administrator or the task's owner while it is not finished" })
  async add(@ZodBody(TaskFileAddInputSchema) body: z.infer<typeof TaskFileAddInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<AttachResult>> {
    const owner = { ownerType: TARGET_TASK, ownerId: body.taskId, objTaskId: null };
    return new WithMessage(await this.attachments.attach(userId, owner, 'task', body.files.map((f) => f.fileId)), '导入成功！');
  }

  @Post('targetTask/file/update')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'write')
  @ApiEnvelope(AttachmentSchema)
  @ApiOperation({ summary: "Name (extension kept) and file type of a task file, shown instead of the stored file's (the file itself stays)" })
  async update(@ZodBody(TaskFileUpdateInputSchema) body: z.infer<typeof TaskFileUpdateInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<Attachment>> {
    return new WithMessage(await this.attachments.update(userId, body.id, { fileName: body.fileName, lxId: body.lxId }, TARGET_TASK), '修改成功');
  }

  @Post('targetTask/file/delete')
  @HttpCode(200)
  @RequireMenu(ANNUAL_MENU)
  @OnObject('task', 'write')
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Detach a task file ({ id }: the list item id); the file itself stays' })
  async remove(@ZodBody(AttachmentRefSchema) body: z.infer<typeof AttachmentRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    await this.attachments.remove(userId, body.id, TARGET_TASK);
    return new WithMessage(null, '删除成功');
  }
}
