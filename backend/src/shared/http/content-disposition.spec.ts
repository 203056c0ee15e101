import { asciiFallback, contentDisposition, encodeRfc5987, fileNamePart } from './content-disposition.js';

describe('Content-Disposition', () => {
  it('carries the UTF-8 name in filename* and an ASCII fallback in filename', () => {
    expect(contentDisposition('attachment', '年度报告.pdf')).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''%E5%B9%B4%E5%BA%A6%E6%8A%A5%E5%91%8A.pdf`,
    );
    expect(contentDisposition('inline', 'report 2026.png')).toBe(`inline; filename="report 2026.png"; filename*=UTF-8''report%202026.png`);
  });

  it('keeps the ASCII part of a mixed name and drops what could break the header', () => {
    expect(asciiFallback('2026年度report.docx')).toBe('2026_report.docx');
    expect(asciiFallback('a"b\\c%d;e.txt')).toBe('a_b_c_d_e.txt');
    expect(asciiFallback('evil\r\nSet-Cookie: x.pdf')).toBe('evil_Set-Cookie: x.pdf');
    expect(asciiFallback('无扩展名')).toBe('download');
  });

  it('percent-encodes the characters RFC 5987 does not allow bare', () => {
    expect(encodeRfc5987("it's (draft)*.pdf")).toBe('it%27s%20%28draft%29%2A.pdf');
    // decodes back to the name
    expect(decodeURIComponent(encodeRfc5987('质控点 (1).pdf'))).toBe('质控点 (1).pdf');
  });
});

describe('fileNamePart', () => {
  it('turns what a file name cannot hold into _ and keeps the rest', () => {
    expect(fileNamePart('任务/一:二*三?"四"<五>|六\\七')).toBe('任务_一_二_三__四__五__六_七');
    expect(fileNamePart('LXE监测任务')).toBe('LXE监测任务');
  });
});
