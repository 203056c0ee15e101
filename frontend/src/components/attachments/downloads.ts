// Downloads of evidence files through the request layer: a JSON answer instead of the file is an error
// whose meta.message the layer shows; a zip's failure reads exactly 下载失败! (001 §7 item 3).
import { downloadFile, downloadZip } from '../../api/files';
import { saveBlob } from '../../utils/download';
import { FILE_MESSAGES, downloadTimeoutMs } from '../upload/file-rules';

export interface DownloadableFile {
  fileId: string;
  fileName: string;
  size?: number | null;
}

/** One file under its own name; rejects (already shown) when refused. */
export async function saveFile(file: DownloadableFile): Promise<void> {
  const result = await downloadFile(file.fileId, { timeoutMs: downloadTimeoutMs(file.size ?? 0) });
  saveBlob(result.blob, result.fileName || file.fileName);
}

/** The zip name the server gives: '{name}支撑附件.zip' (001 §7 item 3). */
export function zipName(name: string): string {
  return `${name}支撑附件.zip`;
}

/** Several files as one zip named '{name}支撑附件.zip'; rejects (already shown) when refused. */
export async function saveZip(files: readonly DownloadableFile[], name: string): Promise<void> {
  const bytes = files.reduce((sum, f) => sum + (f.size ?? 0), 0);
  const result = await downloadZip(
    files.map((f) => f.fileId),
    name,
    { failureMessage: FILE_MESSAGES.downloadFailed, timeoutMs: downloadTimeoutMs(bytes) },
  );
  saveBlob(result.blob, result.fileName || zipName(name));
}
