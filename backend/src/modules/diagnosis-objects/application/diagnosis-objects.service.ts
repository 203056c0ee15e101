import { Injectable, Logger } from '@nestjs/common';
import {
  OBJECT_IMPORT_LEVELS, OBJECT_LEVEL_NAMES, OBJECT_MESSAGES, OBJECT_OPTIONS_MAX,
  type DiagnosisObject, type DiagnosisObjectActions, type DiagnosisObjectOption, type ObjectAction, type ObjectImportLevel, type ObjectImportResult, type ObjectLevel, type Page,
} from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDate, formatDateTime } from '../../../shared/kernel/format.js';
import { pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { xlsxRefusal } from '../../target-standards/domain/xlsx-file.js';
import { planImport, readLines, type ImportLine } from '../domain/import-rows.js';
import { allowedActions, mayDo } from '../domain/object-access.js';
import { checkObject, editRefusal, restoreRefusal, retireRefusal, sameFields, type ObjectDraft, type ObjectFields } from '../domain/object-rules.js';
import { DiagnosisObjectRepository, ObjectManagerReader, type ObjectFilter, type ObjectView } from './ports/diagnosis-object-repository.port.js';
import { ObjectImportSheet } from './ports/object-import-sheet.port.js';

/** What an add or an edit sends (the contract's input, absent fields read as null). */
export type ObjectDraftInput = Omit<ObjectDraft, 'level'>;

/**
 * 诊改对象 (issue 32): the list, pickers, add, edit, retire and restore, and the Excel import of majors, courses and
 * students. Every call checks the person's actions first (domain/object-access.ts), then the level's rules
 * (domain/object-rules.ts), then writes.
 */
@Injectable()
export class DiagnosisObjectsService {
  private readonly logger = new Logger('DiagnosisObjects');

  constructor(
    private readonly objects: DiagnosisObjectRepository,
    private readonly managers: ObjectManagerReader,
    private readonly sheet: ObjectImportSheet,
    private readonly uow: UnitOfWork,
  ) {}

  /** The page's buttons: what this person may do. */
  async actions(userId: string): Promise<DiagnosisObjectActions> {
    const actions = allowedActions(await this.managers.roleCodes(userId));
    return { actions, importLevels: actions.includes('import') ? [...OBJECT_IMPORT_LEVELS] : [] };
  }

  private async require(userId: string, action: ObjectAction): Promise<void> {
    if (!mayDo(await this.managers.roleCodes(userId), action)) throw new AppError('NO_PERMISSION');
  }

  async list(userId: string, filter: ObjectFilter, page: PageQuery): Promise<Page<DiagnosisObject>> {
    await this.require(userId, 'read');
    const window = pageWindow(page);
    const { rows, total } = await this.objects.list(filter, window);
    return { records: rows.map(toWire), total, current: page.pageNum, pages: window.size > 0 ? Math.ceil(total / window.size) : 0 };
  }

  async options(userId: string, level: ObjectLevel, departmentId: string | null, keyword: string | null): Promise<DiagnosisObjectOption[]> {
    await this.require(userId, 'read');
    const rows = await this.objects.options(level, departmentId, keyword, OBJECT_OPTIONS_MAX);
    return rows.map((o) => ({ value: o.id, text: `${o.code} ${o.name}`, code: o.code, name: o.name, departmentId: o.departmentId }));
  }

  async add(userId: string, level: ObjectLevel, draft: ObjectDraftInput): Promise<{ id: string }> {
    await this.require(userId, 'add');
    const fields = await this.checked({ level, ...draft }, null);
    const id = await this.objects.add(fields);
    this.logger.log(`object ${id} (${level} ${fields.code}) added by ${userId}`);
    return { id };
  }

  async update(userId: string, id: string, draft: ObjectDraftInput): Promise<void> {
    await this.require(userId, 'edit');
    const current = await this.found(id);
    const refusal = editRefusal({ retired: current.retiredAt !== null });
    if (refusal) throw new AppError('CONFLICT', refusal);
    const fields = await this.checked({ level: current.level, ...draft }, id);
    if (sameFields(fields, current)) return;
    // a major whose department changes takes its courses' and students' along (the repository's update)
    if (!(await this.objects.update(id, fields))) throw new AppError('NOT_FOUND', OBJECT_MESSAGES.notFound);
  }

  async retire(userId: string, id: string): Promise<void> {
    await this.require(userId, 'retire');
    const current = await this.found(id);
    const lower = current.level === 'major' ? await this.objects.liveLowerCount(id) : 0;
    const refusal = retireRefusal({ level: current.level, retired: current.retiredAt !== null }, lower);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await this.objects.setRetired(id, true);
  }

  async restore(userId: string, id: string): Promise<void> {
    await this.require(userId, 'restore');
    const current = await this.found(id);
    const upper = current.upperId ? await this.objects.upperFacts(current.upperId) : null;
    const refusal = restoreRefusal({ retired: current.retiredAt !== null }, upper);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await this.objects.setRetired(id, false);
  }

  async template(userId: string, level: ObjectImportLevel): Promise<Buffer> {
    await this.require(userId, 'import');
    return this.sheet.template(level);
  }

  /** All or nothing: any bad row refuses the whole file (every problem in data), else one transaction writes it. */
  async import(userId: string, level: ObjectImportLevel, fileName: string, bytes: Buffer): Promise<ObjectImportResult> {
    await this.require(userId, 'import');
    const refusal = xlsxRefusal(fileName, bytes);
    if (refusal) throw new AppError('VALIDATION', refusal);
    let sheet: { header: string[]; rows: Array<{ row: number; cells: string[] }> };
    try {
      sheet = await this.sheet.read(bytes);
    } catch (error) {
      if (error instanceof AppError) throw error; // a limit passed while reading, named
      throw new AppError('VALIDATION', '文件类型错误');
    }
    const read = readLines(level, sheet.header, sheet.rows);
    if (read.lines.length === 0) refuse(read.problems);
    const lookups = await this.lookups(level, read.lines);
    const keys = level === 'student' ? [...lookups.people.values()].map((p) => p.id) : read.lines.map((l) => l.key);
    const existing = await this.objects.existingOf(level, keys);
    const plan = planImport(level, read.lines, lookups, existing);
    const problems = [...read.problems, ...plan.problems].sort((a, b) => a.row - b.row);
    if (problems.length > 0) refuse(problems);
    await this.uow.run((tx) => this.objects.applyImport(tx, plan.planned.filter((p) => p.change !== 'unchanged')));
    const count = (change: string) => plan.planned.filter((p) => p.change === change).length;
    const result = { created: count('create'), updated: count('update'), unchanged: count('unchanged'), problems: [] };
    this.logger.log(`import of ${OBJECT_LEVEL_NAMES[level]} by ${userId}: ${JSON.stringify({ ...result, problems: undefined })}`);
    return result;
  }

  private async lookups(level: ObjectImportLevel, lines: ImportLine[]) {
    const accounts = level === 'student' ? lines.map((l) => l.key) : lines.map((l) => l.third).filter(Boolean);
    const [departments, people, majors] = await Promise.all([
      level === 'major' ? this.objects.departmentsByName([...new Set(lines.map((l) => l.parent))]) : Promise.resolve(new Map<string, string[]>()),
      this.objects.peopleByAccount([...new Set(accounts)]),
      level === 'major' ? Promise.resolve(new Map()) : this.objects.majorsByCode([...new Set(lines.map((l) => l.parent))]),
    ]);
    return { departments, people, majors };
  }

  private async found(id: string): Promise<ObjectView> {
    const o = await this.objects.byId(id);
    if (!o) throw new AppError('NOT_FOUND', OBJECT_MESSAGES.notFound);
    return o;
  }

  /** The draft through the level's rules with the facts of what it names; unique code and person checked too. */
  private async checked(draft: ObjectDraft, exceptId: string | null): Promise<ObjectFields> {
    const [departmentExists, responsible, upper, person, otherSchool] = await Promise.all([
      draft.departmentId ? this.objects.departmentExists(draft.departmentId) : false,
      draft.responsibleId ? this.objects.personById(draft.responsibleId) : null,
      draft.upperId ? this.objects.upperFacts(draft.upperId) : null,
      draft.userId ? this.objects.personById(draft.userId) : null,
      draft.level === 'school' ? this.objects.otherSchool(exceptId) : false,
    ]);
    const result = checkObject(draft, { departmentExists, responsibleExists: responsible !== null, upper: upper?.id === exceptId ? null : upper, person, otherSchool });
    if (!result.ok) throw new AppError('VALIDATION', result.reason);
    const clash = await this.objects.clash(result.value, exceptId);
    if (clash) throw new AppError('CONFLICT', clash === 'code' ? OBJECT_MESSAGES.duplicateCode : OBJECT_MESSAGES.duplicatePerson);
    return result.value;
  }
}

function refuse(problems: ObjectImportResult['problems']): never {
  throw new AppError('VALIDATION', OBJECT_MESSAGES.importRefused, { created: 0, updated: 0, unchanged: 0, problems } satisfies ObjectImportResult);
}

function toWire(o: ObjectView): DiagnosisObject {
  return {
    id: o.id,
    level: o.level,
    levelName: OBJECT_LEVEL_NAMES[o.level],
    code: o.code,
    name: o.name,
    departmentId: o.departmentId,
    departmentName: o.departmentName,
    responsibleId: o.responsibleId,
    responsibleName: o.responsibleName,
    responsibleAccount: o.responsibleAccount,
    upperId: o.upperId,
    upperCode: o.upperCode,
    upperName: o.upperName,
    userId: o.userId,
    userAccount: o.userAccount,
    className: o.className,
    grade: o.grade,
    retired: o.retiredAt !== null,
    retiredAt: o.retiredAt ? formatDate(o.retiredAt) : null,
    updatedAt: formatDateTime(o.updatedAt),
  };
}
