/**
 * Who may see and change a file. A file is also readable through any owner it is attached to that the person may
 * read; that authority belongs to the owner's module and is asked through a port.
 */
export interface FileRelationFacts {
  isAdmin: boolean;
  isUploader: boolean;
  isSharedWithMe: boolean;
}

/** How a person stands to a file: administrator, its uploader, shared with them, a reader of an owner it is attached to. */
export type FileRelation = 'admin' | 'uploader' | 'sharer' | 'ownerReader';

/**
 * read: download, preview, zip; change: rename, share, delete; attach: attach it to something; list: shown in 我的文件
 * (files/list: one's own files and those shared with one, not every file one may read).
 */
export type FileRight = 'read' | 'change' | 'attach' | 'list';

/** The one table of who may do what with a file (module README "Who may do what with a file"); files/list's SQL is generated from its list right. */
export const FILE_RIGHTS_OF: Readonly<Record<FileRelation, readonly FileRight[]>> = {
  admin: ['read', 'change', 'attach'],
  uploader: ['read', 'change', 'attach', 'list'],
  sharer: ['read', 'attach', 'list'],
  ownerReader: ['read'],
};

export const FILE_RELATIONS = Object.keys(FILE_RIGHTS_OF) as FileRelation[];

export const fileRelationsWith = (right: FileRight): FileRelation[] => FILE_RELATIONS.filter((r) => FILE_RIGHTS_OF[r].includes(right));

/** The relations known without asking an owner's module (ownerReader is asked last, only when these do not read). */
export function fileRelationsOf(f: FileRelationFacts): FileRelation[] {
  const out: FileRelation[] = [];
  if (f.isAdmin) out.push('admin');
  if (f.isUploader) out.push('uploader');
  if (f.isSharedWithMe) out.push('sharer');
  return out;
}

export const hasFileRight = (relations: readonly FileRelation[], right: FileRight): boolean => relations.some((r) => FILE_RIGHTS_OF[r].includes(right));

export function readableWithoutOwner(f: FileRelationFacts): boolean {
  return hasFileRight(fileRelationsOf(f), 'read');
}

export function changeable(f: Pick<FileRelationFacts, 'isAdmin' | 'isUploader'>): boolean {
  return hasFileRight(fileRelationsOf({ ...f, isSharedWithMe: false }), 'change');
}

export function attachable(f: FileRelationFacts): boolean {
  return hasFileRight(fileRelationsOf(f), 'attach');
}
