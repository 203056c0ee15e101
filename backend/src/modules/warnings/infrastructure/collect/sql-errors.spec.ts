import { CollectionError } from '../../application/ports/value-source.port.js';
import { SQL_MESSAGES, SqlReaderUnavailable, sqlCollectionError } from './sql-errors.js';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('sqlCollectionError: what PostgreSQL said, as a person reads it', () => {
  it.each([
    ['57014', 'canceling statement due to statement timeout', 'SQL 执行超过 5 秒，已停止'],
    ['42501', 'permission denied for table app_user', 'SQL 只能读取 sjzx 模式中的表'],
    ['42501', 'permission denied for schema public', 'SQL 只能读取 sjzx 模式中的表'],
    ['42501', 'permission denied to set role "postgres"', '只能执行 SELECT 查询'],
    ['42P01', 'relation "app_user" does not exist', 'SQL 只能读取 sjzx 模式中的表（relation "app_user" does not exist）'],
    ['25006', 'cannot execute DELETE in a read-only transaction', '只能执行 SELECT 查询'],
    ['0A000', 'WITH clause containing a data-modifying statement must be at the top level', '只能执行 SELECT 查询'],
    ['42601', 'syntax error at or near "FROM"', 'SQL 语法错误：syntax error at or near "FROM"'],
    ['42P18', 'could not determine data type of parameter $1', 'SQL 参数的类型无法确定，请写明类型，如 :dxbm::text'],
    ['22012', 'division by zero', 'SQL 执行失败：division by zero'],
  ])('%s %p → %p', (code, message, expected) => {
    const mapped = sqlCollectionError(pgError(code, message));
    expect(mapped).toBeInstanceOf(CollectionError);
    expect(mapped).not.toBeInstanceOf(SqlReaderUnavailable);
    expect(mapped.message).toBe(expected);
  });

  it.each(['28000', '28P01', '3D000'])('%s: the reader cannot log in', (code) => {
    const mapped = sqlCollectionError(pgError(code, 'role "zhengai_sql_reader" does not exist'));
    expect(mapped).toBeInstanceOf(SqlReaderUnavailable);
    expect(mapped.message).toBe(SQL_MESSAGES.readerUnavailable);
  });

  it('passes a CollectionError through and words anything else as a failure', () => {
    const own = new CollectionError('x');
    expect(sqlCollectionError(own)).toBe(own);
    expect(sqlCollectionError('odd').message).toBe('SQL 执行失败：odd');
  });
});
