import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The upload's guid (8–64 letters, digits, _ or -); the rules live in domain/file-rules.ts. */
export class GuidQuery {
  @ApiProperty({ description: 'the upload id the browser chose (8–64 of A-Z a-z 0-9 _ -)' })
  @IsString({ message: 'guid 不正确（8 到 64 个字母、数字、_ 或 -）' }) @MaxLength(64, { message: 'guid 不正确（8 到 64 个字母、数字、_ 或 -）' })
  guid!: string;
}

/** Form fields that go with a chunk (multipart); for the OpenAPI document. */
export class ChunkForm {
  @ApiProperty({ type: 'string', format: 'binary', description: 'the chunk, at most 614400 bytes' })
  file!: unknown;

  @ApiProperty() guid!: string;

  @ApiProperty({ description: '0-based index of this chunk' }) chunk!: number;

  @ApiProperty({ description: 'how many chunks the file has' }) chunks!: number;
}

/** 001 §7 item 7: guid, fileName, fName, lxId, lxmc, bz, yxqx; sha256 and size let the server check the result. */
export class MergeQuery extends GuidQuery {
  @ApiProperty({ description: 'the file\'s name with its extension (gif, jpg, jpeg, png, txt, doc, docx, wps, ppt, pptx, xls, xlsx, pdf, rar, zip)' })
  @IsString({ message: '请先选取文件!' }) @MaxLength(1000, { message: '文件名不能超过100个字符' })
  fileName!: string;

  @ApiPropertyOptional({ description: 'the name to show, if other than fileName (the extension is kept)' })
  @IsOptional() @IsString() @MaxLength(1000, { message: '文件名不能超过100个字符' })
  fName?: string;

  @ApiPropertyOptional({ description: 'file type id (GET /api/user/fileTypes); default 内部支撑文件' })
  @IsOptional() @IsString() @MaxLength(64)
  lxId?: string;

  @ApiPropertyOptional({ description: 'file type name (the server stores the name of lxId)' })
  @IsOptional() @IsString() @MaxLength(60)
  lxmc?: string;

  @ApiPropertyOptional({ description: 'remark, at most 500 characters' })
  @IsOptional() @IsString() @MaxLength(2000, { message: '备注不能超过500个字符' })
  bz?: string;

  @ApiPropertyOptional({ description: 'validity (a date or a text), at most 40 characters' })
  @IsOptional() @IsString() @MaxLength(200, { message: '有效期不能超过40个字符' })
  yxqx?: string;

  @ApiPropertyOptional({ description: 'SHA-256 of the whole file (hex): the merge fails if the result differs' })
  @IsOptional() @IsString() @MaxLength(64, { message: 'sha256 应为 64 位十六进制' })
  sha256?: string;

  @ApiPropertyOptional({ description: 'size of the whole file in bytes: the merge fails if the result differs' })
  @IsOptional() @IsString() @MaxLength(16, { message: 'size 应为文件的字节数' })
  size?: string;
}
