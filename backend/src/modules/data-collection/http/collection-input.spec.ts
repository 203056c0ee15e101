import {
  COLLECTION_MESSAGES,
  CollectionRefSchema,
  CollectionTaskInputSchema,
  CollectionTaskUpdateSchema,
  ConstantInputSchema,
  ConstantTypeInputSchema,
  DataQuerySchema,
  DataSourceSqlQuerySchema,
  FormCreateInputSchema,
  FormDesignInputSchema,
  FormDirectoryInputSchema,
  FormDirectoryUpdateSchema,
  FormQuerySchema,
  RollbackInputSchema,
  RowsInputSchema,
  UniqueCheckInputSchema,
} from '@zhengai/contracts';
import { parseInput } from '../../../shared/http/zod-input.decorator.js';
import { inputRefusal as messageFor } from '../../../shared/testing/input-refusal.js';

// The data-collection routes read their bodies and queries through these contract schemas (@ZodBody / @ZodQuery):
// what each refuses, and in which Chinese words.

const CONTROL = '探测\u0001\u001b[31m红';

describe('form directories, forms and designs', () => {
  const form = { directoryId: 'd1', name: '教师信息', code: 'teacher_info', formType: 'floating' };
  const field = { key: 'name', label: '姓名', component: 'text', validations: { require: true, unique: false, custom: null }, maxLength: null, constantTypeId: null, placeholder: null, width: null };
  const design = { ...form, id: 'f1', fields: [field], fixedRows: [] };

  it('reads a directory: the name trimmed, a blank parent a top directory; update needs the id', () => {
    expect(parseInput(FormDirectoryInputSchema, { name: ' 目录 ', parentId: ' ', sort: 2 })).toEqual({ name: '目录', parentId: null, sort: 2 });
    expect(messageFor(FormDirectoryInputSchema, { name: null })).toBe('名称不能为空');
    expect(messageFor(FormDirectoryInputSchema, { name: '目录\u0007' })).toBe('名称包含非法字符');
    expect(messageFor(FormDirectoryInputSchema, { name: '目录', sort: '1' })).toBe('排序必须是整数');
    expect(messageFor(FormDirectoryUpdateSchema, { name: '目录' })).toBe('编号不能为空');
    expect(parseInput(FormDirectoryUpdateSchema, { id: 'd1', name: '目录', parentId: 'ignored' })).toEqual({ id: 'd1', name: '目录' });
  });

  it('reads a new form: the code by IDENTIFIER_PATTERN with its message, the type from the catalogue', () => {
    expect(parseInput(FormCreateInputSchema, { ...form, description: '  ' })).toEqual({ ...form, description: null });
    expect(parseInput(FormCreateInputSchema, { ...form, description: '第一行\n第二行' })).toMatchObject({ description: '第一行\n第二行' });
    for (const code of ['Bad-Code', 'x"; drop table app_user; --', '1abc', 'a'.repeat(41)]) {
      expect(messageFor(FormCreateInputSchema, { ...form, code })).toBe(COLLECTION_MESSAGES.codeInvalid);
    }
    expect(messageFor(FormCreateInputSchema, { ...form, code: null })).toBe('编码不能为空');
    expect(messageFor(FormCreateInputSchema, { ...form, formType: 'round' })).toBe('表单类型只能是floating、fixed');
    expect(messageFor(FormCreateInputSchema, { ...form, name: 5 })).toBe('名称必须是文本');
    expect(messageFor(FormCreateInputSchema, { ...form, name: '长'.repeat(61) })).toBe('名称最多60个字符');
    expect(messageFor(FormCreateInputSchema, { ...form, description: '说明\u0000' })).toBe('描述包含非法字符');
  });

  it('reads a design: each field by its place, fixed rows as labels; the design rules are the domain\'s', () => {
    expect(parseInput(FormDesignInputSchema, design)).toMatchObject({ fields: [field] });
    // a key the domain refuses (keyInvalid) still reads; a label left blank too (labelMissing)
    expect(messageFor(FormDesignInputSchema, { ...design, fields: [{ ...field, key: 'Bad Key', label: ' ' }] })).toBeNull();
    expect(messageFor(FormDesignInputSchema, { ...design, fields: [field, { ...field, component: 'nope' }] })).toBe('字段第2项「组件类型」只能是' + ['text', 'editor', 'inputSelect', 'select', 'multiSelect', 'email', 'url', 'phone', 'integer', 'float', 'date', 'month', 'year'].join('、'));
    expect(messageFor(FormDesignInputSchema, { ...design, fields: [{ ...field, label: CONTROL }] })).toBe('字段第1项「标题」包含非法字符');
    expect(messageFor(FormDesignInputSchema, { ...design, fields: [{ ...field, label: null }] })).toBe('字段第1项「标题」不能为空');
    expect(messageFor(FormDesignInputSchema, { ...design, fields: [{ ...field, validations: { require: 'yes', unique: false, custom: null } }] })).toBe('字段第1项「必填」必须是布尔值');
    expect(messageFor(FormDesignInputSchema, { ...design, fields: [{ ...field, width: 20 }] })).toBe('字段第1项「宽度」不能小于60');
    expect(messageFor(FormDesignInputSchema, { ...design, fields: 'x' })).toBe('字段必须是列表');
    expect(messageFor(FormDesignInputSchema, { ...design, fixedRows: ['男', ' '] })).toBe('固定行第2项不能为空');
    expect(messageFor(FormDesignInputSchema, { ...design, id: undefined })).toBe('编号不能为空');
  });

  it('reads the list and "create a data source" queries from their text', () => {
    expect(parseInput(FormQuerySchema, { pageNum: '2', pageSize: '20', publishState: 'published' }, 'query')).toEqual({ pageNum: 2, pageSize: 20, publishState: 'published' });
    expect(messageFor(FormQuerySchema, { pageSize: '1001' }, 'query')).toBe('每页条数不能大于1000');
    expect(messageFor(FormQuerySchema, { publishState: 'draft' }, 'query')).toBe('发布状态只能是unpublished、published');
    expect(parseInput(DataSourceSqlQuerySchema, { formId: 'f1', field: 'n', aggregate: 'sum', byCycle: 'true', byDepartment: 'false' }, 'query')).toMatchObject({ byCycle: true, byDepartment: false });
    expect(messageFor(DataSourceSqlQuerySchema, { formId: 'f1', field: 'n', aggregate: 'median' }, 'query')).toBe('统计方式只能是sum、avg、count、max、min');
    expect(messageFor(DataSourceSqlQuerySchema, { formId: 'f1', aggregate: 'sum' }, 'query')).toBe('字段不能为空');
  });
});

