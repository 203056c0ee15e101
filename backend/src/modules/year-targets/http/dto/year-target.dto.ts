import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { YEAR_TARGET_LIMITS, type YearTargetInput, type YearTargetQuery } from '@zhengai/contracts';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../shared/pagination.js';

export class YearTargetListQuery extends PageQuery implements YearTargetQuery {
  @ApiPropertyOptional({ description: 'name contains' }) @IsOptional() @IsString() @MaxLength(YEAR_TARGET_LIMITS.name)
  name?: string;

  @ApiPropertyOptional({ description: 'yyyy' }) @IsOptional() @IsString() @MaxLength(4, { message: '年度须为四位年份' })
  cycleYear?: string;
}

/** Shapes only: presence, lengths and the year are checked by the domain (one place for the rules and their messages). */
export class YearTargetAddDto implements Partial<YearTargetInput> {
  @ApiProperty({ description: `required, at most ${YEAR_TARGET_LIMITS.name} characters; unique within its year` }) @IsOptional()
  name?: string;

  @ApiProperty({ description: 'yyyy, 2000–2100' }) @IsOptional()
  cycleYear?: string;

  @ApiProperty({ description: 'dimension id (dim-zlsc …)' }) @IsOptional()
  dimensionId?: string;

  @ApiPropertyOptional({ description: `at most ${YEAR_TARGET_LIMITS.description} characters` }) @IsOptional()
  description?: string | null;
}

export class YearTargetUpdateDto extends YearTargetAddDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少年度目标' }) @IsString() @MaxLength(64)
  id!: string;
}

export class YearTargetIdDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少年度目标' }) @IsString() @MaxLength(64)
  id!: string;
}

/** yearTarget/copy: the target and the year to copy it to (the next year when absent; checked by the domain). */
export class YearTargetCopyDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少年度目标' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiPropertyOptional({ description: 'yyyy, 2000–2100; the year after the source when absent' }) @IsOptional() @IsString() @MaxLength(4, { message: '年度须为四位年份' })
  cycleYear?: string;
}

export class YearTargetCopyTaskQuery {
  @ApiProperty({ description: 'ytcopy-<new target id>, as yearTarget/copy answered' }) @IsNotEmpty({ message: '缺少任务编号' }) @IsString() @MaxLength(100)
  taskId!: string;
}
