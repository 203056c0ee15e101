/**
 * An import must be an .xlsx by content, not by name: a zip archive (read through its central directory) holding
 * xl/workbook.xml, at most 10 MB, and not one that unpacks to more than 100 MB (a zip bomb would fill memory).
 */
export const XLSX_MAX_BYTES = 10 * 1024 * 1024;
export const XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
const MAX_ENTRIES = 10_000;

export const XlsxMessages = {
  empty: '文件为空',
  tooLarge: (fileName: string) => `${fileName}文件大小超过${XLSX_MAX_BYTES / 1024 / 1024}MB`,
  notXlsx: '文件类型错误',
  unpacksTooLarge: '文件内容过大，请拆分后导入',
} as const;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface ZipEntry {
  name: string;
  unpacked: number;
}

/** The entries of a zip's central directory, or null when the bytes are not a (plain, non-ZIP64) zip. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  if (bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== LOCAL) return null;
  // The end record is the last 22 bytes plus a comment of at most 65535 bytes.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || offset === 0xffffffff || offset + size > eocd || count > MAX_ENTRIES) return null;
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL) return null;
    const unpacked = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (unpacked === 0xffffffff || at + 46 + nameLength > eocd) return null;
    entries.push({ name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)), unpacked });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Why an upload cannot be imported, or null. */
export function xlsxRefusal(fileName: string, bytes: Uint8Array): string | null {
  if (bytes.length === 0) return XlsxMessages.empty;
  if (bytes.length > XLSX_MAX_BYTES) return XlsxMessages.tooLarge(fileName);
  const entries = zipEntries(bytes);
  if (!entries || !entries.some((e) => e.name === 'xl/workbook.xml')) return XlsxMessages.notXlsx;
  if (entries.reduce((sum, e) => sum + e.unpacked, 0) > XLSX_MAX_UNPACKED_BYTES) return XlsxMessages.unpacksTooLarge;
  return null;
}
