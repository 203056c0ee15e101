import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CycleTypeSchema, CycleValueSchema, DepartmentIdSchema, DepartmentNodeSchema, DepartmentSchema, DepartmentShortNameSchema, DimensionSchema,
  FileTypeSchema, MenuAddressSchema, NewChargeDepartmentSchema, RoleSchema, RoleUserSchema, SystemSettingSchema, UserIdSchema, UserRecordSchema, UserTypeSchema,
  type CycleType, type CycleValue, type Department, type DepartmentId, type DepartmentNode, type DepartmentShortName, type Dimension,
  CycleValueQuerySchema, DepartmentInputSchema, DepartmentRefSchema, DepartmentUpdateSchema, MenuAddressUpdateSchema, NewUserSchema, PageQuerySchema,
  RoleUsersInputSchema, UserExportQuerySchema, UserQuerySchema, UserRefSchema, UserUpdateSchema,
  type FileType, type MenuAddress, type NewChargeDepartment, type Page, type Role, type RoleUser, type SystemSetting, type UserId, type UserRecord, type UserType,
} from '@zhengai/contracts';
import type { Response } from 'express';
import { AdminOnly, Public, RequireMenu, SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope, ApiFileResponse } from '../../../shared/http/api-envelope.decorator.js';
import { sendXlsx, XLSX_MIME } from '../../../shared/http/send-streamed.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { CurrentUser } from '../../../shared/http/current-user.decorator.js';
import { OrgService } from '../application/org.service.js';
import type { z } from 'zod';

type In<S extends z.ZodType> = z.infer<S>;
/** 用户管理 (数据管理): its menu holders (the administrators) export the people list. */
const USER_MANAGE_MENU = 'ly_herm_dataManagement_user';
const departmentInput = ({ departmentName, parentId, chargeUserId, shortNameChinese, shortNameEnglish }: In<typeof DepartmentInputSchema>) =>
  ({ departmentName, parentId, chargeUserId, shortNameChinese, shortNameEnglish });
const userInput = ({ account, userName, orgId, userTypeId, sex, personKind }: In<typeof UserUpdateSchema> | In<typeof NewUserSchema>) => ({ account, userName, orgId, userTypeId, sex, personKind });

/** Departments, people, roles and the lookup lists of spec 000 §7 under the user service base. Writes are the administrator's. */
@ApiTags('org')
@Controller('user')
export class OrgController {
  constructor(private readonly service: OrgService) {}

  @Get('systemSetting/:appId')
  @Public()
  @ApiOperation({ summary: 'System name (markup stripped, source kept) and logo; default appId 001' })
  @ApiEnvelope(SystemSettingSchema)
  systemSetting(@Param('appId') appId: string): Promise<SystemSetting> {
    return this.service.systemSetting(appId || '001');
  }

  @Get('departments')
  @SignedIn()
  @ApiOperation({ summary: 'Department list (pageNum, pageSize; the spec asks 1e5)' })
  @ApiEnvelope(DepartmentSchema, { page: true })
  departments(@ZodQuery(PageQuerySchema) q: In<typeof PageQuerySchema>): Promise<Page<Department>> {
    return this.service.departments(q);
  }

  @Get('departments/tree')
  @SignedIn()
  @ApiOperation({ summary: 'Department tree with childrens' })
  @ApiEnvelope(DepartmentNodeSchema, { array: true })
  departmentTree(): Promise<DepartmentNode[]> {
    return this.service.departmentTree();
  }

  @Get('departments/shortNames')
  @SignedIn()
  @ApiOperation({ summary: 'Short-name department records' })
  @ApiEnvelope(DepartmentShortNameSchema, { page: true })
  shortNames(@ZodQuery(PageQuerySchema) q: In<typeof PageQuerySchema>): Promise<Page<DepartmentShortName>> {
    return this.service.shortNames(q);
  }

