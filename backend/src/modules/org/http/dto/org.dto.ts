import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../shared/pagination.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value ?? null);

export class DepartmentDto {
  @ApiProperty() @Transform(trimmed) @IsNotEmpty({ message: '请输入部门名称' }) @IsString() @MaxLength(100, { message: '部门名称最多100个字符' })
  departmentName!: string;

  @ApiPropertyOptional() @Transform(emptyToNull) @IsOptional() @IsString()
  parentId?: string | null;

  @ApiPropertyOptional() @Transform(emptyToNull) @IsOptional() @IsString()
  chargeUserId?: string | null;

  @ApiPropertyOptional() @Transform(emptyToNull) @IsOptional() @IsString() @MaxLength(60, { message: '简称最多60个字符' })
  shortNameChinese?: string | null;

  @ApiPropertyOptional() @Transform(emptyToNull) @IsOptional() @IsString() @MaxLength(60, { message: '英文简称最多60个字符' })
  shortNameEnglish?: string | null;
}

export class UpdateDepartmentDto extends DepartmentDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少部门' }) @IsString()
  departmentId!: string;
}

export class DepartmentIdDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少部门' }) @IsString()
  departmentId!: string;
}

export class UserDto {
  @ApiProperty({ description: 'login name' }) @Transform(trimmed) @IsNotEmpty({ message: '请输入账号' }) @Matches(/^[A-Za-z0-9_.@-]{2,60}$/, { message: '账号只能包含字母、数字和 _ . @ -，2到60位' })
  account!: string;

  @ApiProperty() @Transform(trimmed) @IsNotEmpty({ message: '请输入姓名' }) @IsString() @MaxLength(60, { message: '姓名最多60个字符' })
  userName!: string;

  @ApiPropertyOptional() @Transform(emptyToNull) @IsOptional() @IsString()
  orgId?: string | null;

  @ApiPropertyOptional() @Transform(emptyToNull) @IsOptional() @IsString()
  userTypeId?: string | null;

  @ApiPropertyOptional({ enum: [1, 2] }) @IsOptional() @Type(() => Number) @IsIn([1, 2], { message: '性别只能是男或女' })
  sex?: 1 | 2;
}

export class AddUserDto extends UserDto {
  @ApiPropertyOptional({ description: 'letters and digits, at least 8; a random one when absent' }) @IsOptional() @IsString()
  password?: string;
}

export class UpdateUserDto extends UserDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少用户' }) @IsString()
  userId!: string;

  @ApiPropertyOptional() @IsOptional() @IsBoolean()
  enabled?: boolean;
}

export class UserIdDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少用户' }) @IsString()
  userId!: string;
}

export class RoleUsersDto {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayNotEmpty({ message: '请选择用户' }) @ArrayMaxSize(1000) @IsString({ each: true })
  userIds!: string[];
}

export class MenuAddressDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少菜单' }) @IsString() @MaxLength(80)
  key!: string;

  @ApiPropertyOptional({ nullable: true, description: "an http(s) URL; null or '' clears it (checked by the service)" })
  @IsOptional() @IsString() @MaxLength(2000)
  externalUrl?: string | null;
}

export class UserQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(60)
  userName?: string;

  @ApiPropertyOptional() @IsOptional() @IsString()
  orgId?: string;
}

export class CycleValueQuery {
  @ApiPropertyOptional({ description: 'cycle type name, e.g. 年度' }) @IsOptional() @IsString()
  typeName?: string;

  @ApiPropertyOptional() @IsOptional() @IsString()
  cycleTypeId?: string;
}

export class WarningCountQuery {
  @ApiPropertyOptional({ enum: ['personal'] }) @IsOptional() @IsIn(['personal'])
  queryType?: 'personal';

  @ApiPropertyOptional({ description: 'comma-joined department ids' }) @IsOptional() @IsString() @MaxLength(4000)
  departmentCondition?: string;
}
