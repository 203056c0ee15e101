/**
 * Who may see and change a file. A file is also readable through any owner it is attached to that the person may
 * read; that authority belongs to the owner's module and is asked through a port.
 */
export interface FileRelation {
  isAdmin: boolean;
  isUploader: boolean;
  isSharedWithMe: boolean;
}

export function readableWithoutOwner(r: FileRelation): boolean {
  return r.isAdmin || r.isUploader || r.isSharedWithMe;
}

export function changeable(r: Pick<FileRelation, 'isAdmin' | 'isUploader'>): boolean {
  return r.isAdmin || r.isUploader;
}
