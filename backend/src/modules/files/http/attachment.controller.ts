import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AttachItemsSchema,
  AttachmentOwnerSchema,
  AttachmentRefSchema,
  AttachmentSchema,
  AttachQuerySchema,
  AttachResultSchema,
  type AttachItem,
  type Attachment,
  type AttachmentOwner,
  type AttachResult,
} from '@zhengai/contracts';
import { z } from 'zod';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { AttachmentService } from '../application/attachment.service.js';

/** Attachments of quality points live here until the quality-point module takes the owner over. */
export const QUALITY_POINT = 'quality-point';

/** Files attached to a quality point (001 §7 item 4 and the attachment list modal). */
@ApiTags('attachments')
@Controller('herm-znfx/quality')
export class AttachmentController {
  constructor(private readonly attachments: AttachmentService) {}

  @Post('uploadFileList')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Attach uploaded files to a quality point at a stage (query zgzkdid, objTaskId, stage; body [{ fileId, fileName, fileType }]); needs write on the point' })
  @ApiEnvelope(AttachResultSchema)
  async attach(
    @ZodQuery(AttachQuerySchema) q: z.infer<typeof AttachQuerySchema>,
    @ZodBody(AttachItemsSchema) body: AttachItem[],
    @CurrentUser('userId') userId: string,
  ): Promise<WithMessage<AttachResult>> {
    const owner = { ownerType: QUALITY_POINT, ownerId: q.zgzkdid, objTaskId: q.objTaskId ?? null };
    const result = await this.attachments.attach(userId, owner, q.stage, body.map((i) => i.fileId));
    return new WithMessage(result, '导入成功！');
  }

  @Get('fileList')
  @SignedIn('task', 'read')
  @ApiOperation({ summary: 'Attachments of a quality point in stage order: [{ id, fileId, fileName, fileType, stage, url, size, createTime, uploaderName }]; needs read on the point' })
  @ApiEnvelope(AttachmentSchema, { array: true })
  list(@ZodQuery(AttachmentOwnerSchema) q: AttachmentOwner, @CurrentUser('userId') userId: string): Promise<Attachment[]> {
    return this.attachments.list(userId, { ownerType: QUALITY_POINT, ownerId: q.zgzkdid, objTaskId: q.objTaskId ?? null });
  }

  @Post('deleteFile')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Detach an attachment ({ id }: the list item\'s id); the file itself stays; needs write on the point' })
  @ApiEnvelope(null)
  async remove(@ZodBody(AttachmentRefSchema) body: z.infer<typeof AttachmentRefSchema>, @CurrentUser('userId') userId: string): Promise<null> {
    await this.attachments.remove(userId, body.id);
    return null;
  }
}
