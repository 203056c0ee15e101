import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AlgorithmDetailSchema, AlgorithmSchema, SqlQueryResultSchema, type Algorithm, type AlgorithmDetail, type SqlQueryResult } from '@zhengai/contracts';
import { AdminOnly, SignedIn } from '../../../shared/http/access.decorators.js';
import { ApiEnvelope } from '../../../shared/http/api-envelope.decorator.js';
import { CollectionSourcesService } from '../application/collection-sources.service.js';
import { AlgorithmDetailQuery, SqlQueryDto } from './dto/collect.dto.js';

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
  async sqlQuery(@Body() body: SqlQueryDto): Promise<SqlQueryResult> {
    // An empty parameter field is no value (null), as in a task without one.
    const parameters = { dxbm: body.dxbm || null, dxmc: body.dxmc || null, zq: body.zq || null };
    return this.sources.trySql(body.sql, parameters);
  }

  @Get('algorithm/detail')
  @SignedIn()
  @ApiEnvelope(AlgorithmDetailSchema)
  @ApiOperation({ summary: 'Algorithm detail (Id, Version, Type=详情算法) → { algoRithmDetails: [{ id, version, name, description, formula, inputs }] }' })
  async algorithmDetail(@Query() q: AlgorithmDetailQuery): Promise<AlgorithmDetail> {
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
