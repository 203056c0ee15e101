import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FILL_STATES, PUBLISH_STATES } from '@zhengai/contracts';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class IdDto {
  @ApiProperty() @IsNotEmpty() @IsString() @MaxLength(64)
  id!: string;
}

export class TaskIdDto {
  @ApiProperty() @IsNotEmpty() @IsString() @MaxLength(64)
  taskId!: string;
}

export class FormIdDto {
  @ApiProperty() @IsNotEmpty() @IsString() @MaxLength(64)
  formId!: string;
}

export class FillTaskIdDto {
  @ApiProperty() @IsNotEmpty() @IsString() @MaxLength(64)
  fillTaskId!: string;
}

export class CollectionTaskQueryDto {
  @ApiPropertyOptional({ default: 1 }) @IsOptional() pageNum?: unknown;
  @ApiPropertyOptional({ default: 10 }) @IsOptional() pageSize?: unknown;
  @ApiPropertyOptional() @IsOptional() name?: unknown;
  @ApiPropertyOptional() @IsOptional() cycle?: unknown;
  @ApiPropertyOptional({ enum: PUBLISH_STATES }) @IsOptional() publishState?: unknown;
}

export class CollectionTaskInputDto {
  @ApiPropertyOptional() @IsOptional() id?: unknown;
  @ApiProperty() @IsOptional() name?: unknown;
  @ApiProperty({ description: 'yyyy' }) @IsOptional() cycle?: unknown;
  @ApiProperty({ description: 'yyyy-MM-dd' }) @IsOptional() deadline?: unknown;
  @ApiPropertyOptional() @IsOptional() description?: unknown;
  @ApiProperty({ type: [String] }) @IsOptional() formIds?: unknown;
}

export class AllocationInputDto {
  @ApiProperty() @IsOptional() taskId?: unknown;
  @ApiProperty() @IsOptional() formId?: unknown;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() departmentIds?: unknown;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() userIds?: unknown;
  @ApiProperty() @IsOptional() auditorId?: unknown;
}

export class FillTaskQueryDto {
  @ApiPropertyOptional({ default: 1 }) @IsOptional() pageNum?: unknown;
  @ApiPropertyOptional({ default: 10 }) @IsOptional() pageSize?: unknown;
  @ApiPropertyOptional({ enum: FILL_STATES }) @IsOptional() state?: unknown;
  @ApiPropertyOptional() @IsOptional() taskId?: unknown;
  @ApiPropertyOptional({ description: 'task or form name contains' }) @IsOptional() name?: unknown;
}

export class CommitInputDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiPropertyOptional({ description: 'rows to save first (RowInput[])' }) @IsOptional() rows?: unknown;
}

export class RollbackInputDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiProperty() @IsOptional() reason?: unknown;
}

export class RowsInputDto {
  @ApiProperty() @IsOptional() fillTaskId?: unknown;
  @ApiProperty({ description: 'RowInput[]: the fill\'s rows after the save' }) @IsOptional() rows?: unknown;
}

export class DataQueryDto {
  @ApiPropertyOptional({ default: 1 }) @IsOptional() pageNum?: unknown;
  @ApiPropertyOptional({ default: 10 }) @IsOptional() pageSize?: unknown;
  @ApiPropertyOptional() @IsOptional() fillTaskId?: unknown;
  @ApiPropertyOptional() @IsOptional() taskId?: unknown;
  @ApiPropertyOptional() @IsOptional() formId?: unknown;
  @ApiPropertyOptional() @IsOptional() departmentId?: unknown;
  @ApiPropertyOptional() @IsOptional() keyword?: unknown;
  @ApiPropertyOptional() @IsOptional() finishedOnly?: unknown;
}

export class UniqueCheckInputDto {
  @ApiProperty() @IsOptional() fillTaskId?: unknown;
  @ApiProperty() @IsOptional() field?: unknown;
  @ApiProperty({ type: [String] }) @IsOptional() values?: unknown;
}

export class ImportQueryDto {
  @ApiPropertyOptional({ description: 'or as a multipart field' }) @IsOptional() @IsString() @MaxLength(64)
  fillTaskId?: string;
}
