import 'reflect-metadata';
import { DECORATORS } from '@nestjs/swagger';
import { id, ids, optionalText, PAGE_QUERY, queryInt, requiredText, text } from '@zhengai/contracts';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { parseInput, ZodBody, ZodQuery } from './zod-input.decorator.js';

const Body = z.object({
  name: requiredText(10),
  description: text(20, { multiline: true }).optional(),
  departmentId: id('缺少部门'),
  userIds: ids(2).optional(),
  shortNameChinese: optionalText(5).optional(),
  zlx: z.enum(['percent', 'text']).optional(),
  sortOrder: z.number().int().min(1).optional(),
  enabled: z.boolean().optional(),
  datasources: z.array(z.object({ sjlx: requiredText(10) })).optional(),
});
const Query = z.object({ ...PAGE_QUERY, cycleYear: queryInt({ min: 2000 }) });

function messageFor(value: unknown, schema: z.ZodType = Body, source: 'body' | 'query' = 'body'): string | null {
  try {
    parseInput(schema, value, source);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('VALIDATION');
    return (error as AppError).message;
  }
}

describe('parseInput: the contract schema reads the input, a broken rule names the field in Chinese', () => {
  const valid = { name: '教务处', departmentId: 'd-jwc' };

  it('reads valid input, trimmed and with optional texts cleared to null', () => {
    expect(parseInput(Body, { ...valid, name: ' 教务处 ', shortNameChinese: '  ' })).toEqual({ ...valid, shortNameChinese: null });
  });

  it('names a missing, null or blank field missing, or with the schema own message', () => {
    expect(messageFor({ departmentId: 'd' })).toBe('名称不能为空');
    expect(messageFor({ ...valid, name: null })).toBe('名称不能为空');
    expect(messageFor({ ...valid, name: '   ' })).toBe('名称不能为空');
    expect(messageFor({ name: 'x' })).toBe('缺少部门');
    expect(messageFor({ name: 'x', departmentId: null })).toBe('缺少部门');
  });

  it('names wrong types, lengths, list sizes, bounds and enum values', () => {
    expect(messageFor({ ...valid, name: 5 })).toBe('名称必须是文本');
    expect(messageFor({ ...valid, name: 'x'.repeat(11) })).toBe('名称最多10个字符');
    expect(messageFor({ ...valid, userIds: ['a', 'b', 'c'] })).toBe('用户最多2项');
    expect(messageFor({ ...valid, userIds: ['a', 7] })).toBe('用户第2项必须是文本');
    expect(messageFor({ ...valid, sortOrder: 0 })).toBe('排序不能小于1');
    expect(messageFor({ ...valid, sortOrder: 1.5 })).toBe('排序必须是整数');
    expect(messageFor({ ...valid, enabled: 'yes' })).toBe('是否启用必须是布尔值');
    expect(messageFor({ ...valid, zlx: 'money' })).toBe('值类型只能是percent、text');
    expect(messageFor({ ...valid, datasources: [{ sjlx: 'a' }, { sjlx: 3 }] })).toBe('数据源第2项「数据类型」必须是文本');
    expect(messageFor({ ...valid, datasources: null })).toBe('数据源不能为空');
    expect(messageFor('text')).toBe('请求体必须是对象');
  });

  it('refuses control characters in every text; a multi-line text keeps tab, line feed and carriage return', () => {
    expect(messageFor({ ...valid, name: '探测\u0001\u0007\u001b[31m红\u0008' })).toBe('名称包含非法字符');
    expect(messageFor({ ...valid, name: 'a\tb' })).toBe('名称包含非法字符');
    expect(messageFor({ ...valid, name: 'a\u007f' })).toBe('名称包含非法字符');
    expect(messageFor({ ...valid, userIds: ['a\u001b'] })).toBe('用户第1项包含非法字符');
    expect(messageFor({ ...valid, description: '一\r\n二\t三' })).toBeNull();
    expect(messageFor({ ...valid, description: '一\u000b二' })).toBe('描述包含非法字符');
  });

  it('reads query numbers from text; an absent required one is missing, not "not a number"', () => {
    expect(parseInput(Query, { cycleYear: '2026' }, 'query')).toEqual({ pageNum: 1, pageSize: 10, cycleYear: 2026 });
    expect(parseInput(Query, { cycleYear: '2026', pageNum: '2', pageSize: '0' }, 'query')).toMatchObject({ pageNum: 2, pageSize: 0 });
    expect(messageFor({}, Query, 'query')).toBe('年度不能为空');
    expect(messageFor({ cycleYear: '' }, Query, 'query')).toBe('年度不能为空');
    expect(messageFor({ cycleYear: 'abc' }, Query, 'query')).toBe('年度必须是整数');
    expect(messageFor({ cycleYear: '2026', pageSize: '1.5' }, Query, 'query')).toBe('每页条数必须是整数');
    expect(messageFor({ cycleYear: '2026', pageNum: '0' }, Query, 'query')).toBe('页码不能小于1');
  });
});

describe('ZodBody / ZodQuery describe the request in OpenAPI from the same schema', () => {
  class Probe {
    add(_body: unknown): void {}
    list(_query: unknown): void {}
  }
  ZodBody(Body)(Probe.prototype, 'add', 0);
  ZodQuery(Query)(Probe.prototype, 'list', 0);

  it('documents the body as the schema', () => {
    const [param] = Reflect.getMetadata(DECORATORS.API_PARAMETERS, Probe.prototype.add) as Array<Record<string, unknown>>;
    expect(param).toMatchObject({ in: 'body', required: true, schema: { type: 'object', required: ['name', 'departmentId'] } });
    expect(param!.schema).toMatchObject({ properties: { name: { type: 'string', maxLength: 10 }, zlx: { enum: ['percent', 'text'] } } });
  });

  it('documents each query field as a parameter, required where the schema requires it', () => {
    const params = Reflect.getMetadata(DECORATORS.API_PARAMETERS, Probe.prototype.list) as Array<{ name: string; in: string; required: boolean }>;
    expect(params.map(({ name, in: where, required }) => [name, where, required]).sort()).toEqual([
      ['cycleYear', 'query', true],
      ['pageNum', 'query', false],
      ['pageSize', 'query', false],
    ]);
  });
});

describe('requestSchema', () => {
  it('inlines a schema with a meta id as its input shape: a field read when absent is not required', async () => {
    const { requestSchema } = await import('./zod-input.decorator.js');
    const Named = z.object({ name: requiredText(10), parentId: optionalText(64), pageNum: PAGE_QUERY.pageNum }).meta({ id: 'ProbeNamedInput' });
    expect(requestSchema(Named)).toMatchObject({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } });
  });
});
