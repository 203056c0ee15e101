import {
  AlgorithmDetailQuerySchema,
  DisposalSchema,
  SamplingQuerySchema,
  SqlQueryInputSchema,
  SubscriptionUpdateInputSchema,
  WarningPointQuerySchema,
} from '@zhengai/contracts';
import { parseInput } from '../../../shared/http/zod-input.decorator.js';
import { inputRefusal as refusal } from '../../../shared/testing/input-refusal.js';

describe('the warnings routes read their input through the contract (issue 30)', () => {
  it('warningflow/dispose: the warning is due; the analyses are multi-line texts, their presence the domain\'s', () => {
    expect(parseInput(DisposalSchema, { id: 'w-1', yyfx: '第一行\n第二行', clcs: null })).toEqual({ id: 'w-1', yyfx: '第一行\n第二行', clcs: null });
    expect(parseInput(DisposalSchema, { id: 'w-1' })).toEqual({ id: 'w-1' });
    expect(refusal(DisposalSchema, { yyfx: '原因', clcs: '措施' })).toBe('请选择预警');
    expect(refusal(DisposalSchema, { id: 5, yyfx: '原因', clcs: '措施' })).toBe('编号必须是文本');
    expect(refusal(DisposalSchema, { id: 'w-1', yyfx: 7, clcs: '措施' })).toBe('原因分析必须是文本');
    expect(refusal(DisposalSchema, { id: 'w-1', yyfx: '原因', clcs: '措\u0007施' })).toBe('处理措施包含非法字符');
    // the domain counts characters (500 emoji pass); past twice that many UTF-16 units the schema answers the same text
    expect(parseInput(DisposalSchema, { id: 'w-1', yyfx: '😀'.repeat(500) })).toMatchObject({ yyfx: '😀'.repeat(500) });
    expect(refusal(DisposalSchema, { id: 'w-1', yyfx: '因'.repeat(1001) })).toBe('最多只能输入500个字符');
  });

  it('the queries of a task\'s warnings and samples', () => {
    expect(refusal(WarningPointQuerySchema, { objTaskId: 't-1' }, 'query')).toBe('缺少质控点');
    expect(refusal(WarningPointQuerySchema, { zgzkdid: 'p-1' }, 'query')).toBe('缺少诊断任务');
    expect(refusal(SamplingQuerySchema, { objTaskId: 't-1', zgzkdid: 'p-1', startDate: '2026-01-011' }, 'query')).toBe('日期格式应为 YYYY-MM-DD');
    expect(refusal(SamplingQuerySchema, { objTaskId: 't-1', zgzkdid: 'p-1', endDate: ['a', 'b'] }, 'query')).toBe('结束日期必须是文本');
  });

  it('sql/query: the SQL is due (multi-line), the parameters keep their limits and messages', () => {
    expect(parseInput(SqlQueryInputSchema, { sql: 'SELECT 1\nFROM x', dxbm: null })).toEqual({ sql: 'SELECT 1\nFROM x', dxbm: null });
    expect(refusal(SqlQueryInputSchema, {})).toBe('SQL 不能为空');
    expect(refusal(SqlQueryInputSchema, { sql: null })).toBe('SQL 不能为空');
    expect(refusal(SqlQueryInputSchema, { sql: 42 })).toBe('SQL 不能为空');
    expect(refusal(SqlQueryInputSchema, { sql: 'x'.repeat(20_001) })).toBe('SQL 最多只能输入20000个字符');
    expect(refusal(SqlQueryInputSchema, { sql: 'SELECT 1', dxmc: '专'.repeat(201) })).toBe('诊断对象名称最多只能输入200个字符');
    expect(refusal(SqlQueryInputSchema, { sql: 'SELECT 1', zq: 2026 })).toBe('诊断周期应为文本');
    expect(refusal(SqlQueryInputSchema, { sql: 'SELECT 1', dxbm: 'a\tb' })).toBe('诊断对象编码包含非法字符');
  });

  it('algorithm/detail: the spec\'s parameters and messages', () => {
    const detail = (q: Record<string, unknown>) => refusal(AlgorithmDetailQuerySchema, { Id: 'attachment-count', Version: '1', Type: '详情算法', ...q }, 'query');
    expect(detail({})).toBeNull();
    expect(detail({ Id: undefined })).toBe('缺少算法编号');
    expect(detail({ Id: '' })).toBe('缺少算法编号');
    expect(detail({ Version: '' })).toBe('缺少算法版本');
    expect(detail({ Id: 'x'.repeat(101) })).toBe('算法编号不正确');
    expect(detail({ Type: 'list' })).toBe('Type 只能是 详情算法');
  });

  it('dynamicYbpDy/updateList: a source, a list of at most 500 items each naming its object', () => {
    const update = (body: Record<string, unknown>) => refusal(SubscriptionUpdateInputSchema, { sourceId: 'card-1', list: [], ...body });
    expect(parseInput(SubscriptionUpdateInputSchema, { sourceId: ' card-1 ', type: ' ', list: [{ sfzid: ' p1 ', lw: '' }] })).toEqual({
      sourceId: 'card-1', type: null, list: [{ sfzid: 'p1', sfbb: null, lw: null, sfzsj: null }],
    });
    expect(update({ sourceId: undefined })).toBe('缺少订阅来源');
    expect(update({ list: undefined })).toBe('订阅列表不正确');
    expect(update({ list: 'p1' })).toBe('订阅列表不正确');
    expect(update({ list: [{ sfzid: 'p1' }, { sfbb: 'x' }] })).toBe('第2项缺少订阅对象');
    expect(update({ list: [{ sfzid: 'p1', lw: 5 }] })).toBe('订阅列表第1项「订阅名称」必须是文本');
    expect(update({ list: [null] })).toBe('订阅列表第1项不能为空');
    expect(update({ list: Array.from({ length: 501 }, (_, i) => ({ sfzid: `p${i}` })) })).toBe('最多订阅500项');
    expect(update({ type: 'p\u0001' })).toBe('类型包含非法字符');
  });
});
