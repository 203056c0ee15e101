import { checkDiagnosisText } from './text-rules.js';

describe('cause analysis and measure (spec 001 §5)', () => {
  it.each([
    [undefined, '此项必填'], [null, '此项必填'], ['', '此项必填'], ['   ', '此项必填'], [42, '此项必填'],
    ['原因', null], ['字'.repeat(500), null], ['字'.repeat(501), '最多只能输入500个字符'],
    // Characters, not UTF-16 units: 500 emoji are 500 characters.
    ['😀'.repeat(500), null],
  ])('%p → %p', (value, message) => {
    expect(checkDiagnosisText(value)).toBe(message);
  });
});
