import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PointCopyInput, SyncInput, TargetCopyInput, TargetInput, TargetQuery } from '@zhengai/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../shared/pagination.js';
import { LIST_MODES, TARGET_LEVELS, type ListMode } from '../../domain/library-rules.js';

export class LibraryListQuery extends PageQuery implements TargetQuery {
  @ApiPropertyOptional({ enum: LIST_MODES, default: 'normal', description: 'normal: live libraries the person may read; parent: those with children; child: children of parentId; recycle: the person\'s deleted ones (administrators: all)' })
  @IsOptional() @IsIn(LIST_MODES, { message: 'mode 只能是 normal、parent、child 或 recycle' })
  mode?: ListMode;

  @ApiPropertyOptional({ description: 'the parent library (required with mode child)' }) @IsOptional() @IsString() @MaxLength(64)
  parentId?: string;

  @ApiPropertyOptional({ enum: TARGET_LEVELS }) @IsOptional() @IsString() @MaxLength(20)
  targetLevelId?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40)
  cycleValue?: string;

  @ApiPropertyOptional({ description: 'name contains' }) @IsOptional() @IsString() @MaxLength(200)
  name?: string;
}

export class LibraryIdQuery {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标标准' }) @IsString() @MaxLength(64)
  id!: string;
}

export class LibraryIdDto extends LibraryIdQuery {}

/** Presence and limits of the values are checked by the service (one place for the rules and their messages). */
export class LibraryAddDto implements Partial<TargetInput> {
  @ApiProperty({ description: 'required, at most 200 characters' }) @IsOptional() @IsString({ message: '名称必须是文本' })
  name?: string;

  @ApiProperty({ description: 'the cycle, e.g. 2026' }) @IsOptional() @IsString({ message: '周期必须是文本' })
  cycleValue?: string;

  @ApiPropertyOptional({ description: 'cycle type id (c-year …)' }) @IsOptional() @IsString()
  cycleTypeId?: string | null;

  @ApiProperty({ enum: TARGET_LEVELS }) @IsOptional() @IsString()
  targetLevelId?: string;

  @ApiPropertyOptional({ description: 'dimension id (dim-zlsc …)' }) @IsOptional() @IsString()
  dimensionId?: string | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 10, default: 3, description: 'how many indicator levels' }) @IsOptional() @Type(() => Number) @IsInt({ message: '指标层级只能是1到10' })
  treeLevel?: number;

  @ApiPropertyOptional({ description: 'the parent library this one inherits from (null: none)' }) @IsOptional() @IsString()
  parentId?: string | null;
}

export class LibraryUpdateDto extends LibraryAddDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标标准' }) @IsString() @MaxLength(64)
  id!: string;
}

export class CopyDto extends LibraryIdQuery implements Partial<TargetCopyInput> {
  @ApiProperty({ description: 'the copy\'s name, at most 200 characters' }) @IsOptional() @IsString({ message: '名称必须是文本' })
  name?: string;

  @ApiPropertyOptional({ description: 'the copy\'s cycle (default: the source\'s)' }) @IsOptional() @IsString()
  cycleValue?: string | null;
}

export class SyncDto implements SyncInput {
  @ApiProperty({ description: 'the parent library' }) @IsNotEmpty({ message: '缺少上级目标标准' }) @IsString() @MaxLength(64)
  parentId!: string;

  @ApiPropertyOptional({ description: 'only this child ("inherit from parent" on a child card)' }) @IsOptional() @IsString() @MaxLength(64)
  childId?: string | null;
}

export class TaskQuery {
  @ApiProperty({ description: 'the taskId that copy or sync answered' }) @IsNotEmpty({ message: '缺少任务编号' }) @IsString() @MaxLength(300)
  taskId!: string;
}

/** quality/copy: which points of which library go under which indicator. */
export class PointCopyDto implements PointCopyInput {
  @ApiProperty({ description: 'the library the points come from' }) @IsNotEmpty({ message: '请选择来源目标标准' }) @IsString() @MaxLength(64)
  sourceLibraryId!: string;

  @ApiProperty({ type: [String], description: 'points of the source library, 1 to 1000' })
  @IsArray({ message: '请选择质控点' }) @ArrayNotEmpty({ message: '请选择质控点' }) @ArrayMaxSize(1000, { message: '一次最多复制1000个质控点' })
  @IsString({ each: true, message: '质控点编号不正确' }) @MaxLength(64, { each: true, message: '质控点编号不正确' })
  pointIds!: string[];

  @ApiProperty({ description: 'the indicator of the target library the copies go under' }) @IsNotEmpty({ message: '请选择目标指标' }) @IsString() @MaxLength(64)
  indicatorId!: string;
}
