import { describe, expect, it } from '@jest/globals';
import {
  TEXT_MESSAGES,
  TEXT_VALUE_MAX,
  auditStateTag,
  calRuleText,
  charCount,
  effectiveValue,
  formatValue,
  gradeReading,
  gradeTag,
  inputValue,
  missReading,
  missesTarget,
  resultSampled,
  revisedEditable,
  storedValue,
  textProblem,
} from './quality-values';

describe('value display per type', () => {
  it('shows percents with two decimals and a % suffix', () => {
    expect(formatValue('percent', '85')).toBe('85.00%');
    expect(formatValue('percent', '92.456')).toBe('92.46%');
    expect(formatValue('percent', '85%')).toBe('85.00%');
    expect(formatValue('percent', 1.005)).toBe('1.01%');
  });

  it('shows have as 无/有 and whether as 否/是 (0/1)', () => {
    expect(formatValue('have', '1')).toBe('有');
    expect(formatValue('have', '0')).toBe('无');
    expect(formatValue('whether', '1')).toBe('是');
    expect(formatValue('whether', 0)).toBe('否');
    expect(formatValue('whether', '是')).toBe('是');
  });

  it('shows floats with two decimals, integers and texts as entered', () => {
    expect(formatValue('float', '85')).toBe('85.00');
    expect(formatValue('float', '-0.001')).toBe('0.00');
    expect(formatValue('integer', '12')).toBe('12');
    expect(formatValue('text', ' 良好 ')).toBe('良好');
  });

  it('leaves empty cells empty and shows what does not read as its type as entered', () => {
    for (const type of ['percent', 'have', 'whether', 'float', 'integer', 'text']) {
      expect(formatValue(type, null)).toBe('');
      expect(formatValue(type, undefined)).toBe('');
      expect(formatValue(type, '  ')).toBe('');
    }
    expect(formatValue('percent', '约八成')).toBe('约八成');
    expect(formatValue('have', '2')).toBe('2');
  });
});

describe('effective value', () => {
  it('takes the revised value when it is filled in, keeping the original for the tooltip', () => {
    expect(effectiveValue('90', '95')).toEqual({ value: '95', revised: true, original: '90' });
    expect(effectiveValue(null, '95')).toEqual({ value: '95', revised: true, original: null });
  });

  it('falls back to the original when the revision is empty or blank', () => {
    expect(effectiveValue('90', null)).toEqual({ value: '90', revised: false, original: '90' });
    expect(effectiveValue('90', ' ')).toEqual({ value: '90', revised: false, original: '90' });
    expect(effectiveValue(null, undefined)).toEqual({ value: null, revised: false, original: null });
  });
});

describe('grade tags', () => {
  it('maps every grade to its name and colour', () => {
    expect(gradeTag('A')).toEqual({ text: '优秀', color: 'success' });
    expect(gradeTag('B')).toEqual({ text: '良好', color: 'processing' });
    expect(gradeTag('C')).toEqual({ text: '一般', color: 'warning' });
    expect(gradeTag('D')).toEqual({ text: '未完成', color: 'error' });
    expect(gradeTag('Y')).toEqual({ text: '达成', color: 'success' });
    expect(gradeTag('N')).toEqual({ text: '未达成', color: 'error' });
  });

  it('has no tag without a grade and shows an unknown code in grey', () => {
    expect(gradeTag(null)).toBeNull();
    expect(gradeTag('')).toBeNull();
    expect(gradeTag('a')).toEqual({ text: '优秀', color: 'success' });
    expect(gradeTag('G')).toEqual({ text: 'G', color: 'default' });
  });

  it('colours the audit states, with the server names', () => {
    expect(auditStateTag('submitted', '待审核')).toEqual({ text: '待审核', color: 'processing' });
    expect(auditStateTag('refused')).toEqual({ text: '审核不通过', color: 'error' });
    expect(auditStateTag('odd')).toEqual({ text: 'odd', color: 'default' });
  });
});

