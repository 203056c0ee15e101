// The chunked uploader's calls, through the request layer (api/files.ts).
import { getMergeStatus, getReceivedChunks, requestMerge, uploadChunk } from '../../api/files';
import type { UploadTransport } from './chunked-uploader';

/** Files up to this size are hashed in the browser (Web Crypto reads a file whole); larger ones the server alone checks. */
export const CLIENT_HASH_MAX_BYTES = 200 * 1024 * 1024;

/**
 * Chunks go silently (the modal says 上传"{file}"失败! once, not a toast per chunk); the resume check, the merge
 * and its status speak through the request layer, which shows the server's reason (文件类型错误 …) and handles
 * an expired session.
 */
export const uploadTransport: UploadTransport = {
  sendChunk: (part) => uploadChunk({ ...part, fileName: 'blob' }, { silent: true }),
  receivedChunks: (guid) => getReceivedChunks(guid),
  merge: (request) => requestMerge(request),
  mergeStatus: (guid) => getMergeStatus(guid),
};

/** SHA-256 of the file as hex, or null when Web Crypto is missing (plain http) or the file is too large. */
export async function sha256Hex(file: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || file.size > CLIENT_HASH_MAX_BYTES) return null;
  const digest = await subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
