import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../../shared/errors/app-error.js';
import { AdminOnly } from '../../../shared/http/access.decorators.js';
import { CollectionError } from '../application/ports/value-source.js';
import { AlgorithmValueSource } from '../infrastructure/collect/algorithm-value-source.js';
import { SqlReaderUnavailable } from '../infrastructure/collect/sql-errors.js';
import { SqlReader } from '../infrastructure/collect/sql-reader.js';
import { AlgorithmDetailQuery, SqlQueryDto } from './dto/collect.dto.js';

/** A source's refusal is the caller's to fix (validation envelope); an unusable reader role is the platform's (503). */
async function asEnvelope<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof SqlReaderUnavailable) throw new AppError('DATABASE_UNAVAILABLE', e.message);
    if (e instanceof CollectionError) throw new AppError('VALIDATION', e.message);
    throw e;
  }
}

/** The collection sources as the point editor uses them: trying an SQL source, and the algorithms to pick from. */
@ApiTags('warnings')
@Controller('herm-znfx')
export class CollectController {
  constructor(
    private readonly sql: SqlReader,
    private readonly algorithms: AlgorithmValueSource,
  ) {}

  @Post('sql/query')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Try an SQL source (administrators): read-only over sjzx, 5 s, at most 1000 rows, :dxbm/:dxmc/:zq from the body → { columns, rows, truncated }' })
  async sqlQuery(@Body() body: SqlQueryDto) {
    // An empty parameter field is no value (null), as in a task without one.
    const parameters = { dxbm: body.dxbm || null, dxmc: body.dxmc || null, zq: body.zq || null };
    const { columns, rows, truncated } = await asEnvelope(() => this.sql.query(body.sql, parameters));
    return { columns, rows, truncated };
  }

  @Get('algorithm/detail')
  @ApiOperation({ summary: 'Algorithm detail (Id, Version, Type=详情算法) → { algoRithmDetails: [{ id, version, name, description, formula, inputs }] }' })
  async algorithmDetail(@Query() q: AlgorithmDetailQuery) {
    return { algoRithmDetails: [await asEnvelope(() => this.algorithms.detail(q.Id, q.Version))] };
  }

  @Get('algorithm/list')
  @ApiOperation({ summary: 'Every algorithm a point may collect with (the point editor\'s picker)' })
  algorithmList() {
    return this.algorithms.list();
  }
}
