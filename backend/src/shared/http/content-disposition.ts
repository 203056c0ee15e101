/** The lower-case extension after the last dot ('' for none): the files module's rule (file-rules.ts extensionOf). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Content-Disposition with the real (UTF-8) name in filename* (RFC 6266 / 5987) and an ASCII filename for
 * old clients: 'attachment; filename="download.pdf"; filename*=UTF-8''%E6%94%AF%E6%92%91.pdf'.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  return `${type}; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

export function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Printable ASCII only, without quotes, backslashes or percent signs; 'download.<ext>' when little is left. */
export function asciiFallback(fileName: string): string {
  const ext = extensionOf(fileName);
  const base = ext ? fileName.slice(0, -(ext.length + 1)) : fileName;
  const clean = base.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\%;]/g, '_').replace(/_+/g, '_').trim();
  const safeExt = ext.replace(/[^a-z0-9]/g, '');
  const stem = /[A-Za-z0-9]/.test(clean) ? clean : 'download';
  return safeExt ? `${stem}.${safeExt}` : stem;
}

/** A name for a downloaded file made from a person's text (a task's name): what a file name cannot hold (/, : …) becomes _. */
export const fileNamePart = (text: string): string => text.replace(/[\\/:*?"<>|]/g, '_');
