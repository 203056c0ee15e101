import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REPORT_LEVELS, REPORT_STATES, REVIEW_RESULTS } from '@zhengai/contracts';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export { parsed } from '../../../../shared/http/zod-parsed.js';

export class ReportIdDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少报告' }) @IsString() @MaxLength(64)
  id!: string;
}

export class ReportListDto {
  @ApiPropertyOptional({ default: 1 }) @IsOptional() current?: unknown;
  @ApiPropertyOptional({ default: 10 }) @IsOptional() size?: unknown;
  @ApiPropertyOptional() @IsOptional() cycle?: unknown;
  @ApiPropertyOptional({ enum: REPORT_LEVELS }) @IsOptional() cjlx?: unknown;
  @ApiPropertyOptional({ enum: REPORT_STATES }) @IsOptional() state?: unknown;
  @ApiPropertyOptional({ description: 'report name contains' }) @IsOptional() name?: unknown;
}

export class ReportCycleDto {
  @ApiPropertyOptional({ description: 'the newest cycle when absent' }) @IsOptional() @IsString() @MaxLength(40)
  cycle?: string;
}

export class ReportNameDto {
  @ApiPropertyOptional({ description: 'name contains' }) @IsOptional() @IsString() @MaxLength(60)
  name?: string;
}

export class ReportReviewDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiProperty({ enum: REVIEW_RESULTS }) @IsOptional() fhjg?: unknown;
  @ApiProperty({ description: 'at most 500 characters' }) @IsOptional() opinion?: unknown;
}

export class ReportRejectDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiProperty({ description: 'at most 500 characters' }) @IsOptional() reason?: unknown;
}

export class ReportDiscussDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiProperty({ description: 'at most 500 characters' }) @IsOptional() content?: unknown;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() mentionIds?: unknown;
}

export class ReportShareDto {
  @ApiProperty() @IsOptional() id?: unknown;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() userIds?: unknown;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() departmentIds?: unknown;
}

export class ReportUnshareDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少报告' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiProperty({ enum: ['user', 'department'] }) @IsIn(['user', 'department'], { message: '共享对象类型不正确' })
  targetType!: 'user' | 'department';

  @ApiProperty() @IsNotEmpty({ message: '缺少共享对象' }) @IsString() @MaxLength(64)
  targetId!: string;
}

export class ReportStampDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少报告' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiProperty({ enum: ['expert', 'school'] }) @IsIn(['expert', 'school'], { message: '印章类型不正确' })
  kind!: 'expert' | 'school';
}

export class ReportGenerateDto {
  @ApiProperty({ description: 'at most 100 characters' }) @IsOptional() reportName?: unknown;
  @ApiProperty() @IsOptional() cycle?: unknown;
  @ApiProperty({ description: '[{ cjlx, cjdmid }], 1–20' }) @IsOptional() scopes?: unknown;
  @ApiPropertyOptional({ description: 'the default template when absent' }) @IsOptional() templateId?: unknown;
  @ApiPropertyOptional({ description: 'the default cover when absent' }) @IsOptional() coverId?: unknown;
  @ApiPropertyOptional({ description: "the author's name when absent" }) @IsOptional() principal?: unknown;
}

export class ReportTaskDto {
  @ApiProperty({ description: 'report-<reportId>-<n>, as report/generate or report/rebuild answered' }) @IsNotEmpty({ message: '缺少任务编号' }) @IsString() @MaxLength(100)
  taskId!: string;
}

export class ReportTemplateDto {
  @ApiPropertyOptional({ description: 'update only' }) @IsOptional() id?: unknown;
  @ApiProperty({ description: 'at most 60 characters' }) @IsOptional() name?: unknown;
  @ApiProperty({ description: 'the three sections [{ id 1–3, isChecked, name, text }]' }) @IsOptional() items?: unknown;
  @ApiProperty() @IsOptional() preface?: unknown;
  @ApiProperty() @IsOptional() closing?: unknown;
}

export class ReportCoverUpdateDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少报告封面' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiProperty({ description: 'at most 60 characters' }) @IsOptional() name?: unknown;
  @ApiProperty({ description: 'CoverLayout (object or its JSON text)' }) @IsOptional() layout?: unknown;
}
