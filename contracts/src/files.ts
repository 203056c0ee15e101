// Evidence files: the upload limits of spec 000 §9 and 001 §5/§9 (checked by the browser before sending and by the
// server again) and the wire shapes of uploads, my files and attachments.
import { z } from 'zod';
import { optionalText, PAGE_QUERY, requiredText, text } from './input.js';
import { type ALLOWED_EXTENSIONS, ATTACHMENT_STAGES, FILE_NAME_MAX, GUID_PATTERN } from './limits.js';

export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

// ---------------------------------------------------------------------------------------------
// how the server reads the files routes' input (issue 30): the limits and the parts of the request schemas

/** The server's limits on the files routes' input (the browser's remark field stops at 200, 000 §9). */
export const FILE_INPUT_LIMITS = { remark: 500, validity: 40, multiDownload: 500, share: 1000, attach: 500 } as const;

/**
 * The file name's rule (FILE_NAME_MAX characters with the extension, no path parts) is the server's domain rule,
 * counted in characters; the schema bounds the text at twice that many UTF-16 units, so every name within the rule passes.
 */
const FILE_NAME_TRANSPORT_MAX = FILE_NAME_MAX * 2;
const FILE_NAME_TOO_LONG = `文件名不能超过${FILE_NAME_MAX}个字符`;
const GUID_MESSAGE = 'guid 不正确（8 到 64 个字母、数字、_ 或 -）';
const SHA256_MESSAGE = 'sha256 应为 64 位十六进制';
const SIZE_MESSAGE = 'size 应为文件的字节数';

/** Ids of the files routes are looked up, never joined into paths; only letters, digits, _ and - get that far. */
const REF_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An id a files route looks up (a file, an attachment, a point, a task): required; `invalid` when it is no id. */
export function fileRef(invalid = '编号不正确', missing?: string) {
  return requiredText(64, { missing, tooLong: invalid }).regex(REF_PATTERN, { error: invalid });
}

/** The upload's id the browser chose: the chunks' folder name on the server (GUID_PATTERN). */
function guid() {
  return text(64, { tooLong: GUID_MESSAGE }).regex(GUID_PATTERN, { error: GUID_MESSAGE }).describe('the upload id the browser chose (8–64 of A-Z a-z 0-9 _ -)');
}

/** A query or form value where '' means not sent. */
function blankIsAbsent<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** A whole number ≥ min in a query or a form field (text of digits; '' is absent); anything else answers `message`. */
function formInt(message: string, min = 0) {
  return z.preprocess(
    (value) => (value === '' ? undefined : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.int({ error: message }).min(min, { error: message }),
  );
}

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
    guid: guid(),
    fileName: text(FILE_NAME_TRANSPORT_MAX, { missing: '请先选取文件!', tooLong: FILE_NAME_TOO_LONG }).describe("the chosen file's name, with its extension (gif, jpg, jpeg, png, txt, doc, docx, wps, ppt, pptx, xls, xlsx, pdf, rar, zip)"),
    fName: text(FILE_NAME_TRANSPORT_MAX, { tooLong: FILE_NAME_TOO_LONG }).optional().describe('the name to show, if other than fileName (the extension is kept)'),
    lxId: text(64).optional().describe('file type id (GET /api/user/fileTypes); default 内部支撑文件'),
    lxmc: text(60).optional().describe('file type name (the server stores the name of lxId)'),
    bz: optionalText(FILE_INPUT_LIMITS.remark, { multiline: true, tooLong: `备注不能超过${FILE_INPUT_LIMITS.remark}个字符` }).optional().describe('remark (blank: none)'),
    yxqx: optionalText(FILE_INPUT_LIMITS.validity, { tooLong: `有效期不能超过${FILE_INPUT_LIMITS.validity}个字符` }).optional().describe('validity (a date or a text)'),
    sha256: blankIsAbsent(text(64, { tooLong: SHA256_MESSAGE }).regex(/^[0-9a-fA-F]{64}$/, { error: SHA256_MESSAGE }))
      .optional()
      .describe('SHA-256 of the whole file (hex): the merge fails if the result differs'),
    size: formInt(SIZE_MESSAGE).optional().describe('size of the whole file in bytes: the merge fails if the result differs'),
  })
  .meta({ id: 'MergeRequest' });
