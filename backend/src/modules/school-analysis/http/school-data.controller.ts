import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DoubleHighQuerySchema,
  IndicatorDataQuerySchema,
  IndicatorDataSchema,
  OwnSchoolInputSchema,
  SchoolImportResultSchema,
  SchoolSchema,
  type IndicatorData,
  type IndicatorDataQuery,
  type School,
  type SchoolImportResult,
} from '@zhengai/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error.js';
import { RequireMenu } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { memoryUpload } from '../../../shared/http/memory-upload.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { sendBinary } from '../../files/http/send-binary.js';
import { IndicatorDataService } from '../application/indicator-data.service.js';
import { SchoolImportService } from '../application/school-import.service.js';
import { SCHOOL_READER_MENUS, SCHOOLS_MENU } from './school-menus.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A national import: 1,549 schools × 10 years × 24 indicators is about 6 MB as CSV. */
const SCHOOL_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const readUpload = memoryUpload(SCHOOL_IMPORT_MAX_BYTES, { tooLarge: '文件大小超过20MB', oneFile: '每次只能导入一个文件（字段 file）' });

/** Indicator data, the 双高 lists, and 学校数据 (the import and the own school). */
@ApiTags('school-analysis')
@Controller('herm-znfx')
export class SchoolDataController {
  constructor(
    private readonly data: IndicatorDataService,
    private readonly imports: SchoolImportService,
  ) {}

  @Post('indicatorDataShow')
  @HttpCode(200)
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(IndicatorDataSchema)
  @ApiOperation({ summary: 'One year\'s values of the indicators (all, or a category or its display label) for the schools (default: the person\'s selection), with the national median and the year before' })
  indicatorData(@ZodBody(IndicatorDataQuerySchema) body: IndicatorDataQuery, @CurrentUser('userId') userId: string): Promise<IndicatorData> {
    return this.data.data(userId, body);
  }

  @Get('indicatorDataShow/queryYears')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(z.array(z.number().int()))
  @ApiOperation({ summary: 'The years holding indicator values, ascending' })
  years(): Promise<number[]> {
    return this.data.years();
  }

  @Get('doubleHigh/queryYear')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(z.array(z.number().int()))
  @ApiOperation({ summary: 'The years of the 双高 lists' })
  doubleHighYears(): Promise<number[]> {
    return this.data.doubleHighYears();
  }

  @Get('doubleHigh/getHighSchoolCode')
  @RequireMenu(...SCHOOL_READER_MENUS)
  @ApiEnvelope(SchoolSchema, { array: true })
  @ApiOperation({ summary: 'The 双高 schools (of a list year and kind when given)' })
  doubleHigh(@ZodQuery(DoubleHighQuerySchema) q: z.infer<typeof DoubleHighQuerySchema>): Promise<School[]> {
    return this.data.doubleHigh(q);
  }

  @Get('schools/importTemplate')
  @RequireMenu(SCHOOLS_MENU)
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: 'The import template 学校数据导入模板.xlsx: 学校代码, 学校名称, 省份, 办学性质, 办学层次, 年份, then one column per indicator headed name(code)' })
  async template(@Res() res: Response): Promise<void> {
    sendBinary(res, { bytes: await this.imports.template(), contentType: XLSX_MIME, fileName: '学校数据导入模板.xlsx' }, 'attachment');
  }

  @Post('schools/import')
  @HttpCode(200)
  @RequireMenu(SCHOOLS_MENU)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiEnvelope(SchoolImportResultSchema)
  @ApiOperation({ summary: 'Import national data (.xlsx or UTF-8 .csv in the template\'s columns, ≤ 20 MB): any bad line imports nothing and answers data.problems [{ row, reason }]; schools and values are upserted' })
  async import(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<WithMessage<SchoolImportResult>> {
    const file = await readUpload(req, res);
    if (!file) throw new AppError('VALIDATION', '请先选取文件!');
    if (!/\.(xlsx|csv)$/i.test(file.fileName)) throw new AppError('VALIDATION', '文件类型错误，请导入 .xlsx 或 .csv 文件');
    return new WithMessage(await this.imports.import(file.fileName, file.bytes), '导入成功');
  }

  @Post('schools/own')
  @HttpCode(200)
  @RequireMenu(SCHOOLS_MENU)
  @ApiEnvelope(SchoolSchema)
  @ApiOperation({ summary: 'Make a school the platform\'s own school (the only one)' })
  async own(@ZodBody(OwnSchoolInputSchema) body: z.infer<typeof OwnSchoolInputSchema>): Promise<WithMessage<School>> {
    return new WithMessage(await this.imports.setOwn(body.schoolCode), '设置成功');
  }
}
