import { Body, Controller, Get, HttpCode, ParseArrayPipe, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AppError } from '../../../shared/errors/app-error.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import '../../../shared/http/session-user.js';
import { AttachmentService, type AttachmentItem } from '../application/attachment.service.js';
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
  @HttpCode(200)
  @ApiBody({ type: [AttachItemDto] })
  @ApiOperation({ summary: 'Attach uploaded files to a quality point at a stage (query zgzkdid, objTaskId, stage; body [{ fileId, fileName, fileType }]); needs write on the point' })
  async attach(
    @Query() q: AttachQuery,
    @Body(new ParseArrayPipe({ items: AttachItemDto, whitelist: true, exceptionFactory: (errors) => new AppError('VALIDATION', firstMessage(errors as never)) }))
    body: AttachItemDto[],
    @Req() req: Request,
  ): Promise<WithMessage<{ added: number }>> {
    const owner = { ownerType: QUALITY_POINT, ownerId: q.zgzkdid, objTaskId: q.objTaskId ?? null };
    const result = await this.attachments.attach(req.session.user!.userId, owner, q.stage, body.map((i) => i.fileId));
    return new WithMessage(result, '导入成功！');
  }

  @Get('fileList')
  @ApiOperation({ summary: 'Attachments of a quality point in stage order: [{ id, fileId, fileName, fileType, stage, url, size, createTime, uploaderName }]; needs read on the point' })
  list(@Query() q: QualityPointQuery, @Req() req: Request): Promise<AttachmentItem[]> {
    return this.attachments.list(req.session.user!.userId, { ownerType: QUALITY_POINT, ownerId: q.zgzkdid, objTaskId: q.objTaskId ?? null });
  }

  @Post('deleteFile')
  @HttpCode(200)
  @ApiOperation({ summary: 'Detach an attachment ({ id }: the list item\'s id); the file itself stays; needs write on the point' })
  async remove(@Body() body: AttachmentIdDto, @Req() req: Request): Promise<null> {
    await this.attachments.remove(req.session.user!.userId, body.id);
    return null;
  }
}
