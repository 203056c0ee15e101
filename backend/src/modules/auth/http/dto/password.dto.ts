import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The rules and their messages live in domain/password-rules.ts; here only the shape. */
export class ChangePasswordDto {
  @ApiProperty() @IsOptional() @IsString({ message: '请输入旧密码！' }) @MaxLength(200, { message: '修改密码失败!' })
  oldPassword?: string;

  @ApiProperty() @IsOptional() @IsString({ message: '请输入新密码！' }) @MaxLength(200, { message: '密码过长' })
  newPassword?: string;

  @ApiPropertyOptional({ description: 'checked when sent' }) @IsOptional() @IsString({ message: '请输入确认新密码！' })
  confirmPassword?: string;
}
