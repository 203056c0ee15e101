import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { QUALITY_VALUE_MAX, type AuditInput, type DiagnosisTaskQuery, type ObjTaskInput } from '@zhengai/contracts';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../shared/pagination.js';

export class TaskQuery extends PageQuery implements DiagnosisTaskQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() libraryId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() cycleValue?: string;
}

export class ObjTaskQuery {
  @ApiProperty({ description: 'the object task (gzdxid / dxrwid)' }) @IsNotEmpty({ message: '缺少诊断任务' }) @IsString()
  objTaskId!: string;
}

export class RowQuery extends ObjTaskQuery {
  @ApiProperty({ description: "the point: the row's zkdid (its code, unique in the task's library); a point id is read too" }) @IsNotEmpty({ message: '缺少质控点' }) @IsString()
  zkdid!: string;
}

/**
 * The edited row of "set disqualified update" (spec 001 §7 item 1). yyfx and gjcs are checked by the service
 * (此项必填, 最多只能输入500个字符) so the rule lives in one place; here only their shape.
 */
export class DisqualifiedUpdateDto {
  @ApiProperty({ description: 'quality point id (the row id)' }) @IsNotEmpty({ message: '缺少质控点' }) @IsString()
  id!: string;

  @ApiProperty({ description: 'object task id' }) @IsNotEmpty({ message: '缺少诊断任务' }) @IsString()
  gzdxid!: string;

  @ApiProperty({ description: 'cause analysis, required, at most 500 characters' }) @IsOptional()
  yyfx?: unknown;

  @ApiProperty({ description: 'improvement measure, required, at most 500 characters' }) @IsOptional()
  gjcs?: unknown;

  @ApiPropertyOptional({ description: 'result; typed over a sampled point it wins, empty lets the latest sample be the result again' }) @IsOptional() @IsString() @MaxLength(QUALITY_VALUE_MAX)
  jgz?: string | null;

  @ApiPropertyOptional({ description: 'revised target, where the point allows it (fsjzxz)' }) @IsOptional() @IsString() @MaxLength(QUALITY_VALUE_MAX)
  xzmbz?: string | null;

  @ApiPropertyOptional({ description: 'revised result, where the point allows it (fsjzxz)' }) @IsOptional() @IsString() @MaxLength(QUALITY_VALUE_MAX)
  xzjgz?: string | null;
}

export class AuditDto extends ObjTaskQuery implements AuditInput {
  @ApiPropertyOptional({ description: 'opinion; required to refuse; at most 500 characters' }) @IsOptional() @IsString()
  comment?: string;
}

/** obj/updateDownList, obj/updateUpList and their async variants: the object's task in the body. */
export class ObjTaskDto extends ObjTaskQuery implements ObjTaskInput {}

export class ListJobQuery {
  @ApiProperty({ description: 'the jobId that obj/updateDownListAsync or obj/updateUpListAsync answered' }) @IsNotEmpty({ message: '缺少任务编号' }) @IsString() @MaxLength(100)
  jobId!: string;
}
