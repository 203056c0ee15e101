import { extensionOf } from './file-rules.js';

/**
 * Entry names for a zip of files: each file's own (Chinese) name, path characters made harmless, and a repeated
 * name (ignoring letter case, as Windows does) numbered 'x (1).pdf', 'x (2).pdf' in order.
 */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const name = entrySafe(raw);
    let candidate = name;
    const ext = extensionOf(name) ? name.slice(name.lastIndexOf('.')) : '';
    const stem = name.slice(0, name.length - ext.length);
    for (let n = 1; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

// eslint-disable-next-line no-control-regex -- control characters and path or Windows-reserved characters are what it removes
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

function entrySafe(raw: string): string {
  const cleaned = raw.replace(UNSAFE, '_').replace(/^\.+/, '').trim();
  return cleaned === '' ? 'file' : cleaned;
}

/** '{point name}支撑附件.zip' (001 §7 item 3), or 支撑附件.zip without a name. */
export function zipFileName(pointName: string | undefined): string {
  const name = (pointName ?? '').replace(UNSAFE, '').trim().slice(0, 100);
  return `${name}支撑附件.zip`;
}
