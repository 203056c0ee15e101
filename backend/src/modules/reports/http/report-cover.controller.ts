import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ReportCoverUpdateInputSchema,
  ReportRefSchema,
  COVER_IMAGE_MAX_BYTES,
  REPORT_MESSAGES,
  ReportCoverSchema,
  type ReportCover,
} from '@zhengai/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { memoryUpload } from '../../../shared/http/memory-upload.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { ReportCoverService } from '../application/report-cover.service.js';
import { REPORT_MENU } from './report.controller.js';
import { sendBinary } from '../../files/http/send-binary.js';

/** One image of at most 5 MB in memory, and the name and layout beside it. */
const readUpload = memoryUpload(COVER_IMAGE_MAX_BYTES, { tooLarge: REPORT_MESSAGES.coverImageSize, oneFile: '每次只能上传一张封面图片（字段 file）' }, 4096);

/** Report covers: anyone with the menu reads them; administrators and the year target publisher manage them. */
@ApiTags('report')
@Controller('herm-sjgl')
export class ReportCoverController {
  constructor(private readonly covers: ReportCoverService) {}

  @Get('reportCover/list')
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.array(ReportCoverSchema))
  @ApiOperation({ summary: 'Report covers, the default first' })
  list(): Promise<ReportCover[]> {
    return this.covers.list();
  }

  @Post('reportCover/add')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, name: { type: 'string' }, layout: { type: 'string', description: 'CoverLayout as JSON' } } } })
  @ApiEnvelope(ReportCoverSchema)
  @ApiOperation({ summary: 'A new cover: file (png, jpg or jpeg, at most 5 MB, checked by name, size and content), name, layout (JSON of CoverLayout)' })
  async add(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportCover>> {
    const file = await readUpload(req, res);
    const fields = (req.body ?? {}) as Record<string, unknown>;
    return new WithMessage(await this.covers.add(userId, { file, name: fields.name, layout: fields.layout }), '新增成功');
  }

  @Post('reportCover/update')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(ReportCoverSchema)
  @ApiOperation({ summary: "Change a cover's name and layout (reports built with it keep their copy)" })
  async update(@ZodBody(ReportCoverUpdateInputSchema) body: z.infer<typeof ReportCoverUpdateInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ReportCover>> {
    return new WithMessage(await this.covers.update(userId, { id: body.id, name: body.name, layout: body.layout }), '修改成功');
  }

  @Post('reportCover/delete')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Delete a cover other than the default' })
  async delete(@ZodBody(ReportRefSchema) body: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    return new WithMessage(await this.covers.remove(userId, body.id), '删除成功');
  }

  @Post('reportCover/setDefault')
  @HttpCode(200)
  @RequireMenu(REPORT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Make a cover the default' })
  async setDefault(@ZodBody(ReportRefSchema) body: z.infer<typeof ReportRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    return new WithMessage(await this.covers.setDefault(userId, body.id), '设置成功');
  }

  @Get('reportCover/image')
  @RequireMenu(REPORT_MENU)
  @ApiFileResponse('image/png')
  @ApiOperation({ summary: "The cover's background image (PNG or JPEG)" })
  async image(@ZodQuery(ReportRefSchema) q: z.infer<typeof ReportRefSchema>, @Res() res: Response): Promise<void> {
    sendBinary(res, await this.covers.image(q.id), 'inline');
  }

  @Get('reportCover/preview')
  @RequireMenu(REPORT_MENU)
  @ApiFileResponse('image/png')
  @ApiOperation({ summary: 'The cover composed with a sample title (PNG)' })
  async preview(@ZodQuery(ReportRefSchema) q: z.infer<typeof ReportRefSchema>, @Res() res: Response): Promise<void> {
    sendBinary(res, await this.covers.preview(q.id), 'inline');
  }
}
