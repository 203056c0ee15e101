import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  COLLECTION_MESSAGES,
  DataImportQuerySchema,
  DataImportResultSchema,
  DataPageSchema,
  DataQuerySchema,
  DataRowSchema,
  FillTaskRefQuerySchema,
  RowsInputSchema,
  UniqueCheckInputSchema,
  UniqueCheckResultSchema,
  type DataImportResult,
  type DataQuery,
  type DataRow,
  type Page,
  type RowsInput,
  type UniqueCheckInput,
  type UniqueCheckResult,
} from '@zhengai/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error.js';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { memoryUpload } from '../../../shared/http/memory-upload.js';
import { parseInput, ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { sendBinary } from '../../files/http/send-binary.js';
import { CollectionDataService, DATA_IMPORT_MAX_BYTES } from '../application/collection-data.service.js';
import { FILL_MENUS } from './fill-task.controller.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const readUpload = memoryUpload(DATA_IMPORT_MAX_BYTES, { tooLarge: '文件不能超过10MB', oneFile: '每次只能导入一个文件（字段 file）' });

/** A fill's rows: query, save, unique check, template, export, import (the service decides per fill). */
@ApiTags('data-collection')
@Controller('herm-sjgl')
export class CollectionDataController {
  constructor(private readonly data: CollectionDataService) {}

  @Get('datas/query')
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(DataPageSchema)
  @ApiOperation({ summary: 'Rows of a fill (fillTaskId), or for a manager a task\'s form across fills (taskId + formId)' })
  query(@ZodQuery(DataQuerySchema) q: DataQuery, @CurrentUser('userId') userId: string): Promise<Page<DataRow>> {
    return this.data.query(userId, q);
  }

  @Post('datas/updateOrInsert')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(DataRowSchema, { array: true })
  @ApiOperation({ summary: 'Save a fill\'s rows (they replace the stored ones; every rule but require)' })
  async save(@ZodBody(RowsInputSchema) input: RowsInput, @CurrentUser('userId') userId: string): Promise<WithMessage<DataRow[]>> {
    return new WithMessage(await this.data.save(userId, input), COLLECTION_MESSAGES.saved);
  }

  @Post('datas/uniqueCheck')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiEnvelope(UniqueCheckResultSchema)
  @ApiOperation({ summary: 'Which of these values of a unique field other fills of the same task hold' })
  uniqueCheck(@ZodBody(UniqueCheckInputSchema) input: UniqueCheckInput, @CurrentUser('userId') userId: string): Promise<UniqueCheckResult> {
    return this.data.uniqueCheck(userId, input);
  }

  @Get('datas/template')
  @RequireMenu(...FILL_MENUS)
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: 'The fill\'s import template (.xlsx)' })
  async template(@ZodQuery(FillTaskRefQuerySchema) q: z.infer<typeof FillTaskRefQuerySchema>, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    sendBinary(res, await this.data.template(userId, q.fillTaskId), 'attachment');
  }

  @Get('datas/export')
  @RequireMenu(...FILL_MENUS)
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: 'The rows of a query as .xlsx (填报部门 first across fills)' })
  async export(@ZodQuery(DataQuerySchema) q: DataQuery, @CurrentUser('userId') userId: string, @Res() res: Response): Promise<void> {
    sendBinary(res, await this.data.export(userId, q), 'attachment');
  }

  @Post('datas/import')
  @HttpCode(200)
  @RequireMenu(...FILL_MENUS)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, fillTaskId: { type: 'string' } } } })
  @ApiEnvelope(DataImportResultSchema)
  @ApiOperation({ summary: 'Import rows from the template (.xlsx ≤ 10 MB): any bad row imports nothing and answers data [{ row, reason }]' })
  async import(
    @ZodQuery(DataImportQuerySchema) q: z.infer<typeof DataImportQuerySchema>,
    @Req() req: Request,
    @CurrentUser('userId') userId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WithMessage<DataImportResult>> {
    const file = await readUpload(req, res);
    // the multipart fields are read with the file (a body decorator would run before them)
    const fillTaskId = q.fillTaskId || parseInput(DataImportQuerySchema, req.body ?? {}).fillTaskId;
    if (!fillTaskId) throw new AppError('VALIDATION', '缺少填报任务');
    if (!file) throw new AppError('VALIDATION', '请选择要导入的文件');
    return new WithMessage(await this.data.import(userId, fillTaskId, file.bytes, file.fileName), '导入成功！');
  }
}
