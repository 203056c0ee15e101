import { describe, expect, it } from '@jest/globals';
import { CHINESE_RENDERINGS } from './english-originals.js';
import { VALIDATION_MESSAGES } from './format-checks.js';

const CJK = /[\u4e00-\u9fff]/;
const ASCII_LETTER = /[A-Za-z]/;

describe('the Chinese renderings of the English texts the documents quote', () => {
  const texts = Object.entries(CHINESE_RENDERINGS).map(([key, value]) => [key, typeof value === 'function' ? value('{file}') : value] as const);

  it.each(texts)('%s is Chinese, with no English letter but its placeholder', (_key, text) => {
    expect(text).toMatch(CJK);
    expect(text.replaceAll('{file}', '')).not.toMatch(ASCII_LETTER);
  });

  it('puts the file name into the upload failure as 001 §8 quotes it', () => {
    expect(CHINESE_RENDERINGS.uploadFailed('年度报告.pdf')).toBe('上传"年度报告.pdf"失败!');
  });

  it('are the component texts the forms and the data collection check', () => {
    for (const [kind, text] of Object.entries(VALIDATION_MESSAGES)) expect(text).toBe(CHINESE_RENDERINGS[kind as keyof typeof VALIDATION_MESSAGES]);
  });
});
