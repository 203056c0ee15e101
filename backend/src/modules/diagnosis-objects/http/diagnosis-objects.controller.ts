import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DiagnosisObjectActionsSchema, DiagnosisObjectIdSchema, DiagnosisObjectImportQuerySchema, DiagnosisObjectInputSchema, DiagnosisObjectOptionSchema,
  DiagnosisObjectOptionsQuerySchema, DiagnosisObjectQuerySchema, DiagnosisObjectRefSchema, DiagnosisObjectSchema, DiagnosisObjectUpdateSchema,
  OBJECT_IMPORT_HEADERS, OBJECT_LEVEL_NAMES, OBJECT_MESSAGES, ObjectImportResultSchema,
  type DiagnosisObject, type DiagnosisObjectActions, type DiagnosisObjectId, type DiagnosisObjectOption, type ObjectImportResult, type Page,
} from '@zhengai/contracts';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors/app-error.js';
import { SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { WithMessage } from '../../../shared/http/envelope.js';
import { memoryUpload } from '../../../shared/http/memory-upload.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { sendBinary } from '../../files/http/send-binary.js';
import { DiagnosisObjectsService, type ObjectDraftInput } from '../application/diagnosis-objects.service.js';

type In<S extends z.ZodType> = z.infer<S>;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** 15,000 students are well under 2 MB; the sheet check (xlsxRefusal) refuses more than 10 MB anyway. */
const readUpload = memoryUpload(10 * 1024 * 1024, { tooLarge: '文件大小超过10MB', oneFile: '每次只能导入一个文件（字段 file）' });

const draftOf = (b: In<typeof DiagnosisObjectUpdateSchema> | In<typeof DiagnosisObjectInputSchema>): ObjectDraftInput => ({
  code: b.code ?? null,
  name: b.name ?? null,
  departmentId: b.departmentId ?? null,
  responsibleId: b.responsibleId ?? null,
  upperId: b.upperId ?? null,
  userId: b.userId ?? null,
  className: b.className ?? null,
  grade: b.grade ?? null,
});

/**
 * 诊改对象 under the data management base (001 §7 "data management service"): the list, pickers, add, edit,
 * retire, restore, the import templates and the import. Who may do what is the module's domain (object-access.ts):
 * every route is `signed-in` and the service refuses without the action (x-object diagnosis-object).
 */
@ApiTags('diagnosis-objects')
@Controller('herm-sjgl/diagnosisObjects')
export class DiagnosisObjectsController {
  constructor(private readonly service: DiagnosisObjectsService) {}

  @Get('actions')
  @SignedIn()
  @ApiOperation({ summary: 'What the person may do on the 诊改对象 page (read, add, edit, retire, restore, import) and which levels import' })
  @ApiEnvelope(DiagnosisObjectActionsSchema)
  actions(@CurrentUser('userId') userId: string): Promise<DiagnosisObjectActions> {
    return this.service.actions(userId);
  }

  @Get('list')
  @SignedIn('diagnosis-object', 'read')
  @ApiOperation({ summary: 'Objects by level, department, upper object (upperId), code or name (keyword), state live|retired|all; paged (pageNum, pageSize)' })
  @ApiEnvelope(DiagnosisObjectSchema, { page: true })
  list(@CurrentUser('userId') userId: string, @ZodQuery(DiagnosisObjectQuerySchema) q: In<typeof DiagnosisObjectQuerySchema>): Promise<Page<DiagnosisObject>> {
    return this.service.list(
      userId,
      { level: q.level, departmentId: q.departmentId ?? undefined, upperId: q.upperId ?? undefined, keyword: q.keyword ?? undefined, state: q.state },
      { pageNum: q.pageNum, pageSize: q.pageSize },
    );
  }

  @Get('options')
  @SignedIn('diagnosis-object', 'read')
  @ApiOperation({ summary: "A picker's live objects of one level (a department's majors …), by code or name, at most 200" })
  @ApiEnvelope(DiagnosisObjectOptionSchema, { array: true })
  options(@CurrentUser('userId') userId: string, @ZodQuery(DiagnosisObjectOptionsQuerySchema) q: In<typeof DiagnosisObjectOptionsQuerySchema>): Promise<DiagnosisObjectOption[]> {
    return this.service.options(userId, q.level, q.departmentId ?? null, q.keyword ?? null);
  }

  @Post('add')
  @HttpCode(200)
  @SignedIn('diagnosis-object', 'write')
  @ApiOperation({ summary: "Add an object of a level (the level's rules: domain/object-rules.ts)" })
  @ApiEnvelope(DiagnosisObjectIdSchema)
  async add(@CurrentUser('userId') userId: string, @ZodBody(DiagnosisObjectInputSchema) body: In<typeof DiagnosisObjectInputSchema>): Promise<WithMessage<DiagnosisObjectId>> {
    return new WithMessage(await this.service.add(userId, body.level, draftOf(body)), '新增成功');
  }

  @Post('update')
  @HttpCode(200)
  @SignedIn('diagnosis-object', 'write')
  @ApiOperation({ summary: 'Change an object (its level stays; not while retired)' })
  @ApiEnvelope(null)
  async update(@CurrentUser('userId') userId: string, @ZodBody(DiagnosisObjectUpdateSchema) body: In<typeof DiagnosisObjectUpdateSchema>): Promise<WithMessage<null>> {
    await this.service.update(userId, body.id, draftOf(body));
    return new WithMessage(null, '修改成功');
  }

  @Post('retire')
  @HttpCode(200)
  @SignedIn('diagnosis-object', 'write')
  @ApiOperation({ summary: 'Retire an object: kept for history, no new tasks (a major only once its courses and students are retired)' })
  @ApiEnvelope(null)
  async retire(@CurrentUser('userId') userId: string, @ZodBody(DiagnosisObjectRefSchema) body: In<typeof DiagnosisObjectRefSchema>): Promise<WithMessage<null>> {
    await this.service.retire(userId, body.id);
    return new WithMessage(null, '已停用');
  }

  @Post('restore')
  @HttpCode(200)
  @SignedIn('diagnosis-object', 'write')
  @ApiOperation({ summary: 'Restore a retired object (a course or student only under a live major)' })
  @ApiEnvelope(null)
  async restore(@CurrentUser('userId') userId: string, @ZodBody(DiagnosisObjectRefSchema) body: In<typeof DiagnosisObjectRefSchema>): Promise<WithMessage<null>> {
    await this.service.restore(userId, body.id);
    return new WithMessage(null, '已恢复');
  }

  @Get('template')
  @SignedIn('diagnosis-object', 'write')
  @ApiOperation({ summary: `The import template of a level (level major|course|student): ${Object.entries(OBJECT_IMPORT_HEADERS).map(([l, h]) => `${l}: ${h.join(', ')}`).join('; ')}` })
  @ApiFileResponse(XLSX_MIME)
  async template(@CurrentUser('userId') userId: string, @ZodQuery(DiagnosisObjectImportQuerySchema) q: In<typeof DiagnosisObjectImportQuerySchema>, @Res() res: Response): Promise<void> {
    const bytes = await this.service.template(userId, q.level);
    sendBinary(res, { bytes, contentType: XLSX_MIME, fileName: `${OBJECT_LEVEL_NAMES[q.level]}导入模板.xlsx` }, 'attachment');
  }

  @Post('import')
  @HttpCode(200)
  @SignedIn('diagnosis-object', 'write')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiEnvelope(ObjectImportResultSchema)
  @ApiOperation({ summary: "Import a level's objects (?level=major|course|student; .xlsx in the template's columns): any bad row imports nothing and answers data.problems [{ row, reason }]; else created, updated, unchanged" })
  async import(
    @CurrentUser('userId') userId: string,
    @ZodQuery(DiagnosisObjectImportQuerySchema) q: In<typeof DiagnosisObjectImportQuerySchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WithMessage<ObjectImportResult>> {
    const file = await readUpload(req, res);
    if (!file) throw new AppError('VALIDATION', '请先选取文件!');
    if (!/\.xlsx$/i.test(file.fileName)) throw new AppError('VALIDATION', '文件类型错误，请导入 .xlsx 文件');
    return new WithMessage(await this.service.import(userId, q.level, file.fileName, file.bytes), OBJECT_MESSAGES.imported);
  }
}
