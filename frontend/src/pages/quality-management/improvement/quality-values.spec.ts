import { describe, expect, it } from '@jest/globals';
import {
  TEXT_MESSAGES,
  auditStateTag,
  calRuleText,
  charCount,
  effectiveValue,
  formatValue,
  gradeTag,
  inputValue,
  missesTarget,
  resultEditable,
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

describe('rows that miss and what may be typed in', () => {
  it('marks a row missing its standard or its target', () => {
    expect(missesTarget({ dis: true, unfin: false })).toBe(true);
    expect(missesTarget({ dis: false, unfin: true })).toBe(true);
    expect(missesTarget({ dis: false, unfin: false })).toBe(false);
  });

  it('takes a result for reported points and points without a source only', () => {
    expect(resultEditable({ datasourceVos: [] })).toBe(true);
    expect(resultEditable({ datasourceVos: null })).toBe(true);
    expect(resultEditable({ datasourceVos: [{ cjfs: 'algorithm' }, { cjfs: 'report' }] })).toBe(true);
    expect(resultEditable({ datasourceVos: [{ cjfs: 'algorithm' }] })).toBe(false);
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
    expect(calRuleText({ direction: 'higher', b: 0.9, c: 0.8 })).toBe('越高越好，达到目标值的90%为良好，80%为一般');
    expect(calRuleText({ direction: 'lower', b: 0.95, c: 0.825 })).toBe('越低越好，达到目标值的95%为良好，82.5%为一般');
    expect(calRuleText(null)).toBe('');
  });
});
