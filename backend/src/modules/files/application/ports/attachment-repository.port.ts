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
}

/** Files attached to an owner (a quality point …) at a stage. */
export abstract class AttachmentRepository {
  /** Attaches each file once; answers how many were new. */
  abstract add(owner: AttachmentOwner, stage: Stage, fileIds: string[], userId: string): Promise<number>;
  /** In stage order, then oldest first. */
  abstract list(owner: AttachmentOwner): Promise<AttachmentView[]>;
  abstract findOwner(id: string): Promise<AttachmentOwner | null>;
  abstract remove(id: string): Promise<void>;
}