export type MergeRequest = z.infer<typeof MergeRequestSchema>;

/** The answer of POST upload/merge (message 'waitting'). */
export const MergeStartedSchema = z.object({ guid: z.string() }).meta({ id: 'MergeStarted' });
export type MergeStarted = z.infer<typeof MergeStartedSchema>;

/** The body of POST files/update: absent fields stay; lxId null or '' clears the type. */
export const FileChangeSchema = z
  .object({
    fileId: fileRef(),
    fileName: text(FILE_NAME_TRANSPORT_MAX, { tooLong: FILE_NAME_TOO_LONG }).optional().describe('new name; the extension is kept by the server'),
    lxId: text(64).nullable().optional().describe("file type id; null or '' clears it"),
    bz: text(FILE_INPUT_LIMITS.remark, { multiline: true, tooLong: `备注不能超过${FILE_INPUT_LIMITS.remark}个字符` }).nullable().optional().describe("remark; null or '' clears it"),
    yxqx: text(FILE_INPUT_LIMITS.validity, { tooLong: `有效期不能超过${FILE_INPUT_LIMITS.validity}个字符` }).nullable().optional().describe('validity (a date or a text)'),
  })
  .meta({ id: 'FileChange' });
export type FileChange = z.infer<typeof FileChangeSchema>;

/** The answer of POST files/share: shared with exactly these people (its body is FileShareInput). */
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
    zgzkdid: fileRef('zgzkdid 不正确').describe('the quality point (质控点) id'),
    objTaskId: fileRef('objTaskId 不正确').nullable().optional().describe('the object task id (gzdxid / dxrwid)'),
  })
  .meta({ id: 'AttachmentOwner' });
export type AttachmentOwner = z.infer<typeof AttachmentOwnerSchema>;

/** An item of the body of POST quality/uploadFileList and targetTask/file/add: the file; its name and type are the stored ones. */
export const AttachItemSchema = z
  .object({
    fileId: fileRef(),
    fileName: text(FILE_NAME_TRANSPORT_MAX).optional().describe('ignored: the stored name is used'),
    fileType: text(20).optional().describe('ignored: the stored type is used'),
  })
  .meta({ id: 'AttachItem' });
export type AttachItem = z.infer<typeof AttachItemSchema>;

/** The answer of POST quality/uploadFileList (message 导入成功！). */
export const AttachResultSchema = z.object({ added: z.number().int() }).meta({ id: 'AttachResult' });
export type AttachResult = z.infer<typeof AttachResultSchema>;

// ---------------------------------------------------------------------------------------------
// request schemas of the files routes (issue 30): read by the server with @ZodBody / @ZodQuery

/** POST upload/chunk (multipart): the form fields beside the chunk; a file smaller than a chunk may send neither number. */
export const ChunkFormSchema = z
  .object({
    file: z.any().optional().meta({ type: 'string', format: 'binary', description: 'the chunk, at most 614400 bytes' }),
    guid: guid(),
    chunk: formInt('分片序号不正确').optional().describe('0-based index of this chunk'),
    chunks: formInt('分片总数不正确', 1).optional().describe('how many chunks the file has'),
  })
  .meta({ id: 'ChunkForm' });

/** GET upload/chunks and upload/mergeStatus: the upload. */
export const UploadGuidQuerySchema = z.object({ guid: guid() }).meta({ id: 'UploadGuidQuery' });

/** GET docrepo/files: my files and those shared with me, paged; fileName filters (contains). */
export const FileListQuerySchema = z
  .object({ ...PAGE_QUERY, fileName: text(FILE_NAME_MAX, { tooLong: FILE_NAME_TOO_LONG }).optional().describe('part of the file name') })
  .meta({ id: 'FileListQuery' });

/** files/delete: the file. */
export const FileRefSchema = z.object({ fileId: fileRef() }).meta({ id: 'FileRef' });

/** The body of files/share: the people it is shared with from now on ([] unshares). */
export const FileShareInputSchema = z
  .object({
    fileId: fileRef(),
    userIds: z
      .array(fileRef(), { error: (issue) => (issue.input == null ? undefined : 'userIds 应为用户编号列表') })
      .max(FILE_INPUT_LIMITS.share, { error: `一次最多共享给${FILE_INPUT_LIMITS.share}人` })
      .describe('the people it is shared with from now on (replaces the list)'),
  })
  .meta({ id: 'FileShareInput' });

