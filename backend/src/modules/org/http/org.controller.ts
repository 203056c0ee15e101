import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminOnly, Public } from '../../../shared/http/access.decorators.js';
import { PageQuery } from '../../../shared/pagination.js';
import '../../../shared/http/session-user.js';
import { OrgService } from '../application/org.service.js';
import { OrgRepository } from '../application/ports/org.repository.js';
import {
  AddUserDto, CycleValueQuery, DepartmentDto, DepartmentIdDto, RoleUsersDto, UpdateDepartmentDto, UpdateUserDto, UserIdDto, UserQuery,
} from './dto/org.dto.js';

const departmentInput = (d: DepartmentDto) => ({
  departmentName: d.departmentName,
  parentId: d.parentId ?? null,
  chargeUserId: d.chargeUserId ?? null,
  shortNameChinese: d.shortNameChinese ?? null,
  shortNameEnglish: d.shortNameEnglish ?? null,
});
const userInput = (u: AddUserDto | UpdateUserDto) => ({ account: u.account, userName: u.userName, orgId: u.orgId ?? null, userTypeId: u.userTypeId ?? null, sex: u.sex ?? 1 });

/** Departments, people, roles and the lookup lists of spec 000 §7 under the user service base. Writes are the administrator's. */
@ApiTags('org')
@Controller('user')
export class OrgController {
  constructor(
    private readonly service: OrgService,
    private readonly org: OrgRepository,
  ) {}

  @Get('systemSetting/:appId')
  @Public()
  @ApiOperation({ summary: 'System name (markup stripped, source kept) and logo; default appId 001' })
  systemSetting(@Param('appId') appId: string) {
    return this.service.systemSetting(appId || '001');
  }

  @Get('departments')
  @ApiOperation({ summary: 'Department list (pageNum, pageSize; the spec asks 1e5)' })
  departments(@Query() q: PageQuery) {
    return this.service.paged(q, (w) => this.org.departments(w));
  }

  @Get('departments/tree')
  @ApiOperation({ summary: 'Department tree with childrens' })
  departmentTree() {
    return this.service.departmentTree();
  }

  @Get('departments/shortNames')
  @ApiOperation({ summary: 'Short-name department records' })
  shortNames(@Query() q: PageQuery) {
    return this.service.paged(q, (w) => this.org.shortNames(w));
  }

  @Get('departments/newCharger')
  @ApiOperation({ summary: 'New department charger list: bmid, bmmc, fzrid, fzrmc (pageSize 0 = all)' })
  newChargers(@Query() q: PageQuery) {
    return this.service.newChargers(q);
  }

  @Post('departments/add')
  @AdminOnly()
  @ApiOperation({ summary: 'Add a department (administrator)' })
  addDepartment(@Body() body: DepartmentDto) {
    return this.service.addDepartment(departmentInput(body));
  }

  @Post('departments/update')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Update a department (administrator)' })
  async updateDepartment(@Body() body: UpdateDepartmentDto): Promise<null> {
    await this.service.updateDepartment(body.departmentId, departmentInput(body));
    return null;
  }

  @Post('departments/delete')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a department without sub-departments (administrator)' })
  async deleteDepartment(@Body() body: DepartmentIdDto): Promise<null> {
    await this.service.deleteDepartment(body.departmentId);
    return null;
  }

  @Get('users/common')
  @ApiOperation({ summary: 'People by name or account (userName), or department (orgId)' })
  users(@Query() q: UserQuery) {
    return this.service.paged(q, (w) => this.org.users({ userName: q.userName?.trim() || undefined, orgId: q.orgId || undefined }, w));
  }

  @Post('users/add')
  @AdminOnly()
  @ApiOperation({ summary: 'Add a person (administrator)' })
  addUser(@Body() body: AddUserDto) {
    return this.service.addUser(userInput(body), body.password);
  }

  @Post('users/update')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Update a person (administrator)' })
  async updateUser(@Body() body: UpdateUserDto): Promise<null> {
    await this.service.updateUser(body.userId, { ...userInput(body), enabled: body.enabled ?? true });
    return null;
  }

  @Post('users/delete')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a person and end their sessions (administrator)' })
  async deleteUser(@Body() body: UserIdDto, @Req() req: Request): Promise<null> {
    await this.service.deleteUser(req.session.user!.userId, body.userId);
    return null;
  }

  @Get('roles')
  @ApiOperation({ summary: 'Role list' })
  roles(@Query() q: PageQuery) {
    return this.service.paged(q, (w) => this.org.roles(w));
  }

  @Get('roles/org_app')
  @ApiOperation({ summary: 'Roles by org and app (appId 001, pageNum 1, pageSize 500)' })
  rolesOrgApp(@Query() q: PageQuery) {
    return this.service.paged(q, (w) => this.org.roles(w));
  }

  @Get('roles/:id/users')
  @ApiOperation({ summary: 'The people who have a role' })
  roleUsers(@Param('id') id: string) {
    return this.org.roleUsers(id);
  }

  @Post('roles/:id/users/add')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Grant a role to people (administrator)' })
  async grant(@Param('id') id: string, @Body() body: RoleUsersDto): Promise<null> {
    await this.service.changeRoleUsers(id, body.userIds, true);
    return null;
  }

  @Post('roles/:id/users/remove')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Take a role from people (administrator)' })
  async revoke(@Param('id') id: string, @Body() body: RoleUsersDto): Promise<null> {
    await this.service.changeRoleUsers(id, body.userIds, false);
    return null;
  }

  @Get('userTypes')
  @ApiOperation({ summary: 'User types' })
  userTypes(@Query() q: PageQuery) {
    return this.service.paged(q, (w) => this.org.userTypes(w));
  }

  @Get('cycleTypes')
  @ApiOperation({ summary: 'Cycle types (id, lxmc)' })
  cycleTypes() {
    return this.org.cycleTypes();
  }

  @Get('cycleValues')
  @ApiOperation({ summary: 'Cycle values of a type (typeName or cycleTypeId); defaultsStatus 1 marks the default' })
  cycleValues(@Query() q: CycleValueQuery) {
    return this.org.cycleValues({ typeName: q.typeName || undefined, cycleTypeId: q.cycleTypeId || undefined });
  }

  @Get('dimensions')
  @ApiOperation({ summary: 'Dimensions (pageSize 1e7 in the spec)' })
  dimensions(@Query() q: PageQuery) {
    return this.service.paged(q, (w) => this.org.dimensions(w));
  }

  @Get('fileTypes')
  @ApiOperation({ summary: 'File types (id, mc); pageSize 10 in the spec' })
  fileTypes(@Query() q: PageQuery) {
    return this.service.paged(q, (w) => this.org.fileTypes(w));
  }
}
