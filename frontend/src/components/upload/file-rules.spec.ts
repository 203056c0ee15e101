import { describe, expect, it } from '@jest/globals';
import { checkChosenFile, downloadTimeoutMs, extensionOf, fileNameProblem, formatFileSize, isImage, isPreviewable, splitFileName } from './file-rules';

const MB = 1024 * 1024;

describe('file rules', () => {
  it('reads the extension in lower case', () => {
    expect(extensionOf('报告.PDF')).toBe('pdf');
    expect(extensionOf('a.tar.gz')).toBe('gz');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('dot.')).toBe('');
    expect(splitFileName('年度报告.v2.docx')).toEqual({ base: '年度报告.v2', ext: 'docx' });
    expect(splitFileName('README')).toEqual({ base: 'README', ext: '' });
  });

  it('previews only jpg, jpeg, png, gif and pdf', () => {
    for (const t of ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'a.PNG']) expect(isPreviewable(t)).toBe(true);
    for (const t of ['doc', 'docx', 'txt', 'zip', 'a.xlsx', '']) expect(isPreviewable(t)).toBe(false);
    expect(isImage('gif')).toBe(true);
    expect(isImage('pdf')).toBe(false);
  });

  it('refuses a wrong type, with the restricted formats when a component gives them', () => {
    expect(checkChosenFile({ name: 'a.exe', size: 10 })).toEqual({ ok: false, keep: false, message: '文件类型错误' });
    expect(checkChosenFile({ name: 'noext', size: 10 })).toEqual({ ok: false, keep: false, message: '文件类型错误' });
    expect(checkChosenFile({ name: 'a.docx', size: 10 }, { formats: ['pdf', 'png'] })).toEqual({ ok: false, keep: false, message: '只能上传pdf,png的文件' });
    expect(checkChosenFile({ name: 'a.PDF', size: 10 }, { formats: ['pdf', 'png'] })).toEqual({ ok: true });
    for (const name of ['a.gif', 'a.jpg', 'a.jpeg', 'a.png', 'a.txt', 'a.doc', 'a.docx', 'a.wps', 'a.ppt', 'a.pptx', 'a.xls', 'a.xlsx', 'a.pdf', 'a.rar', 'a.zip']) {
      expect(checkChosenFile({ name, size: 1 })).toEqual({ ok: true });
    }
  });

  it('refuses a file over the maximum and marks an empty one', () => {
    expect(checkChosenFile({ name: '大文件.zip', size: 500 * MB + 1 })).toEqual({ ok: false, keep: false, message: '大文件.zip文件大小超过500MB' });
    expect(checkChosenFile({ name: '大文件.zip', size: 500 * MB })).toEqual({ ok: true });
    expect(checkChosenFile({ name: 'a.zip', size: 2 * MB }, { maxSizeMb: 1 })).toEqual({ ok: false, keep: false, message: 'a.zip文件大小超过1MB' });
    expect(checkChosenFile({ name: 'a.txt', size: 0 })).toEqual({ ok: false, keep: true, message: '文件为空' });
  });

  it('checks a new name as the server would', () => {
    expect(fileNameProblem('年度报告', 'pdf')).toBeNull();
    expect(fileNameProblem('  ', 'pdf')).toBe('请输入文件名');
    expect(fileNameProblem('a/b', 'pdf')).toMatch(/不能包含/);
    expect(fileNameProblem('a..b', 'pdf')).toMatch(/不能包含/);
    expect(fileNameProblem('x'.repeat(97), 'pdf')).toBe('文件名不能超过100个字符');
    expect(fileNameProblem('x'.repeat(96), 'pdf')).toBeNull();
  });

  it('shows sizes in KB or MB', () => {
    expect(formatFileSize(0)).toBe('0.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * MB)).toBe('5.00 MB');
    expect(formatFileSize(null)).toBe('未知');
  });

  it('gives large downloads more time', () => {
    expect(downloadTimeoutMs(0)).toBe(60_000);
    expect(downloadTimeoutMs(500 * MB)).toBeGreaterThan(10_000_000);
  });
});
