import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { PERSON_KIND_LABELS } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { paged, type Paged } from '../../../shared/http/envelope.js';
import { everyRecord, pageWindow, type PageQuery } from '../../../shared/pagination.js';
import { PasswordHasher } from '../../auth/application/ports/password-hasher.port.js';
import { isStrongPassword, PasswordMessages } from '../../auth/domain/password-rules.js';
import { buildDepartmentTree, stripMarkup, wouldCycle, type DepartmentNode } from '../domain/department-tree.js';
import { cleanMenuAddress, mayHaveAddress } from '../domain/menu-address.js';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { PeopleListSheet } from './ports/people-list-sheet.port.js';
import { PersonObjects } from './ports/person-objects.port.js';
import { OrgRepository, type DepartmentInput, type Page, type UserFilter, type UserInput } from './ports/org-repository.port.js';

export const DEFAULT_SYSTEM_NAME = '教学质量监测与分析平台';
export const PERSON_HAS_TASKS = '该人员已有诊断任务，不能删除；可将其停用';
/** 用户管理's export columns: the table's, in its order. */
export const PEOPLE_EXPORT_HEADER = ['账号', '姓名', '部门', '人员类型', '用户类型', '性别', '状态', '角色'];
const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女' };
export const PERSON_REFERENCED = '该人员已有业务数据（如数据采集任务、目标标准），不能删除；可将其停用';

@Injectable()
export class OrgService {
  constructor(
    private readonly org: OrgRepository,
    private readonly hasher: PasswordHasher,
    private readonly objects: PersonObjects,
    private readonly uow: UnitOfWork,
    private readonly sheet: PeopleListSheet,
  ) {}

  /** Runs a paged read and answers the spec's { records, total, current, pages }. */
  private async paged<T>(query: PageQuery, read: (w: { skip: number; take: number }) => Promise<Page<T>>): Promise<Paged<T>> {
    const window = pageWindow(query);
    const { rows, total } = await read(window);
    return paged(rows, total, query.pageNum, window.size);
  }

  // The lookup lists: plain reads, paged as the spec asks.
  departments(query: PageQuery) {
    return this.paged(query, (w) => this.org.departments(w));
  }

  shortNames(query: PageQuery) {
    return this.paged(query, (w) => this.org.shortNames(w));
  }

  users(query: PageQuery, filter: UserFilter) {
    return this.paged(query, (w) => this.org.users(filter, w));
  }

  /**
   * 用户管理's 导出Excel: the people users/common lists under the same filters, every page, read through the same query
   * page after page as the workbook streams out, with the table's columns.
   */
  async exportUsers(filter: UserFilter): Promise<{ fileName: string; write(out: Writable): Promise<void> }> {
    const types = await this.org.userTypes({ skip: 0, take: 100_000 });
    const typeNames = new Map(types.rows.map((t) => [t.userTypeId, t.userTypeName]));
    const org = this.org;
    async function* rows(): AsyncGenerator<string[]> {
      for await (const u of everyRecord((page) => org.users(filter, pageWindow(page)).then((p) => ({ records: p.rows })))) {
        yield [
          u.account, u.userName, u.orgName ?? '', PERSON_KIND_LABELS[u.personKind] ?? '', (u.userTypeId && typeNames.get(u.userTypeId)) || '',
          SEX_NAMES[Number(u.sex)] ?? '', u.enabled === false ? '停用' : '启用', u.roles.map((r) => r.roleName).join('、'),
        ];
      }
    }
    return { fileName: '用户列表.xlsx', write: (out) => this.sheet.write({ name: '用户列表', header: PEOPLE_EXPORT_HEADER, rows: rows() }, out) };
  }

  roles(query: PageQuery) {
    return this.paged(query, (w) => this.org.roles(w));
  }

  roleUsers(roleId: string) {
    return this.org.roleUsers(roleId);
  }

  userTypes(query: PageQuery) {
    return this.paged(query, (w) => this.org.userTypes(w));
  }

  cycleTypes() {
    return this.org.cycleTypes();
  }

  cycleValues(filter: { typeName?: string; cycleTypeId?: string }) {
    return this.org.cycleValues(filter);
  }

  dimensions(query: PageQuery) {
    return this.paged(query, (w) => this.org.dimensions(w));
  }

  fileTypes(query: PageQuery) {
    return this.paged(query, (w) => this.org.fileTypes(w));
  }

  async systemSetting(appId: string) {
    const setting = await this.org.systemSetting(appId);
    const source = setting?.source ?? DEFAULT_SYSTEM_NAME;
    return {
      id: appId,
      systemName: stripMarkup(source) || DEFAULT_SYSTEM_NAME,
      systemNameSource: source,
      logoAttachment: setting?.logoAttachmentId ? { id: setting.logoAttachmentId, url: `/api/docrepo/download?attachmentId=${encodeURIComponent(setting.logoAttachmentId)}` } : null,
    };
  }

  async departmentTree(): Promise<DepartmentNode[]> {
    return buildDepartmentTree(await this.org.allDepartments());
  }

  /** The "new department charger list" (spec 000 §7): departments with a head. */
  async newChargers(query: PageQuery) {
    const rows = (await this.org.allDepartments()).filter((d) => d.chargeUserId);
    const window = pageWindow(query);
    const records = rows.slice(window.skip, window.skip + window.take).map((d) => ({ bmid: d.departmentId, bmmc: d.departmentName, fzrid: d.chargeUserId!, fzrmc: d.chargeUserName ?? '' }));
    return paged(records, rows.length, query.pageNum, window.size);
  }

