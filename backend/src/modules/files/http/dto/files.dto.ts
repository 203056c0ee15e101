import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FileChange, FileShare } from '@zhengai/contracts';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQuery } from '../../../../shared/pagination.js';
import { ID_MESSAGE, ID_PATTERN } from './ids.js';

export class FileListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'part of the file name' })
  @IsOptional() @IsString() @MaxLength(100, { message: '文件名不能超过100个字符' })
  fileName?: string;
}

export class FileIdDto {
  @ApiProperty()
  @IsString({ message: ID_MESSAGE }) @Matches(ID_PATTERN, { message: ID_MESSAGE })
  fileId!: string;
}

export class UpdateFileDto extends FileIdDto implements FileChange {
  @ApiPropertyOptional({ description: 'new name; the extension is kept' })
  @IsOptional() @IsString() @MaxLength(1000, { message: '文件名不能超过100个字符' })
  fileName?: string;

  @ApiPropertyOptional({ description: 'file type id; empty clears it' })
  @IsOptional() @IsString() @MaxLength(64)
  lxId?: string;

  @ApiPropertyOptional({ description: 'remark, at most 500 characters' })
  @IsOptional() @IsString() @MaxLength(500, { message: '备注不能超过500个字符' })
  bz?: string;

  @ApiPropertyOptional({ description: 'validity (a date or a text), at most 40 characters' })
  @IsOptional() @IsString() @MaxLength(40, { message: '有效期不能超过40个字符' })
  yxqx?: string;
}

export class ShareFileDto extends FileIdDto implements FileShare {
  @ApiProperty({ type: [String], description: 'the people it is shared with from now on (replaces the list)' })
  @IsArray({ message: 'userIds 应为用户编号列表' }) @ArrayMaxSize(1000, { message: '一次最多共享给1000人' })
  @IsString({ each: true, message: ID_MESSAGE }) @Matches(ID_PATTERN, { each: true, message: ID_MESSAGE })
  userIds!: string[];
}

export class AttachmentIdQuery {
  @ApiProperty({ description: 'the file id (doc_file): attachments, the logo and evidence files all use it' })
  @IsString({ message: ID_MESSAGE }) @Matches(ID_PATTERN, { message: ID_MESSAGE })
  attachmentId!: string;
}

export class MultiDownloadQuery {
  @ApiProperty({ description: 'file ids, comma-separated, at most 500' })
  @IsString({ message: '请选择要下载的文件' }) @MaxLength(500 * 65, { message: '一次最多下载500个文件' })
  ids!: string;

  @ApiPropertyOptional({ description: 'the quality point\'s name: the zip is named {name}支撑附件.zip' })
  @IsOptional() @IsString() @MaxLength(200)
  name?: string;
}