describe('constants', () => {
  it('reads a constant type and a constant', () => {
    expect(parseInput(ConstantTypeInputSchema, { code: ' degree ', name: '学历', description: '' })).toEqual({ code: 'degree', name: '学历', description: null });
    expect(messageFor(ConstantTypeInputSchema, { code: 'c'.repeat(41), name: '学历' })).toBe('编码最多40个字符');
    expect(messageFor(ConstantInputSchema, { typeId: 't1', value: '01', text: null })).toBe('显示文本不能为空');
    expect(messageFor(ConstantInputSchema, { typeId: 't1', value: '01', text: '本科', sort: 1_000_000_000 })).toBe('排序不能大于999999999');
    expect(messageFor(ConstantInputSchema, { value: '01', text: '本科' })).toBe('常量类型不能为空');
  });
});

describe('collection tasks, fills and rows', () => {
  const task = { name: '2026年度采集', cycle: '2026', deadline: '2026-06-30', formIds: ['f1'] };

  it('reads a task: a four-digit cycle, a deadline that is a day, at least one form; update names the task', () => {
    expect(parseInput(CollectionTaskInputSchema, task)).toEqual(task);
    expect(messageFor(CollectionTaskInputSchema, { ...task, cycle: '26' })).toBe('周期须为四位年份');
    expect(messageFor(CollectionTaskInputSchema, { ...task, deadline: '2026/06/30' })).toBe('截止日期须为yyyy-MM-dd格式的日期');
    expect(messageFor(CollectionTaskInputSchema, { ...task, deadline: '2026-02-30' })).toBe('截止日期不是有效的日期');
    expect(messageFor(CollectionTaskInputSchema, { ...task, formIds: [] })).toBe('表单不能为空');
    expect(messageFor(CollectionTaskInputSchema, { ...task, formIds: [7] })).toBe('表单第1项必须是文本');
    expect(messageFor(CollectionTaskUpdateSchema, task)).toBe('缺少采集任务');
  });

  it('reads rows by their shape; the cells are their columns\' to judge', () => {
    const rows = [{ id: null, values: { name: '张三', age: 30, hobbies: ['读书'], note: null } }];
    expect(parseInput(RowsInputSchema, { fillTaskId: 'ft1', rows })).toEqual({ fillTaskId: 'ft1', rows });
    expect(messageFor(RowsInputSchema, { fillTaskId: 'ft1', rows: [{ values: 'x' }] })).toBe('数据行第1项「值」格式不正确');
    expect(messageFor(RowsInputSchema, { fillTaskId: 'ft1', rows: [{ values: { name: { a: 1 } } }] })).toBe('数据行的单元格只能是文本、数字、文本列表或空值');
    expect(messageFor(RowsInputSchema, { fillTaskId: null, rows })).toBe('填报任务不能为空');
    expect(messageFor(UniqueCheckInputSchema, { fillTaskId: 'ft1', field: 'no', values: ['T1', CONTROL] })).toBe('值第2项包含非法字符');
  });

  it('reads a rollback reason of many lines, and refuses one left blank', () => {
    expect(parseInput(RollbackInputSchema, { id: 'ft1', reason: ' 第一处\n第二处 ' })).toEqual({ id: 'ft1', reason: '第一处\n第二处' });
    expect(messageFor(RollbackInputSchema, { id: 'ft1', reason: '  ' })).toBe('原因不能为空');
    expect(messageFor(RollbackInputSchema, { id: 'ft1', reason: 'x'.repeat(501) })).toBe('原因最多500个字符');
  });

  it('reads ids and the data query', () => {
    expect(messageFor(CollectionRefSchema, { id: ['a'] })).toBe('编号必须是文本');
    expect(messageFor(CollectionRefSchema, {}, 'query')).toBe('编号不能为空');
    expect(parseInput(DataQuerySchema, { fillTaskId: 'ft1', finishedOnly: '1' }, 'query')).toEqual({ fillTaskId: 'ft1', finishedOnly: true });
    expect(messageFor(DataQuerySchema, { keyword: 'a\u0001' }, 'query')).toBe('关键字包含非法字符');
  });
});