/** GET download and preview: the file (doc_file id; attachments, the logo and evidence files all use it). */
export const FileDownloadQuerySchema = z.object({ attachmentId: fileRef() }).meta({ id: 'FileDownloadQuery' });

/** GET multiDownload: ids comma-separated (duplicates count once), at most FILE_INPUT_LIMITS.multiDownload. */
export const MultiDownloadQuerySchema = z
  .object({
    ids: text(FILE_INPUT_LIMITS.multiDownload * 65, { missing: '请选择要下载的文件', tooLong: `一次最多下载${FILE_INPUT_LIMITS.multiDownload}个文件` })
      .transform((list) => [...new Set(list.split(',').map((s) => s.trim()).filter(Boolean))])
      .pipe(
        z
          .array(z.string().regex(REF_PATTERN, { error: '编号不正确' }))
          .min(1, { error: '请选择要下载的文件' })
          .max(FILE_INPUT_LIMITS.multiDownload, { error: `一次最多下载${FILE_INPUT_LIMITS.multiDownload}个文件` }),
      )
      .describe(`file ids, comma-separated, at most ${FILE_INPUT_LIMITS.multiDownload}`),
    name: text(200).optional().describe("the quality point's name: the zip is named {name}支撑附件.zip"),
  })
  .meta({ id: 'MultiDownloadQuery' });

/** The files a request attaches (quality/uploadFileList's body, targetTask/file/add's files). */
const attachItems = () =>
  z
    .array(AttachItemSchema, { error: '请先选取文件!' })
    .min(1, { error: '请先选取文件!' })
    .max(FILE_INPUT_LIMITS.attach, { error: `一次最多导入${FILE_INPUT_LIMITS.attach}个文件` });

/** POST quality/uploadFileList's query: the point, its object task and the stage. */
export const AttachQuerySchema = AttachmentOwnerSchema.extend({
  stage: z
    .enum(ATTACHMENT_STAGES, { error: `stage 只能是 ${ATTACHMENT_STAGES.join(', ')}` })
    .describe('mbbz target standard, jcyj warning, zwzd / zjgj diagnosis, unfinish / disqualified improvement'),
}).meta({ id: 'AttachQuery' });

/** POST quality/uploadFileList's body: merged files of the person, [{ fileId, fileName, fileType }]. */
export const AttachItemsSchema = attachItems().meta({ id: 'AttachItems' });

/** An attachment named by its id (the id of a fileList item, not its fileId): quality/deleteFile, targetTask/file/delete. */
export const AttachmentRefSchema = z
  .object({ id: fileRef().describe('the attachment id (a list item id, not its fileId)') })
  .meta({ id: 'AttachmentRef' });

/** GET targetTask/file/list: the target task. */
export const TaskFileListQuerySchema = z
  .object({ taskId: fileRef('缺少目标任务', '缺少目标任务').describe('the target task id') })
  .meta({ id: 'TaskFileListQuery' });

/** POST targetTask/file/add: one's own merged files onto a target task, at its stage task. */
export const TaskFileAddInputSchema = z
  .object({
    taskId: fileRef('缺少目标任务', '缺少目标任务').describe('the target task id'),
    files: attachItems().describe('merged files of the person: [{ fileId, fileName, fileType }]'),
    stage: z.literal('task', { error: 'stage 只能是 task' }).optional().describe("the stage of a task's own files (the only one this route takes)"),
  })
  .meta({ id: 'TaskFileAddInput' });

/** POST targetTask/file/update: the name (extension kept) and file type shown for this task file; absent fields stay. */
export const TaskFileUpdateInputSchema = z
  .object({
    id: fileRef().describe('the attachment id (a targetTask/file/list item id)'),
    fileName: text(FILE_NAME_TRANSPORT_MAX, { tooLong: FILE_NAME_TOO_LONG }).optional().describe('the name shown for this task file (the extension is kept)'),
    lxId: text(64).nullable().optional().describe("the file type (file_type id); null or '' clears it"),
  })
  .meta({ id: 'TaskFileUpdateInput' });
