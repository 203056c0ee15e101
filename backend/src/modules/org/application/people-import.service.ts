import { Injectable } from '@nestjs/common';
import { randomInt, randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DepartmentImportResult, ImportProblem, PeopleImportResult } from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { xlsxRefusal } from '../../../shared/kernel/xlsx-file.js';
import { PasswordHasher } from '../../auth/application/ports/password-hasher.port.js';
import { planDepartmentImport } from '../domain/department-import.js';
import { DepartmentPaths } from '../domain/department-paths.js';
import {
  DEFAULT_ROLE_CODES,
  defaultRolesOf,
  makeInitialPassword,
  peopleColumns,
  peoplePlanner,
  peopleRowChecker,
  type CleanPerson,
  type ExistingPerson,
} from '../domain/people-import.js';
import { PeopleImportRepository, PeopleSheets } from './ports/people-import.port.js';
import { PersonObjects } from './ports/person-objects.port.js';

export const IMPORT_REFUSED = '导入失败：文件中有错误，所有数据均未导入，请修改后重新导入';

/** A password hash no password matches (argon2 refuses to verify it): the account of a CAS-only school. */
export const NO_PASSWORD_HASH = '!cas-only';

/**
 * 数据管理's imports of people and departments (issue 32): all or nothing, idempotent. The sheet is read in the sheet
 * reader's worker thread; rows are checked by the domain's rules; a good file is written in one transaction.
 */
@Injectable()
export class PeopleImportService {
  constructor(
    private readonly repo: PeopleImportRepository,
    private readonly sheets: PeopleSheets,
    private readonly objects: PersonObjects,
    private readonly hasher: PasswordHasher,
    private readonly uow: UnitOfWork,
  ) {}

  template(kind: 'people' | 'departments'): Promise<Buffer> {
    return this.sheets.template(kind);
  }

  /**
   * Imports people. New people get one initial password, generated now, hashed once, answered once and never
   * stored in clear; they must change it at first login. casOnly: new accounts get no usable password (CAS only).
   */
  async importPeople(bytes: Buffer, options: { casOnly: boolean }): Promise<PeopleImportResult> {
    const { header, rows } = await this.read(bytes);
    const columns = peopleColumns(header);
    if ('problems' in columns) return refuse(columns.problems);
    const at = (name: string) => columns.at.get(name);
    const cells = (name: string) => {
      const i = at(name);
      return i === undefined ? [] : [...new Set(rows.map((r) => (r.cells[i] ?? '').trim()).filter((c) => c !== ''))];
    };
    const [departments, roles, roleIdsByCode, majors, casOwners] = await Promise.all([
      this.repo.departments(),
      this.repo.roles(),
      this.repo.roleIdsByCode(Object.values(DEFAULT_ROLE_CODES)),
      this.objects.activeMajors(cells('专业代码')),
      this.repo.casOwners(cells('CAS账号')),
    ]);
    const checker = peopleRowChecker(header, { departments: new DepartmentPaths(departments), roles, majors, casOwners });
    if ('problems' in checker) return refuse(checker.problems);
    if (rows.length === 0) return refuse([{ row: 2, reason: '文件中没有数据' }]);
    await inTurns(rows, checker.check);
    const checked = checker.result();
    if ('problems' in checked) return refuse(checked.problems);

    const found = await this.repo.peopleByAccounts(checked.people.map((p) => p.account));
    const objects = await this.objects.ofPeople(found.map((p) => p.id));
    const existing: ExistingPerson[] = found.map((p) => ({ ...p, object: objects.get(p.id) ?? null }));
    const planner = peoplePlanner(existing, randomUUID, defaultRolesOf(roleIdsByCode));
    await inTurns<CleanPerson>(checked.people, planner.add);
    const plan = planner.plan;

    // an object's code another object of its level already has (an administrator's own object) is the row's problem
    const clashes = await this.objects.clashes(plan.objects);
    if (clashes.length > 0) {
      const rowOf = new Map([...plan.creates, ...plan.updates].map((p) => [p.id, p.row]));
      const level = { teacher: '教师', student: '学生' } as Record<string, string>;
      return refuse(clashes.map((c) => ({ row: rowOf.get(c.userId) ?? 0, reason: `诊改对象（${level[c.level] ?? c.level}）编码「${c.code}」已被其他对象使用` })));
    }

    const initialPassword = plan.creates.length > 0 && !options.casOnly ? makeInitialPassword((n) => randomInt(n)) : null;
    const hash = initialPassword ? await this.hasher.hash(initialPassword) : NO_PASSWORD_HASH;
    if (plan.creates.length > 0 || plan.updates.length > 0) {
      await this.uow.run(async (tx) => {
        await this.repo.writePeople(tx, plan.creates, plan.updates, { hash, mustChange: initialPassword !== null });
        await this.objects.write(tx, plan.objects, plan.retireObjectsOf);
      });
    }
    return { created: plan.creates.length, updated: plan.updates.length, unchanged: plan.unchanged, initialPassword, problems: [] };
  }

  async importDepartments(bytes: Buffer): Promise<DepartmentImportResult> {
    const { header, rows } = await this.read(bytes);
    const headIndex = header.findIndex((h) => h.trim() === '负责人账号');
    const accounts = headIndex < 0 ? [] : [...new Set(rows.map((r) => (r.cells[headIndex] ?? '').trim()).filter((c) => c !== ''))];
    const [existing, heads] = await Promise.all([this.repo.departments(), this.repo.userIdsByAccounts(accounts)]);
    const plan = planDepartmentImport(header, rows, existing, heads, randomUUID);
    if ('problems' in plan) return refuse(plan.problems, false);
    if (plan.creates.length > 0 || plan.updates.length > 0) await this.uow.run((tx) => this.repo.writeDepartments(tx, plan.creates, plan.updates));
    return { created: plan.creates.length, updated: plan.updates.length, unchanged: plan.unchanged, problems: [] };
  }

  private async read(bytes: Buffer) {
    // size, zip magic, xl/workbook.xml and the unpacked size, before exceljs reads a byte
    const refusal = xlsxRefusal('导入', bytes);
    if (refusal) throw new AppError('VALIDATION', refusal);
    try {
      return await this.sheets.read(bytes);
    } catch (error) {
      if (error instanceof AppError) throw error; // a limit passed while reading, named
      throw new AppError('VALIDATION', '文件类型错误');
    }
  }
}

/** Rows handled per turn of the event loop: 15,000 rows checked at once would hold every other request ~0.2 s. */
const ROWS_A_TURN = 500;

/** Calls `each` for every item, letting the event loop run other work between pieces of ROWS_A_TURN. */
async function inTurns<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    each(items[i]!);
    if (i % ROWS_A_TURN === ROWS_A_TURN - 1) await nextTurn();
  }
}

/** Every bad row, nothing stored: the envelope's data carries the problems. */
function refuse(problems: ImportProblem[], people = true): never {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  throw new AppError('VALIDATION', IMPORT_REFUSED, people ? { ...counts, initialPassword: null, problems } : { ...counts, problems });
}
