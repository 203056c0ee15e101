import { XLSX_MAX_BYTES, xlsxRefusal, zipEntries } from './xlsx-file.js';

/** A zip of stored (uncompressed) entries, built by hand; `claimed` overrides the size the directory states. */
function zip(entries: Array<{ name: string; data: string; claimed?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = Buffer.from(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(e.claimed ?? data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('an import is an xlsx by content', () => {
  const workbook = [{ name: '[Content_Types].xml', data: '<Types/>' }, { name: 'xl/workbook.xml', data: '<workbook/>' }];

  it('reads the central directory', () => {
    expect(zipEntries(zip(workbook))).toEqual([{ name: '[Content_Types].xml', unpacked: 8 }, { name: 'xl/workbook.xml', unpacked: 11 }]);
  });

  it('takes a zip with xl/workbook.xml', () => {
    expect(xlsxRefusal('a.xlsx', zip(workbook))).toBeNull();
  });

  it.each([
    ['empty', Buffer.alloc(0), '文件为空'],
    ['a pdf named xlsx', Buffer.from('%PDF-1.7\n'.padEnd(200, 'x')), '文件类型错误'],
    ['a zip without a workbook (a docx)', zip([{ name: 'word/document.xml', data: '<w/>' }]), '文件类型错误'],
    ['a truncated zip', zip(workbook).subarray(0, 60), '文件类型错误'],
    ['a zip bomb', zip([...workbook, { name: 'xl/worksheets/sheet1.xml', data: 'x', claimed: 200 * 1024 * 1024 }]), '文件内容过大，请拆分后导入'],
  ])('refuses %s', (_what, bytes, message) => {
    expect(xlsxRefusal('a.xlsx', bytes)).toBe(message);
  });

  it('refuses more than 10 MB with the spec\'s message', () => {
    expect(xlsxRefusal('质控点.xlsx', Buffer.alloc(XLSX_MAX_BYTES + 1))).toBe('质控点.xlsx文件大小超过10MB');
  });
});
