import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SQL_PARAMETER_MAX, type SqlQueryInput } from '@zhengai/contracts';
import { IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** SQL query (spec 001 §7 item 12): an administrator tries an SQL source. */
export class SqlQueryDto implements SqlQueryInput {
  @ApiProperty({ description: 'one SELECT (or WITH … SELECT) over schema sjzx; runs read-only, 5 s, at most 1000 rows' })
  @IsDefined({ message: 'SQL 不能为空' })
  @IsString({ message: 'SQL 不能为空' })
  @MaxLength(20_000, { message: 'SQL 最多只能输入20000个字符' })
  sql!: string;

  @ApiPropertyOptional({ description: 'the value of :dxbm (诊断对象编码) for this try; null when absent' })
  @IsOptional()
  @IsString({ message: '诊断对象编码应为文本' })
  @MaxLength(SQL_PARAMETER_MAX.dxbm, { message: `诊断对象编码最多只能输入${SQL_PARAMETER_MAX.dxbm}个字符` })
  dxbm?: string;

  @ApiPropertyOptional({ description: 'the value of :dxmc (诊断对象名称) for this try; null when absent' })
  @IsOptional()
  @IsString({ message: '诊断对象名称应为文本' })
  @MaxLength(SQL_PARAMETER_MAX.dxmc, { message: `诊断对象名称最多只能输入${SQL_PARAMETER_MAX.dxmc}个字符` })
  dxmc?: string;

  @ApiPropertyOptional({ description: 'the value of :zq (诊断周期) for this try; null when absent' })
  @IsOptional()
  @IsString({ message: '诊断周期应为文本' })
  @MaxLength(SQL_PARAMETER_MAX.zq, { message: `诊断周期最多只能输入${SQL_PARAMETER_MAX.zq}个字符` })
  zq?: string;
}

export const ALGORITHM_DETAIL_TYPE = '详情算法';

/** Algorithm detail fetch (spec 001 §7 item 11): the spec's capitalised parameter names. */
export class AlgorithmDetailQuery {
  @ApiProperty({ description: 'algorithm id, e.g. attachment-count' })
  @IsNotEmpty({ message: '缺少算法编号' })
  @IsString({ message: '缺少算法编号' })
  @MaxLength(100, { message: '算法编号不正确' })
  Id!: string;

  @ApiProperty({ description: 'algorithm version, e.g. 1' })
  @IsNotEmpty({ message: '缺少算法版本' })
  @IsString({ message: '缺少算法版本' })
  @MaxLength(20, { message: '算法版本不正确' })
  Version!: string;

  @ApiProperty({ enum: [ALGORITHM_DETAIL_TYPE] })
  @IsIn([ALGORITHM_DETAIL_TYPE], { message: `Type 只能是 ${ALGORITHM_DETAIL_TYPE}` })
  Type!: string;
}
