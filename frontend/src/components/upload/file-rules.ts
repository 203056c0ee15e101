// The file rules of spec 000 §9 and 001 §5 as the browser applies them before anything is sent.
// The server checks all of them again (and the content behind the extension).

import { ALLOWED_EXTENSIONS, CHINESE_RENDERINGS, FILE_NAME_MAX, UNKNOWN, formatFloat } from '@zhengai/contracts';
import { getClientConfig } from '../../api/client-config';

export { ALLOWED_EXTENSIONS, FILE_NAME_MAX };
/** Extensions shown inline (000 §9). */
export const PREVIEW_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'pdf'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
/** The server's default maximum, in MB: used only while the client configuration has none. */
export const DEFAULT_MAX_SIZE_MB = 500;

/** The largest file an upload may make, in MB: the server's FILE_MAX_MB, through GET /api/client-config. */
export function configuredMaxMb(config: { fileMaxMb?: number } = getClientConfig()): number {
  return config.fileMaxMb && config.fileMaxMb > 0 ? config.fileMaxMb : DEFAULT_MAX_SIZE_MB;
}
/** The remark's limit (000 §9, content 200). */
export const REMARK_MAX = 200;

export const FILE_MESSAGES = {
  wrongType: '文件类型错误',
  empty: '文件为空',
  noFile: '请先选取文件!',
  onlyFormats: (formats: readonly string[]) => `只能上传${formats.join(',')}的文件`,
  tooLarge: (fileName: string, maxMb: number) => `${fileName}文件大小超过${maxMb}MB`,
  uploadFailed: CHINESE_RENDERINGS.uploadFailed,
  noPreview: '该类型不支持预览',
  downloadFailed: '下载失败!',
  imported: '导入成功！',
} as const;

/** Lower-case extension after the last dot; '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The name without its extension, and the extension (lower case, '' when none). */
export function splitFileName(name: string): { base: string; ext: string } {
  const ext = extensionOf(name);
  return { base: ext ? name.slice(0, name.length - ext.length - 1) : name, ext };
}

export function isPreviewable(fileTypeOrName: string): boolean {
  const ext = fileTypeOrName.includes('.') ? extensionOf(fileTypeOrName) : fileTypeOrName.toLowerCase();
  return (PREVIEW_EXTENSIONS as readonly string[]).includes(ext);
}

export function isImage(fileTypeOrName: string): boolean {
  const ext = fileTypeOrName.includes('.') ? extensionOf(fileTypeOrName) : fileTypeOrName.toLowerCase();
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

export type FileCheck =
  | { ok: true }
  /** not taken at all: a warning */
  | { ok: false; keep: false; message: string }
  /** taken into the list but marked error (an empty file) */
  | { ok: false; keep: true; message: string };

export interface FileCheckOptions {
  /** the formats a component restricts uploads to; then a wrong type says 只能上传{formats}的文件 */
  formats?: readonly string[];
  maxSizeMb?: number;
}

/** The checks on choosing a file: extension, size, emptiness. */
export function checkChosenFile(file: { name: string; size: number }, options: FileCheckOptions = {}): FileCheck {
  const ext = extensionOf(file.name);
  const allowed: readonly string[] = options.formats?.length ? options.formats.map((f) => f.toLowerCase()) : ALLOWED_EXTENSIONS;
  if (!allowed.includes(ext)) {
    return { ok: false, keep: false, message: options.formats?.length ? FILE_MESSAGES.onlyFormats(options.formats) : FILE_MESSAGES.wrongType };
  }
  const maxMb = options.maxSizeMb ?? configuredMaxMb();
  if (file.size > maxMb * 1024 * 1024) return { ok: false, keep: false, message: FILE_MESSAGES.tooLarge(file.name, maxMb) };
  if (file.size === 0) return { ok: false, keep: true, message: FILE_MESSAGES.empty };
  return { ok: true };
}

/** A new name for a file, without its extension: what the server would refuse, or null. */
export function fileNameProblem(base: string, ext: string): string | null {
  const name = base.trim();
  if (!name) return '请输入文件名';
  if (/[/\\]/.test(name) || name.includes('..')) return '文件名不能包含 / \\ 或 ..';
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(name)) return '文件名不能包含控制字符';
  const full = ext ? `${name}.${ext}` : name;
  if ([...full].length > FILE_NAME_MAX) return `文件名不能超过${FILE_NAME_MAX}个字符`;
  return null;
}

/** Bytes as KB (under 1 MB), MB or GB, a float with two decimals (the formatting layer); 未知 for nothing. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return UNKNOWN;
  if (bytes < 1024 * 1024) return `${formatFloat(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${formatFloat(bytes / (1024 * 1024))} MB`;
  return `${formatFloat(bytes / (1024 * 1024 * 1024))} GB`;
}

/**
 * How long a download may take: the usual 60 s, plus a second for every 50 KB, so that a large file
 * on a slow line is not cut off by the request timeout (which covers the whole body).
 */
export function downloadTimeoutMs(bytes: number): number {
  return 60_000 + Math.ceil(Math.max(0, bytes) / 50);
}
