export interface StoredAvatar {
  mime: string;
  data: Buffer;
  updatedAt: Date;
}

/** Where avatars live (small images, one a person). */
export abstract class AvatarStore {
  abstract save(userId: string, mime: string, data: Buffer): Promise<void>;
  abstract remove(userId: string): Promise<void>;
  abstract get(userId: string): Promise<StoredAvatar | null>;
}
