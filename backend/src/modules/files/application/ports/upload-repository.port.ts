import type { AllowedExtension } from '../../domain/file-rules.js';

export interface UploadSession {
  guid: string;
  userId: string;
  totalChunks: number;
  updatedAt: Date;
}

/** One person's open uploads: how many, and the chunks they declared together. */
export interface OpenUploads {
  uploads: number;
  chunks: number;
}

export interface ChunkClaim {
  session: UploadSession | null;
  /** Why a new upload was not opened (the person's quota): then session is null and nothing was written. */
  refusal?: string;
  /** The person who asked for the upload's merge, when it was asked; chunks are refused from then on. */
  mergeUserId: string | null;
}

/** What a merge was asked for, kept with it so the job needs only the guid. */
export interface MergeParams {
  fileName: string;
  ext: AllowedExtension;
  lxId: string | null;
  lxmc: string | null;
  bz: string | null;
  yxqx: string | null;
  sha256: string | null;
  size: number | null;
  totalChunks: number;
  /**
   * The file's id, and so its storage key, fixed when the merge is asked for: every run of the merge adopts the part
   * file under the same key. Absent in merges asked for before chunks were written in place.
   */
  fileId?: string;
}

export type MergeState = 'waiting' | 'done' | 'failed';

export interface UploadMerge {
  guid: string;
  userId: string;
  state: MergeState;
  params: MergeParams;
  fileId: string | null;
  message: string | null;
  updatedAt: Date;
}

export interface NewDocFile {
  id: string;
  storageKey: string;
  fileName: string;
  ext: AllowedExtension;
  size: number;
  sha256: string;
  mime: string;
  lxId: string | null;
  lxmc: string | null;
  bz: string | null;
  yxqx: string | null;
  uploaderId: string;
}

/** Uploads in progress and their merges. */
export abstract class UploadRepository {
  /**
   * Records that userId sent a chunk of guid: touches the upload when it is theirs with the same chunk count (one
   * round trip). Answers the upload as it stands (another person's, or one declared with another count, unchanged),
   * and who asked for its merge when one exists (then nothing is touched). A merge that failed does not count: its
   * upload may be sent again under the same guid and merged anew. A new upload is opened under a lock of the person's
   * uploads, so uploads started at once count each other: `refuse` is given what the person has open (not expired:
   * touched since `openSince`) and its answer, when not null, is the claim's refusal and nothing is opened.
   */
  abstract claimSession(guid: string, userId: string, totalChunks: number, quota: { openSince: Date; refuse: (open: OpenUploads) => string | null }): Promise<ChunkClaim>;
  abstract findSession(guid: string): Promise<UploadSession | null>;
  abstract deleteSession(guid: string): Promise<void>;
  abstract findMerge(guid: string): Promise<UploadMerge | null>;
  /** False when a merge of guid already exists. */
  abstract createMerge(guid: string, userId: string, params: MergeParams): Promise<boolean>;
  abstract deleteMerge(guid: string): Promise<void>;
  /** Forgets the merge of guid when it failed (a new merge of the upload sent again replaces it). */
  abstract forgetFailedMerge(guid: string): Promise<void>;
  /** In one transaction: the file row, and the merge from waiting to done. False (and no row) when it was not waiting. */
  abstract completeMerge(guid: string, file: NewDocFile): Promise<boolean>;
  /** The merge from waiting to failed with the message; false when it was not waiting. */
  abstract failMerge(guid: string, message: string): Promise<boolean>;
  /** Uploads last touched before `before` with no merge waiting. */
  abstract staleSessions(before: Date, limit: number): Promise<string[]>;
  /** Merges still waiting since before `before` (their job was lost). */
  abstract staleWaitingMerges(before: Date, limit: number): Promise<string[]>;
  /** Forgets finished merges older than `before`; answers how many. */
  abstract purgeFinishedMerges(before: Date): Promise<number>;
}
