import { Injectable } from '@nestjs/common';
import { COLLECTION_MESSAGES, type Constant, type ConstantImportResult, type ConstantInput, type ConstantType, type ConstantTypeInput } from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { xlsxRefusal } from '../../target-standards/domain/xlsx-file.js';
import { checkConstantRows, CONSTANT_IMPORT_MESSAGES } from '../domain/constant-rows.js';
import { ConstantRepository } from './ports/constant-repository.port.js';
import { ConstantSheet } from './ports/constant-sheet.port.js';

/**
 * Constant types and their constants (the option lists of select fields), with the Excel template and import.
 * An import is all or nothing: every bad row is reported and none is written; a value the type already has takes
 * the row's text and sort (the list is replaced value by value, so a corrected sheet can be imported again).
 */
@Injectable()
export class ConstantService {
  constructor(
    private readonly constants: ConstantRepository,
    private readonly sheet: ConstantSheet,
    private readonly uow: UnitOfWork,
  ) {}

  types(): Promise<ConstantType[]> {
    return this.constants.types();
  }

  async saveType(_userId: string, input: ConstantTypeInput): Promise<ConstantType> {
    if (input.id) await this.mustFindType(input.id);
    if (await this.constants.typeCodeTaken(input.code, input.id)) throw new AppError('CONFLICT', COLLECTION_MESSAGES.constantTypeCodeTaken);
    const values = { code: input.code, name: input.name, description: input.description ?? null };
    let id = input.id;
    if (id) await this.constants.updateType(id, values);
    else id = await this.constants.insertType(values);
    return this.mustFindType(id);
  }

  async removeType(_userId: string, id: string): Promise<null> {
    await this.mustFindType(id);
    if (await this.constants.typeInUse(id)) throw new AppError('CONFLICT', COLLECTION_MESSAGES.constantTypeInUse);
    await this.constants.deleteType(id);
    return null;
  }

  async list(typeId: string): Promise<Constant[]> {
    await this.mustFindType(typeId);
    return this.constants.list(typeId);
  }

  async save(_userId: string, input: ConstantInput): Promise<Constant> {
    await this.mustFindType(input.typeId);
    const found = input.id ? await this.constants.find(input.id) : null;
    if (input.id && (!found || found.typeId !== input.typeId)) throw new AppError('NOT_FOUND', '常量不存在');
    if (await this.constants.valueTaken(input.typeId, input.value, input.id)) throw new AppError('CONFLICT', COLLECTION_MESSAGES.constantRepeated(input.value));
    let id: string;
    if (found) {
      id = found.id;
      await this.constants.update(id, { value: input.value, text: input.text, sort: input.sort ?? found.sort });
    } else {
      // A new constant goes last unless it says where.
      const sort = input.sort ?? (await this.constants.list(input.typeId)).reduce((max, c) => Math.max(max, c.sort), 0) + 1;
      id = await this.constants.insert({ typeId: input.typeId, value: input.value, text: input.text, sort });
    }
    const saved = await this.constants.find(id);
    if (!saved) throw new AppError('NOT_FOUND', '常量不存在');
    return saved;
  }

  async remove(_userId: string, id: string): Promise<null> {
    if (!(await this.constants.find(id))) throw new AppError('NOT_FOUND', '常量不存在');
    await this.constants.delete(id);
    return null;
  }

  template(): Promise<Buffer> {
    return this.sheet.template();
  }

  /** Imports a filled template (the controller has checked there is one file named .xlsx). */
  async import(_userId: string, typeId: string, bytes: Buffer): Promise<ConstantImportResult> {
    // Size, zip magic bytes (PK\x03\x04), xl/workbook.xml and the unpacked size, before exceljs reads a byte.
    const refusal = xlsxRefusal('导入', bytes);
    if (refusal) throw new AppError('VALIDATION', refusal);
    await this.mustFindType(typeId);
    let sheet: Awaited<ReturnType<ConstantSheet['read']>>;
    try {
      sheet = await this.sheet.read(bytes);
    } catch (error) {
      if (error instanceof AppError) throw error; // a limit passed while reading, named
      throw new AppError('VALIDATION', '文件类型错误');
    }
    const checked = checkConstantRows(sheet.header, sheet.rows);
    if ('problems' in checked) throw new AppError('VALIDATION', CONSTANT_IMPORT_MESSAGES.refused(checked.problems.length), checked.problems);
    const imported = await this.uow.run((tx) => this.constants.upsert(tx, typeId, checked.constants));
    return { imported };
  }

  private async mustFindType(id: string): Promise<ConstantType> {
    const found = await this.constants.type(id);
    if (!found) throw new AppError('NOT_FOUND', '常量类型不存在');
    return found;
  }
}