describe('one reading of 未达标 and the grade (issue 12)', () => {
  const base = { zlx: 'percent' as const, bzz: '90', mbz: '95', xzmbz: null, jgz: '86', xzjgz: null, calRule: { direction: 'higher' as const, b: 0.9, c: 0.8 } };

  it('names the standard a row is below, and says the floor graded it (issue 35: never 良好 beside 未达标)', () => {
    // 86 is 90.5% of the target 95 but below the standard 90: the server grades it D
    const row = { ...base, jgdj: 'D' as const, dis: true, unfin: true };
    expect(missReading(row)).toBe('未达标：本期结果86.00%低于标准值90.00%；未达到目标值95.00%（等级未完成）');
    expect(gradeReading(row)).toBe('对照目标值：本期结果86.00%，目标值95.00%，未完成（越高越好，达到目标值的90.00%为良好，80.00%为一般）；未达到标准值90.00%，记为未完成');
    expect(gradeReading({ ...base, jgz: '92', jgdj: 'B', dis: false, unfin: false })).toBe('对照目标值：本期结果92.00%，目标值95.00%，良好（越高越好，达到目标值的90.00%为良好，80.00%为一般）');
  });

  it('names the target a row did not reach, and both when both miss', () => {
    expect(missReading({ ...base, jgz: '60', jgdj: 'D', dis: false, unfin: true })).toBe('未达标：未达到目标值95.00%（等级未完成）');
    expect(missReading({ ...base, jgz: '60', xzmbz: '70', jgdj: 'D', dis: true, unfin: true })).toBe('未达标：本期结果60.00%低于标准值90.00%；未达到目标值70.00%（等级未完成）');
    expect(missReading({ ...base, zlx: 'integer', bzz: '3', mbz: '2', jgz: '5', calRule: { direction: 'lower', b: 0.9, c: 0.8 }, jgdj: 'D', dis: true, unfin: true })).toBe('未达标：本期结果5高于标准值3；未达到目标值2（等级未完成）');
  });

  it('reads 是/否 points in their own words and says nothing for a row that does not miss', () => {
    const flag = { ...base, zlx: 'whether' as const, bzz: '1', mbz: '1', jgz: '0', jgdj: 'N' as const, dis: true, unfin: true };
    expect(missReading(flag)).toBe('未达标：本期结果否，标准值是；未达到目标值是（等级未达成）');
    expect(gradeReading(flag)).toBe('对照目标值：本期结果否，目标值是，未达成；未达到标准值是，记为未达成');
    expect(missReading({ ...base, jgz: '96', jgdj: 'A', dis: false, unfin: false })).toBeNull();
    expect(gradeReading({ ...base, jgdj: null, dis: false, unfin: false })).toBeNull();
  });

  it('lets a value cell take 500 characters (001 §2)', () => {
    expect(TEXT_VALUE_MAX).toBe(500);
  });
});

describe('rows that miss and what may be typed in', () => {
  it('marks a row missing its standard or its target', () => {
    expect(missesTarget({ dis: true, unfin: false })).toBe(true);
    expect(missesTarget({ dis: false, unfin: true })).toBe(true);
    expect(missesTarget({ dis: false, unfin: false })).toBe(false);
  });

  it('reads a result from samples only for points whose sources are all collected', () => {
    expect(resultSampled({ datasourceVos: [] })).toBe(false);
    expect(resultSampled({ datasourceVos: null })).toBe(false);
    expect(resultSampled({ datasourceVos: [{ cjfs: 'algorithm' }, { cjfs: 'report' }] })).toBe(false);
    expect(resultSampled({ datasourceVos: [{ cjfs: 'algorithm' }] })).toBe(true);
  });

  it('takes revised values only when fsjzxz is 1', () => {
    expect(revisedEditable({ fsjzxz: 1 })).toBe(true);
    expect(revisedEditable({ fsjzxz: 0 })).toBe(false);
    expect(revisedEditable({ fsjzxz: null })).toBe(false);
  });

  it('turns stored values into input values and back', () => {
    expect(inputValue('have', '有')).toBe('1');
    expect(inputValue('whether', '0')).toBe('0');
    expect(inputValue('whether', 'x')).toBeUndefined();
    expect(inputValue('percent', '85%')).toBe('85');
    expect(inputValue('float', null)).toBeUndefined();
    expect(storedValue(' 3.5 ')).toBe('3.5');
    expect(storedValue('')).toBeNull();
    expect(storedValue(undefined)).toBeNull();
    expect(storedValue(0)).toBe('0');
  });
});

describe('cause analysis and improvement measure', () => {
  it('are required: empty or blank says 此项必填', () => {
    expect(textProblem('')).toBe('此项必填');
    expect(textProblem('   ')).toBe(TEXT_MESSAGES.required);
    expect(textProblem(undefined)).toBe('此项必填');
  });

  it('take at most 500 characters, counted as the server does', () => {
    expect(textProblem('字'.repeat(500))).toBeNull();
    expect(textProblem('字'.repeat(501))).toBe('最多只能输入500个字符');
    // an emoji is one character, not two UTF-16 units
    expect(charCount('😀a')).toBe(2);
    expect(textProblem('😀'.repeat(500))).toBeNull();
  });

  it('describes the grading rule', () => {
    expect(calRuleText({ direction: 'higher', b: 0.9, c: 0.8 })).toBe('越高越好，达到目标值的90.00%为良好，80.00%为一般');
    expect(calRuleText({ direction: 'lower', b: 0.95, c: 0.825 })).toBe('越低越好，达到目标值的95.00%为良好，82.50%为一般');
    expect(calRuleText(null)).toBe('');
  });
});
