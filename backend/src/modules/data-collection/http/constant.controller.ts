import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CollectionRefSchema,
  ConstantImportResultSchema,
  ConstantInputSchema,
  ConstantSchema,
  ConstantTypeInputSchema,
  ConstantTypeRefQuerySchema,
  ConstantTypeSchema,
  ConstantTypeUpdateSchema,
  ConstantUpdateSchema,
  type CollectionRef,
  type Constant,
  type ConstantImportResult,
  type ConstantInput,
  type ConstantType,
  type ConstantTypeInput,
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
import { ConstantService } from '../application/constant.service.js';
import { CONSTANT_MENU, EVERY_COLLECTION_MENU } from './design-menus.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A constants workbook is small: 5,000 rows of three short cells fit in well under 2 MB. */
const CONSTANT_XLSX_MAX_BYTES = 2 * 1024 * 1024;
const readUpload = memoryUpload(CONSTANT_XLSX_MAX_BYTES, { tooLarge: '文件大小超过2MB', oneFile: '每次只能导入一个文件（字段 file）' });

/** Constant types and constants: the option lists of select fields (数据采集 › 常量管理). */
@ApiTags('data-collection')
@Controller('herm-sjgl')
export class ConstantController {
  constructor(private readonly constants: ConstantService) {}

  @Get('constantTypes/list')
  @RequireMenu(...EVERY_COLLECTION_MENU)
  @ApiEnvelope(ConstantTypeSchema, { array: true })
  @ApiOperation({ summary: 'Every constant type with its number of constants (any data-collection page: the designer and fill screens pick options)' })
  types(): Promise<ConstantType[]> {
    return this.constants.types();
  }

  @Post('constantTypes/add')
  @HttpCode(200)
  @RequireMenu(CONSTANT_MENU)
  @ApiEnvelope(ConstantTypeSchema)
  @ApiOperation({ summary: 'A new constant type (code unique, name, description)' })
  async addType(@ZodBody(ConstantTypeInputSchema) input: ConstantTypeInput, @CurrentUser('userId') userId: string): Promise<WithMessage<ConstantType>> {
    return new WithMessage(await this.constants.saveType(userId, { code: input.code, name: input.name, description: input.description }), '新增成功');
  }

  @Post('constantTypes/update')
  @HttpCode(200)
  @RequireMenu(CONSTANT_MENU)
  @ApiEnvelope(ConstantTypeSchema)
  @ApiOperation({ summary: 'Change a constant type (id, code, name, description)' })
  async updateType(@ZodBody(ConstantTypeUpdateSchema) input: z.infer<typeof ConstantTypeUpdateSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<ConstantType>> {
    return new WithMessage(await this.constants.saveType(userId, input), '修改成功');
  }

  @Post('constantTypes/delete')
  @HttpCode(200)
  @RequireMenu(CONSTANT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Delete a constant type and its constants; refused (409) while a form field takes options from it' })
  async deleteType(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    await this.constants.removeType(userId, body.id);
    return new WithMessage(true, '删除成功');
  }

  @Get('constants/list')
  @RequireMenu(...EVERY_COLLECTION_MENU)
  @ApiEnvelope(ConstantSchema, { array: true })
  @ApiOperation({ summary: 'The constants of a type (typeId), by sort then value' })
  list(@ZodQuery(ConstantTypeRefQuerySchema) q: z.infer<typeof ConstantTypeRefQuerySchema>): Promise<Constant[]> {
    return this.constants.list(q.typeId);
  }

  @Post('constants/add')
  @HttpCode(200)
  @RequireMenu(CONSTANT_MENU)
  @ApiEnvelope(ConstantSchema)
  @ApiOperation({ summary: 'A new constant (typeId, value unique in the type, text, sort: after the last when absent)' })
  async add(@ZodBody(ConstantInputSchema) input: ConstantInput, @CurrentUser('userId') userId: string): Promise<WithMessage<Constant>> {
    return new WithMessage(await this.constants.save(userId, { typeId: input.typeId, value: input.value, text: input.text, sort: input.sort }), '新增成功');
  }

  @Post('constants/update')
  @HttpCode(200)
  @RequireMenu(CONSTANT_MENU)
  @ApiEnvelope(ConstantSchema)
  @ApiOperation({ summary: 'Change a constant (id, typeId, value, text, sort)' })
  async update(@ZodBody(ConstantUpdateSchema) input: z.infer<typeof ConstantUpdateSchema>, @CurrentUser('userId') userId: string): Promise<WithMessage<Constant>> {
    return new WithMessage(await this.constants.save(userId, input), '修改成功');
  }

  @Post('constants/delete')
  @HttpCode(200)
  @RequireMenu(CONSTANT_MENU)
  @ApiEnvelope(z.boolean())
  @ApiOperation({ summary: 'Delete a constant (values already filled keep their text)' })
  async delete(@ZodBody(CollectionRefSchema) body: CollectionRef, @CurrentUser('userId') userId: string): Promise<WithMessage<boolean>> {
    await this.constants.remove(userId, body.id);
    return new WithMessage(true, '删除成功');
  }

  @Get('constants/template')
  @RequireMenu(CONSTANT_MENU)
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: 'The import template 常量导入模板.xlsx: 值, 显示文本, 排序 and a sample row' })
  async template(@Res() res: Response): Promise<void> {
    sendBinary(res, { bytes: await this.constants.template(), contentType: XLSX_MIME, fileName: '常量导入模板.xlsx' }, 'attachment');
  }

  @Post('constants/import')
  @HttpCode(200)
  @RequireMenu(CONSTANT_MENU)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, typeId: { type: 'string' } } } })
  @ApiEnvelope(ConstantImportResultSchema)
  @ApiOperation({ summary: 'Import constants into a type from the template (.xlsx, ≤ 2 MB; multipart fields file, typeId): any bad row imports nothing and answers data [{ row, reason }]; a value the type has takes the row\'s text and sort' })
  async import(@Req() req: Request, @CurrentUser('userId') userId: string, @Res({ passthrough: true }) res: Response): Promise<WithMessage<ConstantImportResult>> {
    const file = await readUpload(req, res);
    // the multipart fields are read with the file (a body decorator would run before them)
    const { typeId } = parseInput(ConstantTypeRefQuerySchema, req.body ?? {});
    if (!file) throw new AppError('VALIDATION', '请先选取文件!');
    if (!/\.xlsx$/i.test(file.fileName)) throw new AppError('VALIDATION', '文件类型错误');
    return new WithMessage(await this.constants.import(userId, typeId, file.bytes), '导入成功');
  }
}
