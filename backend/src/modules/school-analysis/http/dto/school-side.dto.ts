import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';

// Declarations for the validation pipe and the OpenAPI document; the contract's zod schemas check them (shared/http/zod-parsed.ts).

export class SchoolListQueryDto {
  @ApiPropertyOptional({ description: 'part of the name or code' }) @IsOptional() keyword?: unknown;
  @ApiPropertyOptional() @IsOptional() schoolProvince?: unknown;
  @ApiPropertyOptional({ description: 'comma-joined levels; empty: all; absent: the saved settings' }) @IsOptional() schoolLevel?: unknown;
  @ApiPropertyOptional({ description: 'comma-joined natures; empty: all; absent: the saved settings' }) @IsOptional() schoolNature?: unknown;
  @ApiPropertyOptional({ enum: ['school', 'major', 'any'] }) @IsOptional() doubleHigh?: unknown;
  @ApiPropertyOptional({ enum: ['true', 'false'], description: "'false' ignores the saved settings" }) @IsOptional() useSettings?: unknown;
}

export class SchoolScreenUpdateDto {
  @ApiPropertyOptional({ type: [String] }) @IsOptional() schoolLevel?: unknown;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() schoolNature?: unknown;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() schoolProvince?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'the selection, 2–10 known codes' }) @IsOptional() schoolCodes?: unknown;
}

export class SchoolHistoryInputDto {
  @ApiProperty({ type: [String], description: '2–10 known codes' }) @IsOptional() schoolCodes?: unknown;
}

export class RivalQueryDto {
  @ApiProperty({ type: [String], description: '2–10 known codes' }) @IsOptional() schoolCodes?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'indicator codes; absent: all' }) @IsOptional() indicators?: unknown;
  @ApiPropertyOptional({ type: Number, description: 'absent: the newest year' }) @IsOptional() year?: unknown;
}

export class AnalysisQueryDto {
  @ApiProperty({ description: 'indicator code' }) @IsOptional() indicator?: unknown;
  @ApiProperty({ description: 'comma-joined, 2–10 known codes' }) @IsOptional() schoolCodes?: unknown;
  @ApiPropertyOptional({ type: Number }) @IsOptional() startYear?: unknown;
  @ApiPropertyOptional({ type: Number, description: 'absent with a start: the start year' }) @IsOptional() endYear?: unknown;
  @ApiPropertyOptional({ type: Number }) @IsOptional() rankStart?: unknown;
  @ApiPropertyOptional({ type: Number }) @IsOptional() rankEnd?: unknown;
}

export class DoubleSchoolQueryDto {
  @ApiProperty({ description: 'comma-joined, exactly two codes' }) @IsOptional() schoolCodes?: unknown;
  @ApiPropertyOptional({ type: Number }) @IsOptional() year?: unknown;
}

export class IndicatorDataQueryDto {
  @ApiProperty({ type: Number }) @IsOptional() year?: unknown;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() indicators?: unknown;
  @ApiPropertyOptional({ description: 'a category or its display label' }) @IsOptional() category?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'absent: the person\'s selection' }) @IsOptional() schoolCodes?: unknown;
}

export class DoubleHighQueryDto {
  @ApiPropertyOptional({ type: Number }) @IsOptional() year?: unknown;
  @ApiPropertyOptional({ enum: ['school', 'major'] }) @IsOptional() kind?: unknown;
}

export class OwnSchoolInputDto {
  @ApiProperty() @IsOptional() schoolCode?: unknown;
}
