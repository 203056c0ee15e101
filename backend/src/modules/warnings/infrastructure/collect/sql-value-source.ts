import { Injectable } from '@nestjs/common';
import { CollectionError, ValueSource, type CollectedValue, type CollectTarget, type SourceSpec } from '../../application/ports/value-source.port.js';
import { bindSqlParameters, checkSelectSql } from '../../domain/sql-text.js';
import { SQL_MESSAGES } from './sql-errors.js';
import { SqlReader } from './sql-reader.js';
import { toSampleValue } from './sample-value.js';

/**
 * cjfs 'sql', config `{ sql }`: the first column of the first row is the value, the rows (≤ 1000) the detail. A query
 * with :dxbm, :dxmc or :zq runs for each object's task with its values; one without runs once for the point.
 */
@Injectable()
export class SqlValueSource extends ValueSource {
  readonly method = 'sql' as const;

  constructor(private readonly reader: SqlReader) {
    super();
  }

  async collect(source: SourceSpec, target: CollectTarget): Promise<CollectedValue> {
    const sql = source.config?.sql;
    if (typeof sql !== 'string') throw new CollectionError(SQL_MESSAGES.empty);
    const result = await this.reader.query(sql, { dxbm: target.objectCode, dxmc: target.objectName, zq: target.cycleValue });
    return { value: toSampleValue(result.first, 'SQL 查询结果第一行第一列的值'), detail: result.rows };
  }

  override perTarget(source: SourceSpec): boolean {
    const sql = source.config?.sql;
    if (typeof sql !== 'string') return false;
    const checked = checkSelectSql(sql);
    return checked.ok && bindSqlParameters(checked.text).used.length > 0;
  }
}
