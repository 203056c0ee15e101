import type { Stage } from '../../domain/attachment-stage.js';
import type { AttachmentOwner } from './doc-file-repository.port.js';

export interface AttachmentView {
  id: string;
  fileId: string;
  fileName: string;
  ext: string;
  size: number;
  stage: string;
  objTaskId: string | null;
  createdAt: Date;
  uploaderName: string | null;
  /** The attachment's file type, else the file's. */
  lxmc: string | null;
}

/** Files attached to an owner (a quality point …) at a stage. */
export abstract class AttachmentRepository {
  /** Attaches each file once; answers how many were new. */
  abstract add(owner: AttachmentOwner, stage: Stage, fileIds: string[], userId: string): Promise<number>;
  /** In stage order, then oldest first. */
  abstract list(owner: AttachmentOwner): Promise<AttachmentView[]>;
  abstract findOwner(id: string): Promise<AttachmentOwner | null>;
  /** The attachment's own name and file type (the file stays as it is); false when there is no such attachment. */
  abstract update(id: string, change: { name?: string; lxId?: string | null }): Promise<boolean>;
  abstract remove(id: string): Promise<void>;
}
