import { Body, Controller, Get, HttpCode, ParseArrayPipe, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AttachmentSchema, AttachResultSchema, type Attachment, type AttachResult } from '@zhengai/contracts';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { AttachmentService } from '../application/attachment.service.js';
import { AttachItemDto, AttachmentIdDto, AttachQuery, QualityPointQuery } from './dto/attachment.dto.js';

/** Attachments of quality points live here until the quality-point module takes the owner over. */
export const QUALITY_POINT = 'quality-point';

const firstMessage = (errors: Array<{ constraints?: Record<string, string>; children?: unknown[] }>): string => {
  for (const e of errors) {
    const own = Object.values(e.constraints ?? {})[0];
    if (own) return own;
    const nested = e.children?.length ? firstMessage(e.children as typeof errors) : '';
    if (nested) return nested;
  }
  return '请求参数不正确';
};

/** Files attached to a quality point (001 §7 item 4 and the attachment list modal). */
@ApiTags('attachments')
@Controller('herm-znfx/quality')
export class AttachmentController {
  constructor(private readonly attachments: AttachmentService) {}

  @Post('uploadFileList')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiBody({ type: [AttachItemDto] })
  @ApiOperation({ summary: 'Attach uploaded files to a quality point at a stage (query zgzkdid, objTaskId, stage; body [{ fileId, fileName, fileType }]); needs write on the point' })
  @ApiEnvelope(AttachResultSchema)
  async attach(
    @Query() q: AttachQuery,
    @Body(new ParseArrayPipe({ items: AttachItemDto, whitelist: true, exceptionFactory: (errors) => new AppError('VALIDATION', firstMessage(errors as never)) }))
    body: AttachItemDto[],
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
  list(@Query() q: QualityPointQuery, @CurrentUser('userId') userId: string): Promise<Attachment[]> {
    return this.attachments.list(userId, { ownerType: QUALITY_POINT, ownerId: q.zgzkdid, objTaskId: q.objTaskId ?? null });
  }

  @Post('deleteFile')
  @SignedIn('task', 'write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Detach an attachment ({ id }: the list item\'s id); the file itself stays; needs write on the point' })
  @ApiEnvelope(null)
  async remove(@Body() body: AttachmentIdDto, @CurrentUser('userId') userId: string): Promise<null> {
    await this.attachments.remove(userId, body.id);
    return null;
  }
}
