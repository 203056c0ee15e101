import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';

/** Profile fields; their formats and messages live in domain/profile-rules.ts. */
export class UpdateProfileDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: '邮箱格式不正确！' }) @MaxLength(100, { message: '邮箱格式不正确！' })
  email?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsString({ message: '联系电话格式不正确！' }) @MaxLength(30, { message: '联系电话格式不正确！' })
  phone?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'QQ格式不正确！' }) @MaxLength(20, { message: 'QQ格式不正确！' })
  qq?: string | null;

  @ApiPropertyOptional({ enum: [1, 2], description: '1 male, 2 female' })
  @IsOptional() @Transform(({ value }) => (value === '' || value === null || value === undefined ? undefined : Number(value))) @IsIn([1, 2], { message: '性别只能是男或女' })
  sex?: number;
}

export class ChangeAvatarDto {
  @ApiPropertyOptional({ description: 'data:image/...;base64,... (gif, jpg, jpeg, png, bmp, webp; at most 200 KB)' })
  @IsOptional() @IsString() @MaxLength(300_000, { message: '头像不能超过200KB' })
  displayPhoto?: string;

  @ApiPropertyOptional({ description: 'true: back to the default avatar' })
  @IsOptional() @Transform(({ value }) => value === true || value === 'true') @IsBoolean()
  isUseDefaultAvatar?: boolean;
}
