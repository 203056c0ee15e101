import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { z } from 'zod';

// Declarations for the validation pipe and the OpenAPI document; the contract's zod schemas check them (shared/http/zod-parsed.ts).

export const TypeIdSchema = z.object({ typeId: z.string().trim().min(1).max(64) });

export class ConstantTypeAddDto {
  @ApiProperty({ description: 'unique, at most 40 characters' }) @IsOptional() code?: unknown;
  @ApiProperty({ description: 'at most 60 characters' }) @IsOptional() name?: unknown;
  @ApiPropertyOptional({ description: 'at most 200 characters' }) @IsOptional() description?: unknown;
}

export class ConstantTypeUpdateDto extends ConstantTypeAddDto {
  @ApiProperty() @IsOptional() id?: unknown;
}

export class TypeIdDto {
  @ApiProperty() @IsOptional() typeId?: unknown;
}

export class ConstantAddDto {
  @ApiProperty() @IsOptional() typeId?: unknown;
  @ApiProperty({ description: 'the stored code, unique in its type, at most 60 characters' }) @IsOptional() value?: unknown;
  @ApiProperty({ description: 'what the filler sees and the data keeps, at most 60 characters' }) @IsOptional() text?: unknown;
  @ApiPropertyOptional({ type: Number, description: 'absent: after the last' }) @IsOptional() sort?: unknown;
}

export class ConstantUpdateDto extends ConstantAddDto {
  @ApiProperty() @IsOptional() id?: unknown;
}
