import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COMPONENT_TYPES, DATA_SOURCE_AGGREGATES, FORM_TYPES, PUBLISH_STATES } from '@zhengai/contracts';
import { IsOptional } from 'class-validator';
import { z } from 'zod';

// Declarations for the validation pipe and the OpenAPI document; the contract's zod schemas check them (shared/http/zod-parsed.ts).

export const IdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const FormVersionQuerySchema = z.object({ id: z.string().trim().min(1).max(64), version: z.coerce.number().int().min(1).max(1_000_000) });

/** One id DTO for the module (the OpenAPI document names DTOs by class name). */
export { IdDto } from './fill-side.dto.js';

export class DirectoryAddDto {
  @ApiProperty({ description: 'at most 60 characters' }) @IsOptional() name?: unknown;
  @ApiPropertyOptional({ description: 'absent or null: a top directory' }) @IsOptional() parentId?: unknown;
  @ApiPropertyOptional({ type: Number }) @IsOptional() sort?: unknown;
}

export class DirectoryUpdateDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiProperty({ description: 'at most 60 characters' }) @IsOptional() name?: unknown;
  @ApiPropertyOptional({ type: Number }) @IsOptional() sort?: unknown;
}

export class FormListDto {
  @ApiPropertyOptional({ default: 1 }) @IsOptional() pageNum?: unknown;
  @ApiPropertyOptional({ default: 10 }) @IsOptional() pageSize?: unknown;
  @ApiPropertyOptional({ description: 'its subdirectories included' }) @IsOptional() directoryId?: unknown;
  @ApiPropertyOptional({ description: 'name contains' }) @IsOptional() name?: unknown;
  @ApiPropertyOptional({ enum: PUBLISH_STATES }) @IsOptional() publishState?: unknown;
}

export class FormVersionDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiProperty({ type: Number }) @IsOptional() version?: unknown;
}

export class DataSourceSqlDto {
  @ApiProperty() @IsOptional() formId?: unknown;
  @ApiProperty({ description: 'a field key (any version of the form)' }) @IsOptional() field?: unknown;
  @ApiProperty({ enum: DATA_SOURCE_AGGREGATES }) @IsOptional() aggregate?: unknown;
  @ApiPropertyOptional({ type: Boolean, description: 'only the sampled cycle (:zq)' }) @IsOptional() byCycle?: unknown;
  @ApiPropertyOptional({ type: Boolean, description: 'only the sampled object (:dxmc, the department name)' }) @IsOptional() byDepartment?: unknown;
}

export class FormAddDto {
  @ApiProperty() @IsOptional() directoryId?: unknown;
  @ApiProperty({ description: 'at most 60 characters' }) @IsOptional() name?: unknown;
  @ApiProperty({ description: 'the data-centre table sjzx.<code>: lower-case letters, digits, underscores, a letter first, 2–40' }) @IsOptional() code?: unknown;
  @ApiProperty({ enum: FORM_TYPES }) @IsOptional() formType?: unknown;
  @ApiPropertyOptional({ description: 'at most 200 characters' }) @IsOptional() description?: unknown;
}

/** A field as the designer sends it (the contract's FormField). */
class FormFieldDoc {
  @ApiProperty() key!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ enum: COMPONENT_TYPES }) component!: string;
  @ApiProperty({ description: '{ require, unique, custom: { pattern, message } | null }' }) validations!: object;
  @ApiProperty({ type: Number, nullable: true }) maxLength!: number | null;
  @ApiProperty({ type: String, nullable: true }) constantTypeId!: string | null;
  @ApiProperty({ type: String, nullable: true }) placeholder!: string | null;
  @ApiProperty({ type: Number, nullable: true }) width!: number | null;
}

export class FormUpdateDto extends FormAddDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiProperty({ type: [FormFieldDoc], description: 'the whole design, at most 60 fields' }) @IsOptional() fields?: unknown;
  @ApiProperty({ type: [String], description: 'fixed forms: the row labels' }) @IsOptional() fixedRows?: unknown;
}
