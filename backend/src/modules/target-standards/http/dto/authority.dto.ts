import { ApiProperty } from '@nestjs/swagger';
import { ACCESS_TYPES, SUBJECT_TYPES, type GrantInput } from '@zhengai/contracts';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LibraryRefQuery } from './catalog.dto.js';

const TYPES = ACCESS_TYPES;
const SUBJECTS = SUBJECT_TYPES;

export class AuthorityAddDto extends LibraryRefQuery implements GrantInput {
  @ApiProperty({ enum: SUBJECTS }) @IsIn(SUBJECTS, { message: 'subjectType 只能是 role 或 user' })
  subjectType!: (typeof SUBJECTS)[number];

  @ApiProperty({ description: 'role id (r-leader …) or user id' }) @IsNotEmpty({ message: '请选择角色或用户' }) @IsString() @MaxLength(64)
  subjectId!: string;

  @ApiProperty({ enum: TYPES }) @IsIn(TYPES, { message: 'authorityType 只能是 write 或 read' })
  authorityType!: (typeof TYPES)[number];
}

export class AuthorityUpdateDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少权限' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiProperty({ enum: TYPES }) @IsIn(TYPES, { message: 'authorityType 只能是 write 或 read' })
  authorityType!: (typeof TYPES)[number];
}

export class AuthorityIdDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少权限' }) @IsString() @MaxLength(64)
  id!: string;
}
