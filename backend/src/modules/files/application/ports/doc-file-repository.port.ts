export interface DocFile {
  id: string;
  storageKey: string;
  fileName: string;
  ext: string;
  size: number;
  sha256: string;
  mime: string;
  lxId: string | null;
  lxmc: string | null;
  bz: string | null;
  yxqx: string | null;
  uploaderId: string | null;
  uploaderName: string | null;
  createdAt: Date;
}

export interface AttachmentOwner {
  ownerType: string;
  ownerId: string;
  /** The object's task the attachment belongs to (a quality point is reviewed per task); null for the point itself. */
  objTaskId: string | null;
}

/** What decides whether a person may read a file. */
export interface FileAccessFacts {
  file: DocFile;
  sharedWithMe: boolean;
  owners: AttachmentOwner[];
}

export interface FileChanges {
  fileName?: string;
  lxId?: string | null;
  lxmc?: string | null;
  bz?: string | null;
  yxqx?: string | null;
}

export interface FileType {
  id: string;
  mc: string;
}

/** Stored files, their shares and types. */
export abstract class DocFileRepository {
  abstract findById(id: string): Promise<DocFile | null>;
  /** The files among ids that exist, with their relation to userId. */
  abstract accessFacts(ids: string[], userId: string): Promise<FileAccessFacts[]>;
  /** Files userId uploaded or that are shared with them, newest first, filtered by a part of the name. */
  abstract listVisible(userId: string, filter: { fileName: string | null; skip: number; take: number }): Promise<{ rows: Array<DocFile & { mine: boolean }>; total: number }>;
  abstract update(id: string, changes: FileChanges): Promise<void>;
  /** Deletes the row with its attachments and shares (and a logo pointing at it) in one transaction; answers its storage key. */
  abstract delete(id: string): Promise<{ storageKey: string } | null>;
  /** The people the file is shared with become exactly userIds. */
  abstract setShares(id: string, userIds: string[]): Promise<void>;
  abstract existingUsers(ids: string[]): Promise<string[]>;
  abstract fileType(id: string): Promise<FileType | null>;
  /** 内部支撑文件, which the upload flow picks when none is named (001 §7 item 5). */
  abstract defaultFileType(): Promise<FileType | null>;
  /** Is this file the system's logo (shown on the login page, before anyone logs in)? */
  abstract isLogo(id: string): Promise<boolean>;
}
