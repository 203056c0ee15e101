import { uniqueEntryNames, zipFileName } from './zip-names.js';

describe('zip entry names', () => {
  it('keeps Chinese names and numbers repeats in order', () => {
    expect(uniqueEntryNames(['报告.pdf', '报告.pdf', '图.png', '报告.pdf'])).toEqual(['报告.pdf', '报告 (1).pdf', '图.png', '报告 (2).pdf']);
  });

  it('treats names differing only in letter case as the same (Windows would)', () => {
    expect(uniqueEntryNames(['A.pdf', 'a.PDF'])).toEqual(['A.pdf', 'a (1).PDF']);
  });

  it('never reuses a name another file already has', () => {
    expect(uniqueEntryNames(['x (1).pdf', 'x.pdf', 'x.pdf'])).toEqual(['x (1).pdf', 'x.pdf', 'x (2).pdf']);
    expect(uniqueEntryNames(['readme', 'readme'])).toEqual(['readme', 'readme (1)']);
  });

  it('makes path parts and control characters harmless', () => {
    expect(uniqueEntryNames(['../../etc/passwd', 'a\\b.txt', '\u0000.pdf', ''])).toEqual(['_.._etc_passwd', 'a_b.txt', '_.pdf', 'file']);
  });

  it('names the zip after the point', () => {
    expect(zipFileName('教学质量')).toBe('教学质量支撑附件.zip');
    expect(zipFileName(undefined)).toBe('支撑附件.zip');
    expect(zipFileName('a/b')).toBe('ab支撑附件.zip');
  });
});
