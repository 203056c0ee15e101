import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { LoginRequest } from '@zhengai/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class LoginDto implements LoginRequest {
  @ApiProperty({ description: 'login name (account)', example: 'admin' })
  @IsNotEmpty({ message: '请输入用户名！' }) @IsString({ message: '请输入用户名！' }) @MaxLength(60, { message: '用户名或密码错误' })
  userName!: string;

  @ApiProperty({ example: 'Admin2026' })
  @IsNotEmpty({ message: '请输入密码！' }) @IsString({ message: '请输入密码！' }) @MaxLength(200, { message: '用户名或密码错误' })
  password!: string;

  @ApiPropertyOptional({ description: 'keep the session cookie for 30 days' })
  @IsOptional() @Transform(({ value }) => value === true || value === 'true' || value === '1' || value === 1) @IsBoolean()
  remember?: boolean;
}
