import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DepartmentImportResultSchema, PeopleImportFieldsSchema, PeopleImportResultSchema, type DepartmentImportResult, type PeopleImportResult } from '@zhengai/contracts';
import type { Request, Response } from 'express';
import { AppError } from '../../../shared/errors/app-error.js';
import { AdminOnly } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { memoryUpload } from '../../../shared/http/memory-upload.js';
import { PeopleImportService } from '../application/people-import.service.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** 15,000 people are about 1 MB as xlsx; the sheet checks refuse more than 10 MB anyway. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const readUpload = memoryUpload(IMPORT_MAX_BYTES, { tooLarge: '文件大小超过10MB', oneFile: '每次只能导入一个文件（字段 file）' });

function sendXlsx(res: Response, bytes: Buffer, fileName: string): void {
  res.status(200);
  res.setHeader('Content-Type', XLSX_MIME);
  res.setHeader('Content-Disposition', `attachment; filename="import.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  res.setHeader('Content-Length', String(bytes.length));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(bytes);
}

/** 数据管理's imports of people and departments (issue 32): templates and all-or-nothing uploads, the administrator's. */
@ApiTags('org')
@Controller('user')
export class PeopleImportController {
  constructor(private readonly imports: PeopleImportService) {}

  @Get('users/importTemplate')
  @AdminOnly()
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: 'The people import template 人员导入模板.xlsx: 账号, 姓名, 部门, 人员类型, 角色, CAS账号, 手机, 邮箱, 专业代码, 班级, 年级, with two example rows' })
  async peopleTemplate(@Res() res: Response): Promise<void> {
    sendXlsx(res, await this.imports.template('people'), '人员导入模板.xlsx');
  }

  @Post('users/import')
  @HttpCode(200)
  @AdminOnly()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, casOnly: { type: 'string', enum: ['true', 'false'] } } } })
  @ApiEnvelope(PeopleImportResultSchema)
  @ApiOperation({
    summary:
      'Import people (.xlsx in the template\'s columns): any bad row imports nothing and answers 400 with data.problems [{ row, reason }]; else created/updated/unchanged and the one initial password of the people created (shown once; they change it at first login). casOnly=true: new accounts have no usable password',
  })
  async importPeople(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<WithMessage<PeopleImportResult>> {
    const file = await readUpload(req, res);
    if (!file) throw new AppError('VALIDATION', '请先选取文件!');
    if (!/\.xlsx$/i.test(file.fileName)) throw new AppError('VALIDATION', '文件类型错误，请导入 .xlsx 文件');
    const fields = PeopleImportFieldsSchema.safeParse(req.body ?? {});
    return new WithMessage(await this.imports.importPeople(file.bytes, { casOnly: fields.success && fields.data.casOnly === true }), '导入成功');
  }

  @Get('departments/importTemplate')
  @AdminOnly()
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: 'The department import template 部门导入模板.xlsx: 名称, 简称, 上级部门, 负责人账号, with two example rows' })
  async departmentTemplate(@Res() res: Response): Promise<void> {
    sendXlsx(res, await this.imports.template('departments'), '部门导入模板.xlsx');
  }

  @Post('departments/import')
  @HttpCode(200)
  @AdminOnly()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiEnvelope(DepartmentImportResultSchema)
  @ApiOperation({ summary: 'Import departments (.xlsx: 名称, 简称, 上级部门, 负责人账号): all or nothing (400 with data.problems), idempotent; parents may come later in the file' })
  async importDepartments(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<WithMessage<DepartmentImportResult>> {
    const file = await readUpload(req, res);
    if (!file) throw new AppError('VALIDATION', '请先选取文件!');
    if (!/\.xlsx$/i.test(file.fileName)) throw new AppError('VALIDATION', '文件类型错误，请导入 .xlsx 文件');
    return new WithMessage(await this.imports.importDepartments(file.bytes), '导入成功');
  }
}
