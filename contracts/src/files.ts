// Evidence files: the upload limits of spec 000 §9 and 001 §5/§9 (checked by the browser before sending and by the
// server again) and the wire shapes of uploads, my files and attachments.
import { z } from 'zod';
import { type ALLOWED_EXTENSIONS, ATTACHMENT_STAGES } from './limits.js';

export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

// ---------------------------------------------------------------------------------------------
// wire shapes of the evidence files (spec 001 §2, §4, §7 items 3–9)

/** A merged file (mergeStatus when done, files/update). */
export const UploadedFileSchema = z
  .object({
    fileId: z.string(),
    fileName: z.string(),
    fileType: z.string().describe('the extension: pdf, docx …'),
    size: z.number().int(),
    lxId: z.string().nullable(),
    lxmc: z.string().nullable(),
    url: z.string(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** A row of GET docrepo/files: mine (`mine`) or shared with me. */
export const DocFileSchema = UploadedFileSchema.extend({
  bz: z.string().nullable(),
  yxqx: z.string().nullable(),
  sha256: z.string(),
  uploaderId: z.string().nullable(),
  uploaderName: z.string().nullable(),
  createTime: z.string().describe('yyyy-MM-dd HH:mm:ss'),
  mine: z.boolean().describe('uploaded by me (otherwise shared with me)'),
}).meta({ id: 'DocFile' });
export type DocFile = z.infer<typeof DocFileSchema>;

/** A file type of GET user/fileTypes (001 §3). */
export const FileTypeSchema = z
  .object({
    id: z.string(),
    mc: z.string(),
  })
  .meta({ id: 'FileType' });
export type FileType = z.infer<typeof FileTypeSchema>;

/** The answer of POST upload/chunk: the chunk that arrived. */
export const ChunkReceiptSchema = z
  .object({
    guid: z.string(),
    chunk: z.number().int().describe('0-based'),
    chunks: z.number().int(),
  })
  .meta({ id: 'ChunkReceipt' });
export type ChunkReceipt = z.infer<typeof ChunkReceiptSchema>;

/** What GET upload/chunks says of an upload: its chunk count (0: unknown upload) and the indexes that arrived. */
export const ReceivedChunksSchema = z
  .object({
    guid: z.string(),
    chunks: z.number().int(),
    received: z.array(z.number().int()),
  })
  .meta({ id: 'ReceivedChunks' });
export type ReceivedChunks = z.infer<typeof ReceivedChunksSchema>;

/** The query of POST upload/merge (001 §7 item 7); sha256 and size let the server check the result. */
export const MergeRequestSchema = z
  .object({
    guid: z.string(),
    fileName: z.string().describe("the chosen file's name, with its extension"),
    fName: z.string().optional().describe('the name to show, if other than fileName'),
    lxId: z.string().optional(),
    lxmc: z.string().optional(),
    bz: z.string().optional(),
    yxqx: z.string().optional(),
    sha256: z.string().optional(),
    size: z.number().int().optional(),
  })
  .meta({ id: 'MergeRequest' });
export type MergeRequest = z.infer<typeof MergeRequestSchema>;

/** The answer of POST upload/merge (message 'waitting'). */
export const MergeStartedSchema = z.object({ guid: z.string() }).meta({ id: 'MergeStarted' });
export type MergeStarted = z.infer<typeof MergeStartedSchema>;

/** The body of POST files/update. */
export const FileChangeSchema = z
  .object({
    fileId: z.string(),
    fileName: z.string().optional().describe('the extension is kept by the server'),
    lxId: z.string().optional(),
    bz: z.string().optional(),
    yxqx: z.string().optional(),
  })
  .meta({ id: 'FileChange' });
export type FileChange = z.infer<typeof FileChangeSchema>;

/** The body and the answer of POST files/share: shared with exactly these people ([] unshares). */
export const FileShareSchema = z
  .object({
    fileId: z.string(),
    userIds: z.array(z.string()),
  })
  .meta({ id: 'FileShare' });
export type FileShare = z.infer<typeof FileShareSchema>;

export const AttachmentStageSchema = z.enum(ATTACHMENT_STAGES).meta({ id: 'AttachmentStage' });
export type AttachmentStage = z.infer<typeof AttachmentStageSchema>;

/** An attachment of a quality point (GET quality/fileList); `id` is the attachment, `fileId` the file. */
export const AttachmentSchema = z
  .object({
    id: z.string(),
    fileId: z.string(),
    fileName: z.string(),
    fileType: z.string(),
    stage: z.string().describe('an AttachmentStage'),
    objTaskId: z.string().nullable(),
    url: z.string(),
    size: z.number().int(),
    createTime: z.string(),
    uploaderName: z.string().nullable(),
    lxmc: z.string().nullable().optional().describe("the attachment's file type (target task files: set by targetTask/file/update)"),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof AttachmentSchema>;

/** The point (and object task) attachments belong to (the query of quality/fileList and uploadFileList). */
export const AttachmentOwnerSchema = z
  .object({
    zgzkdid: z.string(),
    objTaskId: z.string().nullable().optional(),
  })
  .meta({ id: 'AttachmentOwner' });
export type AttachmentOwner = z.infer<typeof AttachmentOwnerSchema>;

/** An item of the body of POST quality/uploadFileList. */
export const AttachItemSchema = z
  .object({
    fileId: z.string(),
    fileName: z.string(),
    fileType: z.string(),
  })
  .meta({ id: 'AttachItem' });
export type AttachItem = z.infer<typeof AttachItemSchema>;

/** The answer of POST quality/uploadFileList (message 导入成功！). */
export const AttachResultSchema = z.object({ added: z.number().int() }).meta({ id: 'AttachResult' });
export type AttachResult = z.infer<typeof AttachResultSchema>;