  async addDepartment(input: DepartmentInput): Promise<{ departmentId: string }> {
    await this.checkDepartmentRefs(input);
    return { departmentId: await this.org.addDepartment(input) };
  }

  async updateDepartment(id: string, input: DepartmentInput): Promise<void> {
    if (!(await this.org.departmentExists(id))) throw new AppError('NOT_FOUND', '部门不存在');
    await this.checkDepartmentRefs(input);
    if (input.parentId && wouldCycle(await this.org.allDepartments(), id, input.parentId)) throw new AppError('VALIDATION', '上级部门不能是本部门或其下级部门');
    await this.org.updateDepartment(id, input);
  }

  async deleteDepartment(id: string): Promise<void> {
    if (!(await this.org.departmentExists(id))) throw new AppError('NOT_FOUND', '部门不存在');
    if (await this.org.departmentHasChildren(id)) throw new AppError('CONFLICT', '该部门下还有下级部门，不能删除');
    await this.org.deleteDepartment(id);
  }

  private async checkDepartmentRefs(input: DepartmentInput): Promise<void> {
    if (input.parentId && !(await this.org.departmentExists(input.parentId))) throw new AppError('VALIDATION', '上级部门不存在');
    if (input.chargeUserId && !(await this.org.userExists(input.chargeUserId))) throw new AppError('VALIDATION', '负责人不存在');
  }

  /** A new person with a password the administrator sets (or a random one when none is given). */
  async addUser(input: UserInput, password: string | undefined): Promise<{ userId: string }> {
    if (password !== undefined && !isStrongPassword(password)) throw new AppError('VALIDATION', PasswordMessages.weak);
    if (input.orgId && !(await this.org.departmentExists(input.orgId))) throw new AppError('VALIDATION', '部门不存在');
    const hash = await this.hasher.hash(password ?? randomBytes(24).toString('base64url'));
    const kind = input.personKind ?? 'staff';
    await this.refuseObjectClash(null, input.account, kind);
    // a teacher or student is a diagnosis object of their level, written with them
    return this.uow.run(async (tx) => {
      const userId = await this.org.addUser(input, hash, tx);
      await this.objects.syncPerson(tx, { userId, account: input.account, name: input.userName, orgId: input.orgId, kind });
      return { userId };
    });
  }

  async updateUser(id: string, input: UserInput & { enabled: boolean }): Promise<void> {
    if (input.orgId && !(await this.org.departmentExists(input.orgId))) throw new AppError('VALIDATION', '部门不存在');
    if (input.personKind) await this.refuseObjectClash(id, (await this.objects.ofPeople([id])).get(id)?.code ?? input.account, input.personKind);
    await this.uow.run(async (tx) => {
      const kind = await this.org.updateUser(id, input, tx);
      if (!kind) throw new AppError('NOT_FOUND', '用户不存在');
      await this.objects.syncPerson(tx, { userId: id, account: input.account, name: input.userName, orgId: input.orgId, kind });
    });
  }

  /** A teacher's or student's object is coded by the account: another object of the level must not have that code. */
  private async refuseObjectClash(userId: string | null, code: string, kind: 'staff' | 'teacher' | 'student'): Promise<void> {
    if (kind === 'staff') return;
    const clashes = await this.objects.clashes([{ userId: userId ?? '', level: kind, code }]);
    if (clashes.length > 0) throw new AppError('CONFLICT', `诊改对象（${kind === 'teacher' ? '教师' : '学生'}）编码「${code}」已被其他对象使用`);
  }

  /**
   * Deletes a person, unless their diagnosis tasks (their own object's, or ones they own or audit) or other records
   * need them: those are the school's history, so the person is refused and may be disabled (停用) instead.
   */
  async deleteUser(requesterId: string, id: string): Promise<void> {
    if (requesterId === id) throw new AppError('VALIDATION', '不能删除自己');
    const outcome = await this.org.deleteUser(id);
    if (outcome === 'notFound') throw new AppError('NOT_FOUND', '用户不存在');
    if (outcome === 'hasTasks') throw new AppError('CONFLICT', PERSON_HAS_TASKS);
    if (outcome === 'referenced') throw new AppError('CONFLICT', PERSON_REFERENCED);
  }

  async changeRoleUsers(roleId: string, userIds: string[], grant: boolean): Promise<void> {
    if (!(await this.org.roleExists(roleId))) throw new AppError('NOT_FOUND', '角色不存在');
    for (const id of userIds) if (!(await this.org.userExists(id))) throw new AppError('VALIDATION', `用户不存在：${id}`);
    if (grant) await this.org.grantRole(roleId, userIds);
    else await this.org.revokeRole(roleId, userIds);
  }

  /** The entries an administrator may point to an outside address (000 §2 iframe page), with their address. */
  async menuAddresses(): Promise<Array<{ key: string; name: string; path: string; externalUrl: string | null }>> {
    return (await this.org.menuAddresses()).filter(mayHaveAddress).map(({ key, name, path, externalUrl }) => ({ key, name, path, externalUrl }));
  }

  /** Sets (an http(s) URL) or clears a menu entry's outside address. */
  async setMenuAddress(key: string, value: string | null): Promise<void> {
    const cleaned = cleanMenuAddress(value);
    if ('problem' in cleaned) throw new AppError('VALIDATION', cleaned.problem);
    const menu = await this.org.menuAddress(key);
    if (!menu) throw new AppError('NOT_FOUND', '菜单不存在');
    if (!mayHaveAddress(menu)) throw new AppError('VALIDATION', '该菜单是本平台的页面，不能设置外部地址');
    await this.org.setMenuAddress(key, cleaned.url);
  }
}