  @Get('departments/newCharger')
  @SignedIn()
  @ApiOperation({ summary: 'New department charger list: bmid, bmmc, fzrid, fzrmc (pageSize 0 = all)' })
  @ApiEnvelope(NewChargeDepartmentSchema, { page: true })
  newChargers(@ZodQuery(PageQuerySchema) q: In<typeof PageQuerySchema>): Promise<Page<NewChargeDepartment>> {
    return this.service.newChargers(q);
  }

  @Post('departments/add')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Add a department (administrator)' })
  @ApiEnvelope(DepartmentIdSchema)
  addDepartment(@ZodBody(DepartmentInputSchema) body: In<typeof DepartmentInputSchema>): Promise<DepartmentId> {
    return this.service.addDepartment(departmentInput(body));
  }

  @Post('departments/update')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Update a department (administrator)' })
  @ApiEnvelope(null)
  async updateDepartment(@ZodBody(DepartmentUpdateSchema) body: In<typeof DepartmentUpdateSchema>): Promise<null> {
    await this.service.updateDepartment(body.departmentId, departmentInput(body));
    return null;
  }

  @Post('departments/delete')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a department without sub-departments (administrator)' })
  @ApiEnvelope(null)
  async deleteDepartment(@ZodBody(DepartmentRefSchema) body: In<typeof DepartmentRefSchema>): Promise<null> {
    await this.service.deleteDepartment(body.departmentId);
    return null;
  }

  @Get('users/common')
  @SignedIn()
  @ApiOperation({ summary: 'People by a part of the name or account (userName), department (orgId) and person type (personKind: staff, teacher, student), by account' })
  @ApiEnvelope(UserRecordSchema, { page: true })
  users(@ZodQuery(UserQuerySchema) q: In<typeof UserQuerySchema>): Promise<Page<UserRecord>> {
    return this.service.users(q, { userName: q.userName?.trim() || undefined, orgId: q.orgId || undefined, personKind: q.personKind });
  }

  // users/common is the people picker every signed-in person uses a page at a time; the whole list with everyone's roles
  // at once is 用户管理's, so its export asks for that page's menu. The rows are users/common's under the same filters.
  @Get('users/export')
  @RequireMenu(USER_MANAGE_MENU)
  @ApiFileResponse(XLSX_MIME)
  @ApiOperation({ summary: "用户管理's 导出Excel: every person users/common lists under the same filters (userName, orgId, personKind), by account, as 用户列表.xlsx" })
  async exportUsers(@ZodQuery(UserExportQuerySchema) q: In<typeof UserExportQuerySchema>, @Res() res: Response): Promise<void> {
    await sendXlsx(res, await this.service.exportUsers({ userName: q.userName?.trim() || undefined, orgId: q.orgId || undefined, personKind: q.personKind }));
  }

  @Post('users/add')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Add a person (administrator)' })
  @ApiEnvelope(UserIdSchema)
  addUser(@ZodBody(NewUserSchema) body: In<typeof NewUserSchema>): Promise<UserId> {
    return this.service.addUser(userInput(body), body.password);
  }

  @Post('users/update')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Update a person (administrator)' })
  @ApiEnvelope(null)
  async updateUser(@ZodBody(UserUpdateSchema) body: In<typeof UserUpdateSchema>): Promise<null> {
    await this.service.updateUser(body.userId, { ...userInput(body), enabled: body.enabled });
    return null;
  }

  @Post('users/delete')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a person and end their sessions (administrator)' })
  @ApiEnvelope(null)
  async deleteUser(@ZodBody(UserRefSchema) body: In<typeof UserRefSchema>, @CurrentUser('userId') userId: string): Promise<null> {
    await this.service.deleteUser(userId, body.userId);
    return null;
  }

  @Get('roles')
  @SignedIn()
  @ApiOperation({ summary: 'Role list' })
  @ApiEnvelope(RoleSchema, { page: true })
  roles(@ZodQuery(PageQuerySchema) q: In<typeof PageQuerySchema>): Promise<Page<Role>> {
    return this.service.roles(q);
  }

