import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DefinitionsQuerySchema, ImportResultSchema, LibraryRefQuerySchema, PointAddInputSchema, PointDefinitionSchema, PointRefSchema, PointUpdateInputSchema, TemplateQuerySchema,
  type ImportResult, type PointDefinition,
} from '@zhengai/contracts';
import type { z } from 'zod';
import type { Request, Response } from 'express';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { memoryUpload } from '../../../shared/http/memory-upload.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { sendXlsx, XLSX_MIME } from '../../../shared/http/send-streamed.js';
import { ExcelService } from '../application/excel.service.js';
import { PointDefinitionService } from '../application/point-definition.service.js';
import { XLSX_MAX_BYTES, XlsxMessages } from '../domain/xlsx-file.js';


/** One workbook of at most 10 MB, read whole (it is parsed whole anyway). */
const readUpload = memoryUpload(XLSX_MAX_BYTES, { tooLarge: XlsxMessages.tooLarge('导入'), oneFile: '每次只能导入一个文件（字段 file）' });

/** Quality-point definitions and their spreadsheet (001 §7 quality persist, import, export, template). */
@ApiTags('target-standard')
@Controller('herm-znfx')
export class PointController {
  constructor(
    private readonly points: PointDefinitionService,
    private readonly excel: ExcelService,
  ) {}

  @Get('quality/definitions')
  @SignedIn('library', 'read')
  @ApiEnvelope(PointDefinitionSchema, { array: true })
  @ApiOperation({ summary: 'Every point definition of a library (or of an indicator and below), no paging, with datasources' })
  list(@ZodQuery(DefinitionsQuerySchema) q: z.infer<typeof DefinitionsQuerySchema>, @CurrentUser('userId') userId: string): Promise<PointDefinition[]> {
    return this.points.list(userId, q.libraryId, q.indicatorId ?? null);
  }

  @Post('quality/definitions/add')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(PointDefinitionSchema)
  @ApiOperation({ summary: 'A point definition on an indicator of the library (writers of the library)' })
  async add(@ZodBody(PointAddInputSchema) body: z.infer<typeof PointAddInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<PointDefinition>> {
    return new WithMessage(await this.points.add(userId, body), '新增成功');
  }

  @Post('quality/definitions/update')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(PointDefinitionSchema)
  @ApiOperation({ summary: 'Change a point definition; datasources, when sent, replace the old ones as a whole' })
  async update(@ZodBody(PointUpdateInputSchema) body: z.infer<typeof PointUpdateInputSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<PointDefinition>> {
    return new WithMessage(await this.points.update(userId, body), '修改成功');
  }

  @Post('quality/definitions/delete')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiEnvelope(null)
  @ApiOperation({ summary: 'Delete a point definition (refused while tasks hold results or attachments of it)' })
  async delete(@ZodBody(PointRefSchema) body: z.infer<typeof PointRefSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<null>> {
    return new WithMessage(await this.points.remove(userId, body.id), '删除成功');
  }

  @Get('quality/template')
  @SignedIn('library', 'read')
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: 'The import template (.xlsx): 一级指标 … N级指标 (the library\'s treeLevel, 3 without libraryId), the point columns, a sample row' })
  async template(@ZodQuery(TemplateQuerySchema) q: z.infer<typeof TemplateQuerySchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    await sendXlsx(res, await this.excel.template(userId, q.libraryId ?? null));
  }

  @Get('quality/export')
  @SignedIn('library', 'read')
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: 'The library\'s tree and points as {library name}质控点.xlsx, in the template\'s layout' })
  async export(@ZodQuery(LibraryRefQuerySchema) q: z.infer<typeof LibraryRefQuerySchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    await sendXlsx(res, await this.excel.export(userId, q.libraryId));
  }

  @Post('quality/import')
  @SignedIn('library', 'write')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiEnvelope(ImportResultSchema)
  @ApiOperation({ summary: 'Import points from an .xlsx (multipart field file, ≤ 10 MB): any bad row imports nothing and answers data [{ row, reason }]; else 导入成功！ with counts' })
  async import(@ZodQuery(LibraryRefQuerySchema) q: z.infer<typeof LibraryRefQuerySchema>, @Req() req: Request, @CurrentUser('userId') userId: string, @Res({ passthrough: true }) res: Response): Promise<WithMessage<ImportResult>> {
    const file = await readUpload(req, res);
    return new WithMessage(await this.excel.import(userId, q.libraryId, file), '导入成功！');
  }
}

