import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SamplingQuery } from '@zhengai/contracts';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { PageQuery } from '../../../../shared/pagination.js';

export class WarningTaskQuery {
  @ApiProperty({ description: 'the object task (gzdxid / dxrwid)' }) @IsNotEmpty({ message: '缺少诊断任务' }) @IsString()
  objTaskId!: string;
}

export class OptionalTaskQuery {
  @ApiPropertyOptional({ description: 'the object task; all visible tasks when absent' }) @IsOptional() @IsString()
  objTaskId?: string;
}

export class PointQuery extends WarningTaskQuery {
  @ApiProperty({ description: 'the quality point' }) @IsNotEmpty({ message: '缺少质控点' }) @IsString()
  zgzkdid!: string;
}

export class CollectQuery extends PointQuery implements SamplingQuery {
  @ApiPropertyOptional({ description: 'YYYY-MM-DD, default 6 days before endDate' }) @IsOptional() @IsString()
  startDate?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD, default today' }) @IsOptional() @IsString()
  endDate?: string;
}

/** id, yyfx and clcs are checked by the service (此项必填, 最多只能输入500个字符) so the rule lives in one place. */
export class DisposeDto {
  @ApiProperty({ description: 'warning flow record id' }) @IsOptional()
  id?: unknown;

  @ApiProperty({ description: 'cause analysis, required, at most 500 characters' }) @IsOptional()
  yyfx?: unknown;

  @ApiProperty({ description: 'handling measure, required, at most 500 characters' }) @IsOptional()
  clcs?: unknown;
}

export class MineQuery extends PageQuery {}

export class ScanStatusQuery {
  @ApiProperty() @IsNotEmpty({ message: '缺少任务编号' }) @IsString()
  jobId!: string;
}
