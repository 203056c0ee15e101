import { describe, expect, it } from '@jest/globals';
import { DEFAULT_UPLOAD_STAGES, groupByStage, stageName, stageOptions } from './stages';

const item = (id: string, stage: string) => ({ id, stage });

describe('attachment stages', () => {
  it('names each stage by its group', () => {
    expect(stageName('mbbz')).toBe('目标标准');
    expect(stageName('jcyj')).toBe('监测预警');
    expect(stageName('zwzd')).toBe('自我诊断');
    expect(stageName('zjgj')).toBe('自我诊断');
    expect(stageName('unfinish')).toBe('总结改进');
    expect(stageName('disqualified')).toBe('总结改进');
    expect(stageName('nope')).toBe('其他');
  });

  it('groups attachments in the four groups, in order, keeping the order inside a group', () => {
    const groups = groupByStage([item('a', 'disqualified'), item('b', 'zwzd'), item('c', 'mbbz'), item('d', 'zjgj'), item('e', 'unfinish'), item('f', 'zwzd')]);
    expect(groups.map((g) => g.name)).toEqual(['目标标准', '监测预警', '自我诊断', '总结改进']);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([['c'], [], ['b', 'd', 'f'], ['a', 'e']]);
  });

  it('keeps the empty groups and adds 其他 only for unknown stages', () => {
    expect(groupByStage([]).map((g) => [g.name, g.items.length])).toEqual([
      ['目标标准', 0],
      ['监测预警', 0],
      ['自我诊断', 0],
      ['总结改进', 0],
    ]);
    const groups = groupByStage([item('x', 'whatever'), item('y', 'jcyj')]);
    expect(groups.map((g) => g.name)).toEqual(['目标标准', '监测预警', '自我诊断', '总结改进', '其他']);
    expect(groups[4].items).toEqual([item('x', 'whatever')]);
  });

  it('offers one stage per group by default, telling apart two of one group', () => {
    expect(stageOptions(DEFAULT_UPLOAD_STAGES).map((o) => o.label)).toEqual(['目标标准', '监测预警', '自我诊断', '总结改进']);
    expect(stageOptions(['zwzd', 'zjgj'])).toEqual([
      { value: 'zwzd', label: '自我诊断（zwzd）' },
      { value: 'zjgj', label: '自我诊断（zjgj）' },
    ]);
  });
});
