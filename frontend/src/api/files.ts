// Evidence files (spec 001 §2 Attachments, §4 upload flow, §7 items 3–9): the chunked upload, my files,
// downloads and previews under /api/docrepo, and the attachments of a quality point under /api/herm-znfx.
import { buildUrl, get, getBlob, post, upload, type BlobResult, type GetOptions, type RequestOptions, type UploadOptions } from './request';
import type {
  AttachItem,
  Attachment,
  AttachmentOwner,
  AttachmentStage,
  AttachResult,
  ChunkReceipt,
  DocFile,
  FileChange,
  FileShare,
  FileType,
  MergeRequest,
  MergeStarted,
  Page,
  ReceivedChunks,
  UploadedFile,
} from '@zhengai/contracts';

// The wire shapes are the contract's; re-exported for the pages and components that import them from here.
export type {
  AttachItem,
  Attachment,
  AttachmentOwner,
  AttachmentStage,
  DocFile,
  FileChange,
  FileType,
  MergeRequest,
  ReceivedChunks,
  UploadedFile,
} from '@zhengai/contracts';

const DOCREPO = '/api/docrepo';
const QUALITY = '/api/herm-znfx/quality';

// ---------------------------------------------------------------------------------------------
// chunked upload (001 §4, §7 items 6–8)

/** POST /api/docrepo/upload/chunk — multipart `file` (the chunk), `guid`, `chunk` (0-based), `chunks`. */
export function uploadChunk(
  part: { guid: string; chunk: number; chunks: number; blob: Blob; fileName: string },
  opts: UploadOptions<ChunkReceipt> = {},
): Promise<ChunkReceipt> {
  const form = new FormData();
  form.append('guid', part.guid);
  form.append('chunk', String(part.chunk));
  form.append('chunks', String(part.chunks));
  form.append('file', part.blob, part.fileName);
  // a chunk changes nothing on screen; the merge does
  return upload(`${DOCREPO}/upload/chunk`, form, { ...opts, reads: true });
}

/** GET /api/docrepo/upload/chunks?guid= — which chunks arrived (resume sends the rest). */
export function getReceivedChunks(guid: string, opts: GetOptions<ReceivedChunks> = {}): Promise<ReceivedChunks> {
  return get<ReceivedChunks>(`${DOCREPO}/upload/chunks`, { guid }, opts);
}

/** POST /api/docrepo/upload/merge?guid&fileName&fName&lxId&lxmc&bz&yxqx[&sha256&size] — answers 'waitting' at once. */
export function requestMerge(merge: MergeRequest, opts: RequestOptions<MergeStarted> = {}): Promise<MergeStarted> {
  return post<MergeStarted>(`${DOCREPO}/upload/merge`, undefined, { ...opts, params: { ...merge } });
}

/** GET /api/docrepo/upload/mergeStatus?guid= — null while merging ('waitting'), the file when done; a refusal rejects. */
export function getMergeStatus(guid: string, opts: GetOptions<UploadedFile | null> = {}): Promise<UploadedFile | null> {
  return get<UploadedFile | null>(`${DOCREPO}/upload/mergeStatus`, { guid }, opts);
}

// ---------------------------------------------------------------------------------------------
// my files

/** GET /api/docrepo/files?pageNum&pageSize&fileName — my files and the files shared with me, newest first. */
export function getMyFiles(
  query: { pageNum: number; pageSize: number; fileName?: string },
  opts: GetOptions<Page<DocFile>> = {},
): Promise<Page<DocFile>> {
  return get<Page<DocFile>>(`${DOCREPO}/files`, { pageNum: query.pageNum, pageSize: query.pageSize, fileName: query.fileName || undefined }, opts);
}

/** POST /api/docrepo/files/update — body { fileId, fileName?, lxId?, bz?, yxqx? }. */
export function updateFile(change: FileChange, opts: RequestOptions<UploadedFile> = {}): Promise<UploadedFile> {
  return post<UploadedFile>(`${DOCREPO}/files/update`, change, opts);
}

/** POST /api/docrepo/files/delete — body { fileId }: the file, its attachments and shares. */
export function deleteFile(fileId: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${DOCREPO}/files/delete`, { fileId }, opts);
}

/** POST /api/docrepo/files/share — body { fileId, userIds }: shared with exactly these people ([] unshares). */
export function shareFile(fileId: string, userIds: string[], opts: RequestOptions<FileShare> = {}): Promise<FileShare> {
  return post<FileShare>(`${DOCREPO}/files/share`, { fileId, userIds }, opts);
}

/** GET /api/user/fileTypes?pageNum=1&pageSize=10 — the file types (001 §7 item 5, §9). */
export function getFileTypes(opts: GetOptions<Page<FileType>> = {}): Promise<Page<FileType>> {
  return get<Page<FileType>>('/api/user/fileTypes', { pageNum: 1, pageSize: 10 }, opts);
}

// ---------------------------------------------------------------------------------------------
// download and preview (001 §7 items 3 and 9)

/** GET /api/docrepo/download?attachmentId= — as a URL with the csrf parameters. */
export function fileDownloadUrl(fileId: string): string {
  return buildUrl(`${DOCREPO}/download`, { attachmentId: fileId });
}

/** GET /api/docrepo/preview?attachmentId= — jpg, jpeg, png, gif and pdf inline, for <img src> and <iframe src>. */
export function filePreviewUrl(fileId: string): string {
  return buildUrl(`${DOCREPO}/preview`, { attachmentId: fileId });
}

/** GET /api/docrepo/download?attachmentId= — the file; a JSON answer is an error shown with its meta.message. */
export function downloadFile(fileId: string, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${DOCREPO}/download`, { attachmentId: fileId }, opts);
}

/** GET /api/docrepo/multiDownload?ids=a,b,c&name= — a zip named '{name}支撑附件.zip'. */
export function downloadZip(fileIds: readonly string[], name: string, opts: GetOptions<BlobResult> = {}): Promise<BlobResult> {
  return getBlob(`${DOCREPO}/multiDownload`, { ids: fileIds.join(','), name }, opts);
}

// ---------------------------------------------------------------------------------------------
// attachments of a quality point (001 §7 item 4)

/** POST /api/herm-znfx/quality/uploadFileList?zgzkdid&objTaskId&stage — body [{ fileId, fileName, fileType }] → 导入成功！ */
export function attachFiles(
  owner: AttachmentOwner,
  stage: AttachmentStage,
  files: readonly AttachItem[],
  opts: RequestOptions<AttachResult> = {},
): Promise<AttachResult> {
  return post<AttachResult>(`${QUALITY}/uploadFileList`, files, {
    ...opts,
    params: { zgzkdid: owner.zgzkdid, objTaskId: owner.objTaskId || undefined, stage },
  });
}

/** GET /api/herm-znfx/quality/fileList?zgzkdid&objTaskId — the point's attachments in stage order. */
export function getAttachments(owner: AttachmentOwner, opts: GetOptions<Attachment[]> = {}): Promise<Attachment[]> {
  return get<Attachment[]>(`${QUALITY}/fileList`, { zgzkdid: owner.zgzkdid, objTaskId: owner.objTaskId || undefined }, opts);
}

/** POST /api/herm-znfx/quality/deleteFile — body { id } (the attachment's id): detaches; the file stays. */
export function detachFile(id: string, opts: RequestOptions<unknown> = {}): Promise<unknown> {
  return post<unknown>(`${QUALITY}/deleteFile`, { id }, opts);
}
