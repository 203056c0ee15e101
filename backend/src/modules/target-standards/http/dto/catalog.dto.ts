import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { IndicatorInput, IndicatorUpdate } from '@zhengai/contracts';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class LibraryRefQuery {
  @ApiProperty() @IsNotEmpty({ message: '缺少目标标准' }) @IsString() @MaxLength(64)
  libraryId!: string;
}

export class CatalogAddDto extends LibraryRefQuery implements Partial<IndicatorInput> {
  @ApiProperty({ description: 'required, at most 200 characters' }) @IsOptional() @IsString({ message: '指标名称必须是文本' })
  name?: string;

  @ApiPropertyOptional({ description: 'the parent indicator; none for a first-level one' }) @IsOptional() @IsString()
  parentId?: string | null;

  @ApiPropertyOptional({ description: 'position among siblings (default: last)' }) @IsOptional() @IsInt()
  sortOrder?: number;
}

export class CatalogUpdateDto implements IndicatorUpdate {
  @ApiProperty() @IsNotEmpty({ message: '缺少指标' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiPropertyOptional({ description: 'new name' }) @IsOptional() @IsString({ message: '指标名称必须是文本' })
  name?: string;

  @ApiPropertyOptional({ description: 'move under this indicator; null moves it to the first level; absent keeps it', nullable: true }) @IsOptional() @IsString()
  parentId?: string | null;

  @ApiPropertyOptional() @IsOptional() @IsInt()
  sortOrder?: number;
}

export class CatalogDeleteDto {
  @ApiProperty() @IsNotEmpty({ message: '缺少指标' }) @IsString() @MaxLength(64)
  id!: string;

  @ApiPropertyOptional({ description: 'also delete its lower indicators and points', default: false }) @IsOptional() @IsBoolean()
  cascade?: boolean;
}
