/**
 * The upload rules of spec 000 §9 and 001 §5, pure: names, extensions, sizes, chunks and what the bytes must look like.
 */

import { ALLOWED_EXTENSIONS, CHUNK_SIZE, FILE_NAME_MAX, UPLOAD_FILES_IN_FLIGHT, UPLOADS_OPEN_MAX, type AllowedExtension } from '@zhengai/contracts';

export { ALLOWED_EXTENSIONS, CHUNK_SIZE, FILE_NAME_MAX, type AllowedExtension };
export const MIB = 1024 * 1024;

/** Shown inline (000 §9: preview for jpg, jpeg, png, gif and pdf), with the Content-Type each is served as. */
export const PREVIEW_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

const MIME: Readonly<Record<AllowedExtension, string>> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  wps: 'application/vnd.ms-works',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  rar: 'application/vnd.rar',
  zip: 'application/zip',
};

export const FileMessages = {
  empty: '文件为空',
  wrongType: '文件类型错误',
  allowedHint: `只能上传${ALLOWED_EXTENSIONS.join(',')}的文件`,
  noName: '文件名不能为空',
  badName: '文件名不能包含 / \\ .. 或控制字符',
  nameTooLong: `文件名不能超过${FILE_NAME_MAX}个字符`,
  tooLarge: (file: string, maxMb: number) => `${file}文件大小超过${maxMb}MB`,
  incomplete: '文件分片不完整，请重新上传',
  checksum: '文件校验失败（SHA-256 不一致），文件在上传中损坏，请重新上传',
  sizeMismatch: '文件大小与声明的不一致，请重新上传',
  mergeFailed: '文件合并失败，请重新上传',
  mergeExpired: '文件合并超时，请重新上传',
  noPreview: '该文件类型不支持预览，只能预览jpg,jpeg,png,gif,pdf文件',
  fileMissing: '文件不存在',
  tooManyUploads: '同时上传的文件过多，请等待其他文件上传完成后再试',
  tooMuchInFlight: (maxMb: number) => `正在上传的文件总大小超过${UPLOAD_FILES_IN_FLIGHT * maxMb}MB，请等待其他文件上传完成后再试`,
  diskFull: '磁盘空间不足，请联系管理员',
} as const;

export { GUID_PATTERN } from '@zhengai/contracts';

export function isAllowedExtension(ext: string): ext is AllowedExtension {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(ext);
}

/** Lower-case extension after the last dot, '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function mimeOf(ext: AllowedExtension): string {
  return MIME[ext];
}

export type NameCheck = { ok: true; name: string; ext: AllowedExtension } | { ok: false; message: string; data: unknown };

// C0 controls, DEL and C1 controls; also the Unicode line and paragraph separators and bidi overrides that disguise names.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** A name a file may carry: no path parts, no control characters, at most 100 characters, an allowed extension. */
export function checkFileName(raw: unknown): NameCheck {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, message: FileMessages.noName, data: null };
  const name = raw.trim();
  if (/[/\\]/.test(name) || name.includes('..') || CONTROL.test(name)) return { ok: false, message: FileMessages.badName, data: null };
  if ([...name].length > FILE_NAME_MAX) return { ok: false, message: FileMessages.nameTooLong, data: null };
  const ext = extensionOf(name);
  if (!isAllowedExtension(ext)) {
    return { ok: false, message: FileMessages.wrongType, data: { allowed: [...ALLOWED_EXTENSIONS], hint: FileMessages.allowedHint } };
  }
  return { ok: true, name, ext };
}

/** A new name for a file keeps its extension: 'b' and 'b.pdf' both become 'b.pdf' for a pdf. */
export function renameKeepingExtension(raw: unknown, ext: AllowedExtension): NameCheck {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, message: FileMessages.noName, data: null };
  const trimmed = raw.trim();
  const name = extensionOf(trimmed) === ext ? trimmed : `${trimmed}.${ext}`;
  const checked = checkFileName(name);
  return checked.ok && checked.ext !== ext ? { ok: false, message: FileMessages.wrongType, data: null } : checked;
}

export function maxBytes(maxMb: number): number {
  return maxMb * MIB;
}

/** The most chunks an upload may declare: a file of the largest size allowed. */
export function maxChunks(maxMb: number): number {
  return Math.ceil(maxBytes(maxMb) / CHUNK_SIZE);
}

/**
 * What one person's open uploads may hold together (issue 31): UPLOADS_OPEN_MAX uploads, and chunks declared (each
 * CHUNK_SIZE bytes, so an upper bound of the bytes) of at most UPLOAD_FILES_IN_FLIGHT files of the largest size.
 */
export interface UploadQuota {
  uploads: number;
  chunks: number;
}

export function uploadQuota(maxMb: number): UploadQuota {
  return { uploads: UPLOADS_OPEN_MAX, chunks: UPLOAD_FILES_IN_FLIGHT * maxChunks(maxMb) };
}

/** Why a new upload of `chunks` chunks would pass the person's quota, given what they have open; null when it fits. */
export function quotaRefusal(open: UploadQuota, chunks: number, maxMb: number): string | null {
  const quota = uploadQuota(maxMb);
  if (open.uploads + 1 > quota.uploads) return FileMessages.tooManyUploads;
  if (open.chunks + chunks > quota.chunks) return FileMessages.tooMuchInFlight(maxMb);
  return null;
}

