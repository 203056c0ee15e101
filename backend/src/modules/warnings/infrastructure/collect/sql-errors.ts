import { SQL_TIMEOUT_SECONDS } from '@zhengai/contracts';
import { CollectionError, SourceUnavailable } from '../../application/ports/value-source.port.js';
import { SQL_TEXT_MESSAGES } from '../../domain/sql-text.js';

/** How long one SQL source may run, in seconds (SET LOCAL statement_timeout of every run). */
export const SQL_STATEMENT_TIMEOUT_SECONDS = SQL_TIMEOUT_SECONDS;

export const SQL_MESSAGES = {
  ...SQL_TEXT_MESSAGES,
  timeout: `SQL 执行超过 ${SQL_STATEMENT_TIMEOUT_SECONDS} 秒，已停止`,
  outsideSchema: 'SQL 只能读取 sjzx 模式中的表',
  readerUnavailable: 'SQL 采集的只读账号不可用，请联系管理员',
  syntax: 'SQL 语法错误：',
  untypedParameter: 'SQL 参数的类型无法确定，请写明类型，如 :dxbm::text',
  failed: 'SQL 执行失败：',
} as const;

/** The reader role cannot log in (missing, wrong password, no pg_hba entry, database gone): not the SQL's fault. */
export class SqlReaderUnavailable extends SourceUnavailable {
  constructor() {
    super(SQL_MESSAGES.readerUnavailable);
  }
}

interface PgError {
  code?: string;
  message?: string;
}

// Privileges on tables, views and schemas: what the role may read is sjzx.
const OBJECT_PRIVILEGE = /permission denied for (table|relation|view|materialized view|foreign table|sequence|schema)\b/i;

/** Maps what PostgreSQL answered to a run of an SQL source onto a message a person can act on. */
export function sqlCollectionError(error: unknown): CollectionError {
  if (error instanceof CollectionError) return error;
  const { code, message = String(error) } = (typeof error === 'object' && error !== null ? error : {}) as PgError;
  switch (code) {
    case '57014': // query_canceled: statement_timeout
      return new CollectionError(SQL_MESSAGES.timeout);
    case '42501': // insufficient_privilege: another schema's table, or set role / a superuser function
      return new CollectionError(OBJECT_PRIVILEGE.test(message) ? SQL_MESSAGES.outsideSchema : SQL_MESSAGES.selectOnly);
    case '42P01': // undefined_table: search_path is sjzx alone, so a table of another schema is not found
    case '3F000': // invalid_schema_name
      return new CollectionError(`${SQL_MESSAGES.outsideSchema}（${message}）`);
    case '25006': // read_only_sql_transaction
    case '0A000': // feature_not_supported: a data-modifying WITH below the top level
      return new CollectionError(SQL_MESSAGES.selectOnly);
    case '42P18': // indeterminate_datatype: a :parameter with nothing around it to give its type
      return new CollectionError(SQL_MESSAGES.untypedParameter);
    case '42601': // syntax_error (also: more than one command in a prepared statement)
      return new CollectionError(`${SQL_MESSAGES.syntax}${message}`);
    case '28000': // invalid_authorization_specification: no such role, no pg_hba entry
    case '28P01': // invalid_password
    case '3D000': // invalid_catalog_name
      return new SqlReaderUnavailable();
    default:
      return new CollectionError(`${SQL_MESSAGES.failed}${message}`);
  }
}
