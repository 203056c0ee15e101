import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The spec's paging query: pageNum (1-based) and pageSize (default 10; lists may ask for up to 1e7, spec 000 §9). */
export class PageQuery {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1)
  pageNum: number = 1;

  @ApiPropertyOptional({ default: 10, description: '0 means every row (the spec asks for pageSize 0 on some lists)' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(10_000_000)
  pageSize: number = 10;
}

/** Offset and limit for a page; pageSize 0 or very large means "all", bounded to keep a query sane. */
export function pageWindow(query: PageQuery, hardLimit = 100_000): { skip: number; take: number; size: number } {
  const size = query.pageSize === 0 ? hardLimit : Math.min(query.pageSize, hardLimit);
  return { skip: (query.pageNum - 1) * size, take: size, size };
}
