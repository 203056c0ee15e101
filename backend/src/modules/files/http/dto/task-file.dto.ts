import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { AttachItemDto } from './attachment.dto.js';
import { ID_MESSAGE, ID_PATTERN } from './ids.js';

export class TaskFileListQuery {
  @ApiProperty({ description: 'the target task id' })
  @IsString({ message: '缺少目标任务' }) @Matches(ID_PATTERN, { message: '缺少目标任务' })
  taskId!: string;
}

export class TaskFileAddDto {
  @ApiProperty({ description: 'the target task id' })
  @IsString({ message: '缺少目标任务' }) @Matches(ID_PATTERN, { message: '缺少目标任务' })
  taskId!: string;

  @ApiProperty({ type: [AttachItemDto], description: 'merged files of the person: [{ fileId, fileName, fileType }]' })
  @IsArray({ message: '请先选取文件!' }) @ArrayMaxSize(500, { message: '一次最多导入500个文件' }) @ValidateNested({ each: true }) @Type(() => AttachItemDto)
  files!: AttachItemDto[];

  @ApiPropertyOptional({ enum: ['task'], description: "the stage of a task's own files (the only one this route takes)" })
  @IsOptional() @IsIn(['task'], { message: 'stage 只能是 task' })
  stage?: 'task';
}

export class TaskFileUpdateDto {
  @ApiProperty({ description: 'the attachment id (a targetTask/file/list item id)' })
  @IsString({ message: ID_MESSAGE }) @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id!: string;

  @ApiPropertyOptional({ description: 'the name shown for this task file (the extension is kept)' })
  @IsOptional() @IsString() @MaxLength(200)
  fileName?: string;

  @ApiPropertyOptional({ description: 'the file type (file_type id; empty clears it)' })
  @IsOptional() @IsString() @MaxLength(64)
  lxId?: string | null;
}

export class TaskFileIdDto {
  @ApiProperty({ description: 'the attachment id (a targetTask/file/list item id)' })
  @IsString({ message: ID_MESSAGE }) @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id!: string;
}