  @Get('roles/org_app')
  @SignedIn()
  @ApiOperation({ summary: 'Roles by org and app (appId 001, pageNum 1, pageSize 500)' })
  @ApiEnvelope(RoleSchema, { page: true })
  rolesOrgApp(@ZodQuery(PageQuerySchema) q: In<typeof PageQuerySchema>): Promise<Page<Role>> {
    return this.service.roles(q);
  }

  @Get('roles/:id/users')
  @SignedIn()
  @ApiOperation({ summary: 'The people who have a role' })
  @ApiEnvelope(RoleUserSchema, { array: true })
  roleUsers(@Param('id') id: string): Promise<RoleUser[]> {
    return this.service.roleUsers(id);
  }

  @Post('roles/:id/users/add')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Grant a role to people (administrator)' })
  @ApiEnvelope(null)
  async grant(@Param('id') id: string, @ZodBody(RoleUsersInputSchema) body: In<typeof RoleUsersInputSchema>): Promise<null> {
    await this.service.changeRoleUsers(id, body.userIds, true);
    return null;
  }

  @Post('roles/:id/users/remove')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Take a role from people (administrator)' })
  @ApiEnvelope(null)
  async revoke(@Param('id') id: string, @ZodBody(RoleUsersInputSchema) body: In<typeof RoleUsersInputSchema>): Promise<null> {
    await this.service.changeRoleUsers(id, body.userIds, false);
    return null;
  }

  @Get('menus/addresses')
  @AdminOnly()
  @ApiOperation({ summary: 'Menu entries that may open an outside address in an iframe (pages built elsewhere), with the address (administrator)' })
  @ApiEnvelope(MenuAddressSchema, { array: true })
  menuAddresses(): Promise<MenuAddress[]> {
    return this.service.menuAddresses();
  }

  @Post('menus/address')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: "Set (http(s) URL) or clear (null or '') a menu entry's outside address (administrator)" })
  @ApiEnvelope(null)
  async setMenuAddress(@ZodBody(MenuAddressUpdateSchema) body: In<typeof MenuAddressUpdateSchema>): Promise<null> {
    await this.service.setMenuAddress(body.key, body.externalUrl ?? null);
    return null;
  }

  @Get('userTypes')
  @SignedIn()
  @ApiOperation({ summary: 'User types' })
  @ApiEnvelope(UserTypeSchema, { page: true })
  userTypes(@ZodQuery(PageQuerySchema) q: In<typeof PageQuerySchema>): Promise<Page<UserType>> {
    return this.service.userTypes(q);
  }

  @Get('cycleTypes')
  @SignedIn()
  @ApiOperation({ summary: 'Cycle types (id, lxmc)' })
  @ApiEnvelope(CycleTypeSchema, { array: true })
  cycleTypes(): Promise<CycleType[]> {
    return this.service.cycleTypes();
  }

  @Get('cycleValues')
  @SignedIn()
  @ApiOperation({ summary: 'Cycle values of a type (typeName or cycleTypeId); defaultsStatus 1 marks the default' })
  @ApiEnvelope(CycleValueSchema, { array: true })
  cycleValues(@ZodQuery(CycleValueQuerySchema) q: In<typeof CycleValueQuerySchema>): Promise<CycleValue[]> {
    return this.service.cycleValues({ typeName: q.typeName || undefined, cycleTypeId: q.cycleTypeId || undefined });
  }

  @Get('dimensions')
  @SignedIn()
  @ApiOperation({ summary: 'Dimensions (pageSize 1e7 in the spec)' })
  @ApiEnvelope(DimensionSchema, { page: true })
  dimensions(@ZodQuery(PageQuerySchema) q: In<typeof PageQuerySchema>): Promise<Page<Dimension>> {
    return this.service.dimensions(q);
  }

  @Get('fileTypes')
  @SignedIn()
  @ApiOperation({ summary: 'File types (id, mc); pageSize 10 in the spec' })
  @ApiEnvelope(FileTypeSchema, { page: true })
  fileTypes(@ZodQuery(PageQuerySchema) q: In<typeof PageQuerySchema>): Promise<Page<FileType>> {
    return this.service.fileTypes(q);
  }
}
