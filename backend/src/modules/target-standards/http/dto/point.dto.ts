import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { COLLECT_METHODS, DISPLAY_MODES, SAMPLING_PERIODS, VALUE_TYPES, type DatasourceInput } from '@zhengai/contracts';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { LibraryRefQuery } from './catalog.dto.js';

/** Values may arrive as numbers (90) from JSON; they are kept as the text people typed. */
const asText = () => Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value));

export class DefinitionsQuery extends LibraryRefQuery {
  @ApiPropertyOptional({ description: 'only the points of this indicator and those below it' }) @IsOptional() @IsString() @MaxLength(64)
  indicatorId?: string;
}

export class TemplateQuery {
  @ApiPropertyOptional({ description: 'the library whose tree level sets the level columns (3 without)' }) @IsOptional() @IsString() @MaxLength(64)
  libraryId?: string;
}

export class DatasourceDto implements DatasourceInput {
  @ApiPropertyOptional({ description: 'data type (value type; default the point\'s zlx)' }) @IsOptional() @IsString()
  sjlx?: string;

  @ApiPropertyOptional({ description: 'calculation rule, at most 1000 characters' }) @IsOptional() @IsString()
  jsgz?: string | null;

  @ApiPropertyOptional({ enum: COLLECT_METHODS, default: 'report' }) @IsOptional() @IsString()
  cjfs?: string;

  @ApiPropertyOptional({ enum: DISPLAY_MODES, default: 'table' }) @IsOptional() @IsString()
  xsfs?: string;

  @ApiPropertyOptional({ description: 'sql: { sql }; interface: { url, valuePath, rowsPath?, timeoutMs? }; algorithm: { algorithmId, version }' })
  @IsOptional() @IsObject({ message: '数据源配置不正确' })
  config?: Record<string, unknown> | null;
}

/** Shapes only; the rules (lengths, values against zlx, calRule, codes) live in domain/point-definition.ts. */
export class PointFieldsDto {
  @ApiPropertyOptional({ description: 'code, unique in the library; generated (XX-001 …) when empty' }) @IsOptional() @asText() @IsString()
  zkdid?: string | null;

  @ApiProperty({ description: 'name, required, at most 200' }) @IsOptional() @IsString({ message: '质控点名称必须是文本' })
  zkdmc?: string;

  @ApiPropertyOptional({ description: 'connotation, at most 1000' }) @IsOptional() @IsString()
  nh?: string | null;

  @ApiPropertyOptional({ description: 'diagnostic standard, at most 1000' }) @IsOptional() @IsString()
  zdbz?: string | null;

  @ApiPropertyOptional({ description: 'standard value, checked against zlx' }) @IsOptional() @asText() @IsString()
  bzz?: string | null;

  @ApiPropertyOptional({ description: 'target value, checked against zlx' }) @IsOptional() @asText() @IsString()
  mbz?: string | null;

  @ApiProperty({ enum: VALUE_TYPES }) @IsOptional() @IsString()
  zlx?: string;

  @ApiPropertyOptional({ enum: [0, 1] }) @IsOptional() @IsInt()
  fsdl?: number;

  @ApiPropertyOptional({ enum: [0, 1], description: 'revised values allowed' }) @IsOptional() @IsInt()
  fsjzxz?: number;

  @ApiPropertyOptional() @IsOptional() @asText() @IsString()
  ration?: string | null;

  @ApiPropertyOptional({ description: '{ direction: higher|lower, b, c } with 0 < c ≤ b ≤ 1' }) @IsOptional() @IsObject({ message: '计分规则不正确' })
  calRule?: Record<string, unknown> | null;

  @ApiPropertyOptional({ enum: SAMPLING_PERIODS }) @IsOptional() @IsString()
  samplingPeriod?: string;

  @ApiPropertyOptional({ description: '{ yjlx: value|level, tj: < <= = >= >, yjz, yjzq: year|month|week|day|none }; null for none' })
  @IsOptional() @IsObject({ message: '预警规则不正确' })
  warningRule?: Record<string, unknown> | null;

  @ApiPropertyOptional() @IsOptional() @IsInt()
  sortOrder?: number;

  @ApiPropertyOptional({ type: [DatasourceDto], description: 'replaced as a whole when sent' }) @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => DatasourceDto)
  datasources?: DatasourceDto[];
}

export class PointAddDto extends PointFieldsDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标标准' }) @IsString() @MaxLength(64)
  libraryId!: string;

  @ApiProperty({ description: 'the indicator the point hangs on' }) @IsNotEmpty({ message: '请选择所属指标' }) @IsString() @MaxLength(64)
  indicatorId!: string;
}

export class PointUpdateDto extends PointFieldsDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少质控点' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiPropertyOptional({ description: 'move to this indicator of the same library' }) @IsOptional() @IsString() @MaxLength(64)
  indicatorId?: string;
}

export class PointIdDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少质控点' }) @IsString() @MaxLength(64)
  id!: string;
}
