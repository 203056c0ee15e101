import { Injectable } from '@nestjs/common';
import { SCHOOL_ANALYSIS_MESSAGES, type School, type SchoolImportResult } from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { xlsxRefusal } from '../../target-standards/domain/xlsx-file.js';
import { parseCsv } from '../domain/csv.js';
import { checkImportRows, type ImportLine } from '../domain/school-import-rows.js';
import { SchoolImportSheet } from './ports/school-import-sheet.port.js';
import { SchoolRepository } from './ports/school-repository.port.js';

/**
 * 学校数据: the import template, the import of national data (.xlsx or UTF-8 .csv, the same columns; all or nothing,
 * every bad line reported with nothing stored; good files upsert schools and values in one transaction) and the
 * platform's own school (exactly one).
 */
@Injectable()
export class SchoolImportService {
  constructor(
    private readonly schools: SchoolRepository,
    private readonly sheet: SchoolImportSheet,
    private readonly uow: UnitOfWork,
  ) {}

  template(): Promise<Buffer> {
    return this.sheet.template();
  }

  /** Imports a file the controller has named .xlsx or .csv. */
  async import(fileName: string, bytes: Buffer): Promise<SchoolImportResult> {
    const { header, rows, headerRow = 1 } = /\.csv$/i.test(fileName) ? readCsv(bytes) : await this.readXlsx(bytes);
    const checked = checkImportRows(header, rows, headerRow);
    if ('problems' in checked) throw new AppError('VALIDATION', SCHOOL_ANALYSIS_MESSAGES.importRefused, { schools: 0, values: 0, problems: checked.problems } satisfies SchoolImportResult);
    await this.uow.run((tx) => this.schools.upsertImport(tx, checked.schools, checked.values));
    return { schools: checked.schools.length, values: checked.values.length, problems: [] };
  }

  async setOwn(schoolCode: string): Promise<School> {
    const [found] = await this.schools.byCodes([schoolCode]);
    if (!found) throw new AppError('NOT_FOUND', SCHOOL_ANALYSIS_MESSAGES.unknownSchool);
    await this.uow.run((tx) => this.schools.setOwn(tx, schoolCode));
    const own = await this.schools.own();
    if (!own) throw new AppError('NOT_FOUND', SCHOOL_ANALYSIS_MESSAGES.noOwnSchool);
    return own;
  }

  private async readXlsx(bytes: Buffer): Promise<{ header: string[]; rows: ImportLine[]; headerRow?: number }> {
    // size, zip magic, xl/workbook.xml and the unpacked size, before exceljs reads a byte
    const refusal = xlsxRefusal('导入', bytes);
    if (refusal) throw new AppError('VALIDATION', refusal);
    try {
      return await this.sheet.read(bytes);
    } catch (error) {
      if (error instanceof AppError) throw error; // a limit passed while reading, named
      throw new AppError('VALIDATION', '文件类型错误');
    }
  }
}

/** A CSV file as lines: UTF-8 (a byte-order mark allowed), the first line the header. */
function readCsv(bytes: Buffer): { header: string[]; rows: ImportLine[]; headerRow: number } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('VALIDATION', 'CSV 文件须为 UTF-8 编码');
  }
  if (text.includes('\u0000')) throw new AppError('VALIDATION', '文件类型错误');
  const [first, ...rest] = parseCsv(text);
  if (!first) throw new AppError('VALIDATION', '文件为空');
  return { header: first.cells, rows: rest.map((l) => ({ row: l.line, cells: l.cells })), headerRow: first.line };
}
