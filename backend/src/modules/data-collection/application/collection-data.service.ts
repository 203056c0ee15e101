import { Injectable } from '@nestjs/common';
import {
  checkCell,
  normalizeCell,
  type DataImportResult,
  type DataQuery,
  type DataRow,
  type FormField,
  type ImportProblem,
  type Page,
  type RowInput,
  type RowsInput,
  type SyncResult,
  type UniqueCheckInput,
  type UniqueCheckResult,
} from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { requireFiller, requireManager } from './collection-access.js';
import { FillRows } from './fill-rows.js';
import { FillTaskService } from './fill-task.service.js';
import { CollectionAccessReader } from './ports/collection-access.port.js';
import { DataCentreTables } from './ports/data-centre.port.js';
import { FillRepository, type FillRecord } from './ports/fill-repository.port.js';
import { FillSheetWorkbook } from './ports/fill-sheet.port.js';
import { XLSX_MAX_BYTES, xlsxRefusal } from '../../target-standards/domain/xlsx-file.js';

/** A workbook to download. */
export interface SheetFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LABEL_COLUMN = '项目';
const DEPARTMENT_COLUMN = '填报部门';
export const DATA_IMPORT_MAX_BYTES = XLSX_MAX_BYTES;
const XLSX_ONLY = '请上传 .xlsx 格式的 Excel 文件（不超过10MB）';

const cellText = (v: string | string[] | null | undefined): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : v);

/** The rows of fills: read, save, unique check, sync to the data centre, and the spreadsheets. */
@Injectable()
export class CollectionDataService {
  constructor(
    private readonly fills: FillRepository,
    private readonly rowsOf: FillRows,
    private readonly fillTasks: FillTaskService,
    private readonly access: CollectionAccessReader,
    private readonly centre: DataCentreTables,
    private readonly sheets: FillSheetWorkbook,
    private readonly uow: UnitOfWork,
  ) {}

  /** One fill's rows (its readers), or for a manager a task's form across fills; others read the fills they fill or audit. */
  async query(userId: string, q: DataQuery): Promise<Page<DataRow>> {
    if (q.fillTaskId) {
      await this.fillTasks.readable(userId, q.fillTaskId);
      return this.fills.queryRows({ ...q, fillTaskIds: null });
    }
    const me = await this.access.standing(userId);
    return this.fills.queryRows({ ...q, fillTaskIds: me.manager ? null : await this.fills.readableFillIds(userId, me.orgId) });
  }

  /** Replaces the fill's rows (every rule but require, and unique across fillers); the filler while editable. */
  async save(userId: string, input: RowsInput): Promise<DataRow[]> {
    await this.editable(userId, input.fillTaskId);
    await this.uow.run(async (tx) => {
      const fill = await FillTaskService.locked(this.fills, tx, input.fillTaskId, 'edit');
      await this.rowsOf.write(tx, fill, await this.rowsOf.formOf(fill, tx), input.rows, userId, false, 'save');
    });
    return this.fills.rows(input.fillTaskId);
  }

  private async editable(userId: string, fillTaskId: string): Promise<FillRecord> {
    const { me, fill } = await this.fillTasks.readable(userId, fillTaskId);
    requireFiller(me, fill);
    return fill;
  }

  /** Which of these values other fills of the same task and form already hold (a unique field). */
  async uniqueCheck(userId: string, input: UniqueCheckInput): Promise<UniqueCheckResult> {
    const { fill } = await this.fillTasks.readable(userId, input.fillTaskId);
    const form = await this.rowsOf.formOf(fill);
    const field = form.version.fields.find((f) => f.key === input.field);
    if (!field) throw new AppError('VALIDATION', '字段不存在');
    const values = [...new Set(input.values.map((v) => v.trim()).filter((v) => v !== ''))];
    return { duplicates: await this.fills.duplicates(null, fill, field.key, values) };
  }

  /** Rewrites the form's data-centre table from every finished fill (managers). */
  async sync(userId: string, formId: string): Promise<SyncResult> {
    requireManager(await this.access.standing(userId));
    return this.uow.run(async (tx) => {
      const found = await this.fills.finishedRows(tx, formId);
      if (!found) throw new AppError('NOT_FOUND', '表单不存在');
      const rows = await this.centre.rewrite(tx, found.code, found.rows);
      return { rows, table: `sjzx.${found.code}` };
    });
  }

  /** The fill's import template: a header of field labels (fixed forms: 项目 and the row labels). */
  async template(userId: string, fillTaskId: string): Promise<SheetFile> {
    const { fill } = await this.fillTasks.readable(userId, fillTaskId);
    const { fields, formType, fixedRows } = (await this.rowsOf.formOf(fill)).version;
    const fixed = formType === 'fixed';
    const header = [...(fixed ? [LABEL_COLUMN] : []), ...fields.map((f) => f.label)];
    const rows = fixed ? fixedRows.map((l) => [l, ...fields.map(() => '')]) : [];
    return this.file(`${fill.formName}导入模板.xlsx`, { name: fill.formName, header, rows });
  }

