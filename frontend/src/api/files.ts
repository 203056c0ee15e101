// Evidence files (spec 001 §2 Attachments, §4 upload flow, §7 items 3–9): the chunked upload, my files,
// downloads and previews under /api/docrepo, and the attachments of a quality point under /api/herm-znfx.
import { buildUrl, get, getBlob, post, upload, type BlobResult, type GetOptions, type RequestOptions, type UploadOptions } from './request';
import type { Page } from './types';

const DOCREPO = '/api/docrepo';
const QUALITY = '/api/herm-znfx/quality';

// ---------------------------------------------------------------------------------------------
// wire shapes

/** A merged file (mergeStatus when done, files/update). `fileType` is the extension: pdf, docx … */
export interface UploadedFile {
  fileId: string;
  fileName: string;
  fileType: string;
  size: number;
  lxId: string | null;
  lxmc: string | null;
  url: string;
}

/** A row of GET docrepo/files: mine (`mine`) or shared with me. */
export interface DocFile extends UploadedFile {
  bz: string | null;
  yxqx: string | null;
  sha256: string;
  uploaderId: string | null;
  uploaderName: string | null;
  /** yyyy-MM-dd HH:mm:ss */
  createTime: string;
  mine: boolean;
}

/** A file type of GET user/fileTypes (001 §3). */
export interface FileType {
  id: string;
  mc: string;
}

/** What GET upload/chunks says of an upload: its chunk count (0: unknown upload) and the indexes that arrived. */
export interface ReceivedChunks {
  guid: string;
  chunks: number;
  received: number[];
}

/** The query of POST upload/merge (001 §7 item 7); sha256 and size let the server check the result. */
export interface MergeRequest {
  guid: string;
  /** the chosen file's name, with its extension */
  fileName: string;
  /** the name to show, if other than fileName */
  fName?: string;
  lxId?: string;
  lxmc?: string;
  bz?: string;
  yxqx?: string;
  sha256?: string;
  size?: number;
}

export interface FileChange {
  fileId: string;
  /** the extension is kept by the server */
  fileName?: string;
  lxId?: string;
  bz?: string;
  yxqx?: string;
}

/** Attachment stages (001 §4). */
export type AttachmentStage = 'mbbz' | 'jcyj' | 'zwzd' | 'zjgj' | 'unfinish' | 'disqualified';

/** An attachment of a quality point (GET quality/fileList); `id` is the attachment, `fileId` the file. */
export interface Attachment {
  id: string;
  fileId: string;
  fileName: string;
  fileType: string;
  stage: AttachmentStage | string;
  objTaskId: string | null;
  url: string;
  size: number;
  createTime: string;
  uploaderName: string | null;
}

/** The point (and object task) attachments belong to. */
export interface AttachmentOwner {
  zgzkdid: string;
  objTaskId?: string | null;
}

/** An item of the body of POST quality/uploadFileList. */
export interface AttachItem {
  fileId: string;
  fileName: string;
  fileType: string;
}

// ---------------------------------------------------------------------------------------------
// chunked upload (001 §4, §7 items 6–8)

/** POST /api/docrepo/upload/chunk — multipart `file` (the chunk), `guid`, `chunk` (0-based), `chunks`. */
export function uploadChunk(
  part: { guid: string; chunk: number; chunks: number; blob: Blob; fileName: string },
  opts: UploadOptions<{ guid: string; chunk: number; chunks: number }> = {},
): Promise<{ guid: string; chunk: number; chunks: number }> {
  const form = new FormData();
  form.append('guid', part.guid);
  form.append('chunk', String(part.chunk));
  form.append('chunks', String(part.chunks));
  form.append('file', part.blob, part.fileName);
  return upload(`${DOCREPO}/upload/chunk`, form, opts);
}

/** GET /api/docrepo/upload/chunks?guid= — which chunks arrived (resume sends the rest). */
export function getReceivedChunks(guid: string, opts: GetOptions<ReceivedChunks> = {}): Promise<ReceivedChunks> {
  return get<ReceivedChunks>(`${DOCREPO}/upload/chunks`, { guid }, opts);
}

/** POST /api/docrepo/upload/merge?guid&fileName&fName&lxId&lxmc&bz&yxqx[&sha256&size] — answers 'waitting' at once. */
export function requestMerge(merge: MergeRequest, opts: RequestOptions<{ guid: string }> = {}): Promise<{ guid: string }> {
  return post<{ guid: string }>(`${DOCREPO}/upload/merge`, undefined, { ...opts, params: { ...merge } });
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
export function shareFile(fileId: string, userIds: string[], opts: RequestOptions<{ fileId: string; userIds: string[] }> = {}) {
  return post<{ fileId: string; userIds: string[] }>(`${DOCREPO}/files/share`, { fileId, userIds }, opts);
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
  opts: RequestOptions<{ added: number }> = {},
): Promise<{ added: number }> {
  return post<{ added: number }>(`${QUALITY}/uploadFileList`, files, {
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
