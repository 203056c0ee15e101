import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUMMARY_TYPES, type SummaryType, type TaskSummaryQuery } from '@zhengai/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export class TaskSummaryQueryDto implements TaskSummaryQuery {
  @ApiProperty({ enum: SUMMARY_TYPES }) @IsIn(SUMMARY_TYPES, { message: '汇总类型不正确' })
  type!: SummaryType;

  @ApiPropertyOptional({ description: 'task year (yyyy); also the overdue trend\'s year (default: this year)' }) @IsOptional() @IsString() @MaxLength(4, { message: '年份须为四位年份' })
  year?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64)
  yearTargetId?: string;

  @ApiPropertyOptional({ description: 'departmentSummaryAnalysis: default the person\'s first charge department' }) @IsOptional() @IsString() @MaxLength(64)
  chargeDepartId?: string;
}