  /** The rows a query reads, as a workbook: the fields' labels (fixed: 项目 first), plus 填报部门 across fills. */
  async export(userId: string, q: DataQuery): Promise<SheetFile> {
    const page = await this.query(userId, { ...q, pageNum: 1, pageSize: 100_000 });
    const fillId = q.fillTaskId ?? page.records[0]?.fillTaskId;
    const fill = fillId ? await this.fills.find(fillId) : null;
    const form = fill ? (await this.rowsOf.formOf(fill)).version : null;
    const fields = form?.fields ?? [];
    const fixed = form?.formType === 'fixed';
    const acrossFills = !q.fillTaskId;
    const header = [...(acrossFills ? [DEPARTMENT_COLUMN] : []), ...(fixed ? [LABEL_COLUMN] : []), ...fields.map((f) => f.label)];
    const rows = page.records.map((r) => [...(acrossFills ? [r.departmentName ?? ''] : []), ...(fixed ? [r.label ?? ''] : []), ...fields.map((f) => cellText(r.values[f.key]))]);
    return this.file(`${fill?.formName ?? '采集数据'}.xlsx`, { name: fill?.formName ?? '采集数据', header, rows });
  }

  private async file(fileName: string, sheet: { name: string; header: string[]; rows: string[][] }): Promise<SheetFile> {
    return { fileName, contentType: XLSX, bytes: await this.sheets.write(sheet) };
  }

  /**
   * Rows from the fill's template: floating forms take the sheet's rows, fixed forms match rows by 项目. Every bad
   * row is reported (「联系电话」：…) and nothing is imported when any is; history 'import'.
   */
  async import(userId: string, fillTaskId: string, bytes: Buffer, fileName = 'import.xlsx'): Promise<DataImportResult> {
    if (!/\.xlsx$/i.test(fileName)) throw new AppError('VALIDATION', XLSX_ONLY);
    // Size, a zip holding xl/workbook.xml and its unpacked size, before exceljs reads a byte (as the library import).
    const refusal = xlsxRefusal(fileName, bytes);
    if (refusal) throw new AppError('VALIDATION', refusal);
    await this.editable(userId, fillTaskId);
    let sheet: Awaited<ReturnType<FillSheetWorkbook['read']>>;
    try {
      sheet = await this.sheets.read(bytes);
    } catch (error) {
      if (error instanceof AppError) throw error; // a limit passed while reading, named
      throw new AppError('VALIDATION', '文件无法读取，请使用导入模板');
    }
    return this.uow.run(async (tx) => {
      const fill = await FillTaskService.locked(this.fills, tx, fillTaskId, 'edit');
      const form = await this.rowsOf.formOf(fill, tx);
      const { fields, formType } = form.version;
      const fixed = formType === 'fixed';
      const columnOf = new Map(sheet.header.map((h, i) => [h.trim(), i]));
      const labelColumn = columnOf.get(LABEL_COLUMN);
      if (fields.some((f) => !columnOf.has(f.label)) || (fixed && labelColumn === undefined)) throw new AppError('VALIDATION', '表头与导入模板不一致，请下载模板后填写');
      const options = new Map(Object.entries(form.options));
      const problems: ImportProblem[] = [];
      const stored = fixed ? await this.fills.rows(fill.id, tx) : [];
      const byLabel = new Map<string, RowInput>();
      const floating: RowInput[] = [];
      for (const { row, cells } of sheet.rows) {
        const values: Record<string, string | null> = {};
        const reasons: string[] = [];
        for (const f of fields) {
          const raw = cells[columnOf.get(f.label)!] ?? '';
          const message = checkCell(f, normalizeCell(f, raw), false, options);
          if (message) reasons.push(`「${f.label}」：${message}`);
          values[f.key] = raw === '' ? null : raw;
        }
        const label = fixed ? (cells[labelColumn!] ?? '').trim() : null;
        if (fixed && !stored.some((s) => s.label === label)) reasons.push(`「${LABEL_COLUMN}」：没有名为“${label ?? ''}”的行`);
        if (reasons.length > 0) problems.push({ row, reason: reasons.join('；') });
        else if (fixed) byLabel.set(label!, { label, values: multi(fields, values) });
        else floating.push({ values: multi(fields, values) });
      }
      if (problems.length > 0) throw new AppError('VALIDATION', `导入失败：${problems.length}行数据有误`, problems);
      const rows: RowInput[] = fixed ? stored.map((s) => byLabel.get(s.label!) ?? { id: s.id, label: s.label, values: s.values }) : floating;
      // fixed rows keep their ids, so the history names changed cells, not a new table
      const withIds = fixed ? rows.map((r, i) => ({ ...r, id: stored[i]!.id })) : rows;
      await this.rowsOf.write(tx, fill, form, withIds, userId, false, 'import');
      return { imported: fixed ? byLabel.size : floating.length };
    });
  }
}

/** A multiSelect's cell arrives as 'a,b': split it as the fill screen sends it. */
function multi(fields: readonly FormField[], values: Record<string, string | null>): RowInput['values'] {
  const out: RowInput['values'] = {};
  for (const f of fields) out[f.key] = f.component === 'multiSelect' ? normalizeCell(f, values[f.key]) : values[f.key] ?? null;
  return out;
}