/**
 * The free space the files' disk keeps (bytes): FILES_MIN_FREE_MB when configured, else the larger of 1 GiB and 5 %
 * of the disk. A chunk that would leave less is refused.
 */
export function diskReserve(totalBytes: number, minFreeMb: number | null): number {
  return minFreeMb !== null ? minFreeMb * MIB : Math.max(1024 * MIB, Math.ceil(totalBytes * 0.05));
}

/** True when writing `bytes` more leaves at least the reserve free. */
export function hasRoom(space: { freeBytes: number; totalBytes: number }, bytes: number, minFreeMb: number | null): boolean {
  return space.freeBytes - bytes >= diskReserve(space.totalBytes, minFreeMb);
}

export type ChunkCheck = { ok: true; chunk: number; chunks: number } | { ok: false; message: string };

/**
 * 0 ≤ chunk < chunks ≤ the most an upload may have. Uploaders that do not split a file smaller than one chunk
 * send neither field: that is chunk 0 of 1. (The contract's ChunkForm has read each as a whole number already.)
 */
export function checkChunkNumbers(chunk: number | undefined, chunks: number | undefined, maxMb: number): ChunkCheck {
  if (chunk === undefined && chunks === undefined) return { ok: true, chunk: 0, chunks: 1 };
  if (chunks === undefined || chunks < 1) return { ok: false, message: '分片总数不正确' };
  if (chunks > maxChunks(maxMb)) return { ok: false, message: `文件大小超过${maxMb}MB` };
  if (chunk === undefined || chunk < 0 || chunk >= chunks) return { ok: false, message: '分片序号不正确' };
  return { ok: true, chunk, chunks };
}

/**
 * Chunks are written in place at chunk × CHUNK_SIZE, so every chunk but the last is exactly CHUNK_SIZE bytes (the
 * spec's clients split so); the last has 1 to CHUNK_SIZE, or none when the whole file is empty.
 */
export function checkChunkSize(chunk: number, chunks: number, size: number): string | null {
  if (chunk < chunks - 1 && size !== CHUNK_SIZE) return `分片大小应为${CHUNK_SIZE}字节（最后一个分片除外）`;
  if (size > CHUNK_SIZE) return `分片大小不能超过${CHUNK_SIZE}字节`;
  return null;
}

/** The indexes of 0..total-1 that are not among present. */
export function missingChunks(total: number, present: readonly number[]): number[] {
  const have = new Set(present);
  const missing: number[] = [];
  for (let i = 0; i < total; i++) if (!have.has(i)) missing.push(i);
  return missing;
}

/** What a content sniffer says the first bytes are (file-type's ext and mime), or undefined when it cannot tell. */
export interface DetectedType {
  ext: string;
  mime: string;
}

/** How many first bytes the content check reads, and how many of them a text file must keep free of NUL. */
export const HEAD_BYTES = 64 * 1024;
export const TEXT_PROBE_BYTES = 8 * 1024;

const OOXML: Readonly<Record<'docx' | 'xlsx' | 'pptx', readonly string[]>> = {
  docx: ['docx', 'docm', 'dotx', 'dotm'],
  xlsx: ['xlsx', 'xlsm', 'xltx', 'xltm'],
  pptx: ['pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm'],
};
/** Containers that are zip files underneath; a .zip that is one of them is still a zip. */
const ZIP_BASED = new Set(['zip', ...OOXML.docx, ...OOXML.xlsx, ...OOXML.pptx, 'odt', 'ods', 'odp', 'epub', 'jar', 'apk', 'xpi', 'kmz', '3mf', 'vsdx']);
/** Kinds a sniffer may report for what is still text. */
const TEXT_KINDS = new Set(['xml', 'ics', 'vcf', 'srt']);

function zipMagic(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

/**
 * Do the first bytes fit the extension? Images, pdf, rar and zip must be their kind; doc, xls, ppt and wps must be
 * OLE compound files; docx, xlsx and pptx their OOXML kind or a plain zip (or OLE: an encrypted Office file);
 * txt must have no NUL in its first 8 KB and no binary kind. Anything else (an exe named .pdf) does not fit.
 */
export function contentMatches(ext: AllowedExtension, detected: DetectedType | undefined, head: Uint8Array): boolean {
  const kind = detected?.ext;
  switch (ext) {
    case 'gif':
      return kind === 'gif';
    case 'jpg':
    case 'jpeg':
      return kind === 'jpg';
    case 'png':
      return kind === 'png' || kind === 'apng';
    case 'pdf':
      return kind === 'pdf' || kind === 'ai';
    case 'rar':
      return kind === 'rar';
    case 'zip':
      return kind !== undefined ? ZIP_BASED.has(kind) : zipMagic(head);
    case 'doc':
    case 'xls':
    case 'ppt':
    case 'wps':
      return kind === 'cfb';
    case 'docx':
    case 'xlsx':
    case 'pptx':
      if (kind === undefined) return zipMagic(head);
      return kind === 'zip' || kind === 'cfb' || OOXML[ext].includes(kind);
    case 'txt': {
      const probe = head.subarray(0, TEXT_PROBE_BYTES);
      if (probe.includes(0)) return false;
      return kind === undefined || TEXT_KINDS.has(kind) || (detected?.mime.startsWith('text/') ?? false);
    }
  }
}
