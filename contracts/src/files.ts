// Upload limits of spec 000 §9 and 001 §5/§9, checked by the browser before sending and by the server again.

/** Bytes a chunk (001 §9); the last one is smaller. */
export const CHUNK_SIZE = 614_400;
/** Name length limit of 000 §9. */
export const FILE_NAME_MAX = 100;
/** Extensions an upload may have (000 §9). */
export const ALLOWED_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'txt', 'doc', 'docx', 'wps', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'rar', 'zip'] as const;
export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];
