import { AuditInputSchema, DiagnosisTaskQuerySchema, ListJobQuerySchema, ObjTaskInputSchema, QualityRowQuerySchema, RowUpdateSchema } from '@zhengai/contracts';
import { parseInput } from '../../../shared/http/zod-input.decorator.js';
import { inputRefusal as refusal } from '../../../shared/testing/input-refusal.js';

describe('the diagnosis routes read their input through the contract (issue 30)', () => {
  it('disqualified/update: the row and task are due; texts are text, multi-line, without control characters', () => {
    const row = { id: 'p-1', gzdxid: 't-1' };
    expect(parseInput(RowUpdateSchema, { ...row, yyfx: '原因\n第二行', gjcs: '措施', jgz: null })).toEqual({ ...row, yyfx: '原因\n第二行', gjcs: '措施', jgz: null });
    expect(refusal(RowUpdateSchema, { gzdxid: 't-1' })).toBe('缺少质控点');
    expect(refusal(RowUpdateSchema, { id: 'p-1', gzdxid: null })).toBe('缺少诊断任务');
    expect(refusal(RowUpdateSchema, { ...row, gjcs: ['措施'] })).toBe('改进措施必须是文本');
    expect(refusal(RowUpdateSchema, { ...row, yyfx: '原\u001b[31m因' })).toBe('原因分析包含非法字符');
    expect(refusal(RowUpdateSchema, { ...row, jgz: 85 })).toBe('结果值必须是文本');
    expect(refusal(RowUpdateSchema, { ...row, xzjgz: '9'.repeat(501) })).toBe('修正结果值最多500个字符');
  });

  it('audit: the task is due, the comment is a multi-line text', () => {
    expect(parseInput(AuditInputSchema, { objTaskId: 't-1', comment: '第一行\r\n第二行' })).toEqual({ objTaskId: 't-1', comment: '第一行\r\n第二行' });
    expect(parseInput(AuditInputSchema, { objTaskId: 't-1', comment: null })).toEqual({ objTaskId: 't-1', comment: null });
    expect(refusal(AuditInputSchema, { comment: '同意' })).toBe('缺少诊断任务');
    expect(refusal(AuditInputSchema, { objTaskId: 't-1', comment: false })).toBe('意见必须是文本');
    expect(refusal(AuditInputSchema, { objTaskId: 't-1', comment: '意'.repeat(1001) })).toBe('审核意见最多只能输入500个字符');
  });

  it('the queries and the list jobs\' bodies', () => {
    expect(parseInput(DiagnosisTaskQuerySchema, { pageSize: '0', cycleValue: '2026' }, 'query')).toEqual({ pageNum: 1, pageSize: 0, cycleValue: '2026', keyword: null });
    expect(refusal(DiagnosisTaskQuerySchema, { pageNum: 'x' }, 'query')).toBe('页码必须是整数');
    expect(refusal(QualityRowQuerySchema, { objTaskId: 't-1' }, 'query')).toBe('缺少质控点');
    expect(refusal(ObjTaskInputSchema, { objTaskId: '' })).toBe('缺少诊断任务');
    expect(refusal(ListJobQuerySchema, {}, 'query')).toBe('缺少任务编号');
  });
});
