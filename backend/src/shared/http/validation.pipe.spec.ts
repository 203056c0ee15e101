import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AppError } from '../errors/app-error.js';
import { PageQuery } from '../pagination.js';
import { createValidationPipe } from './validation.pipe.js';

class Source {
  @IsString() sjlx!: string;
}

class Probe {
  @IsNotEmpty({ message: '请输入部门名称' }) @IsString() @MaxLength(10, { message: '部门名称最多10个字符' }) departmentName!: string;
  @IsOptional() @IsString() @MaxLength(5) name?: string;
  @IsOptional() @IsInt() @Min(1) @Max(9) sortOrder?: number;
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsIn(['personal', 'all']) queryType?: string;
  @IsOptional() @IsArray() @ArrayMaxSize(2) @IsString({ each: true }) userIds?: string[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Source) datasources?: Source[];
  @IsOptional() @IsString() someWireName?: string;
}

async function messageFor(value: object, metatype: new () => object = Probe): Promise<string | null> {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
}

describe('createValidationPipe: Chinese messages naming the field', () => {
  const valid = { departmentName: '教务处' };

  it('keeps the messages a DTO gives, presence first', async () => {
    expect(await messageFor({})).toBe('请输入部门名称');
    expect(await messageFor({ departmentName: 'x'.repeat(11) })).toBe('部门名称最多10个字符');
  });

  it('shows the type rule before the others: a number sent for a name is not text', async () => {
    expect(await messageFor({ departmentName: 'ok', name: 123456 })).toBe('名称必须是文本');
  });

  it.each([
    [{ name: 'abcdef' }, '名称最多5个字符'],
    [{ sortOrder: 'first' }, '排序必须是整数'],
    [{ sortOrder: 0 }, '排序不能小于1'],
    [{ sortOrder: 10 }, '排序不能大于9'],
    [{ enabled: 'yes' }, '是否启用必须是布尔值'],
    [{ queryType: 'mine' }, '查询类型只能是personal、all'],
    [{ userIds: 'u-1' }, '用户必须是列表'],
    [{ userIds: [1] }, '用户中的每一项必须是文本'],
    [{ userIds: ['a', 'b', 'c'] }, '用户最多2项'],
    [{ datasources: [{ sjlx: 1 }] }, '数据类型必须是文本'],
    [{ someWireName: 1 }, 'someWireName必须是文本'],
  ])('%j → %s', async (broken, message) => {
    expect(await messageFor({ ...valid, ...broken })).toBe(message);
  });

  it('names a body that is not an object', async () => {
    expect(await messageFor('text' as unknown as object, PageQuery)).toBe('请求体必须是对象');
  });

  it('names the paging fields (pageSize=abc)', async () => {
    expect(await messageFor({ pageSize: 'abc' }, PageQuery)).toBe('每页条数必须是整数');
    expect(await messageFor({ pageNum: '0' }, PageQuery)).toBe('页码不能小于1');
    expect(await messageFor({ pageNum: '2', pageSize: '0' }, PageQuery)).toBeNull();
  });
});
