/** File name from a Content-Disposition header; RFC 5987 `filename*` wins over `filename`. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // malformed escape: fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  if (!plain) return null;
  const name = plain[1].trim();
  try {
    // servers often percent-encode Chinese names in the plain form too
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Hands a downloaded blob to the browser as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // revoke later: some browsers start the download asynchronously
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
