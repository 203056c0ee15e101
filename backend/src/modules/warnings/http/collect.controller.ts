import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AlgorithmDetailQuerySchema,
  AlgorithmDetailSchema,
  AlgorithmSchema,
  SqlQueryInputSchema,
  SqlQueryResultSchema,
  type Algorithm,
  type AlgorithmDetail,
  type SqlQueryInput,
  type SqlQueryResult,
} from '@zhengai/contracts';
import { z } from 'zod';
import { AdminOnly, SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { ZodBody, ZodQuery } from '../../../shared/http/zod-input.decorator.js';
import { CollectionSourcesService } from '../application/collection-sources.service.js';

/** The collection sources as the point editor uses them: trying an SQL source, and the algorithms to pick from. */
@ApiTags('warnings')
@Controller('herm-znfx')
export class CollectController {
  constructor(private readonly sources: CollectionSourcesService) {}

  @Post('sql/query')
  @HttpCode(200)
  @AdminOnly()
  @ApiEnvelope(SqlQueryResultSchema)
  @ApiOperation({ summary: 'Try an SQL source (administrators): read-only over sjzx, 5 s, at most 1000 rows, :dxbm/:dxmc/:zq from the body → { columns, rows, truncated }' })
  async sqlQuery(@ZodBody(SqlQueryInputSchema) body: SqlQueryInput): Promise<SqlQueryResult> {
    // An empty parameter field is no value (null), as in a task without one.
    const parameters = { dxbm: body.dxbm || null, dxmc: body.dxmc || null, zq: body.zq || null };
    return this.sources.trySql(body.sql, parameters);
  }

  @Get('algorithm/detail')
  @SignedIn()
  @ApiEnvelope(AlgorithmDetailSchema)
  @ApiOperation({ summary: 'Algorithm detail (Id, Version, Type=详情算法) → { algoRithmDetails: [{ id, version, name, description, formula, inputs }] }' })
  async algorithmDetail(@ZodQuery(AlgorithmDetailQuerySchema) q: z.infer<typeof AlgorithmDetailQuerySchema>): Promise<AlgorithmDetail> {
    return { algoRithmDetails: [await this.sources.algorithm(q.Id, q.Version)] };
  }

  @Get('algorithm/list')
  @SignedIn()
  @ApiEnvelope(AlgorithmSchema, { array: true })
  @ApiOperation({ summary: 'Every algorithm a point may collect with (the point editor\'s picker)' })
  algorithmList(): Algorithm[] {
    return this.sources.algorithmList();
  }
}
