import { Injectable } from '@nestjs/common';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from '@zhengai/contracts';
import type { PortraitResult, Profile } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { cleanProfile, type ProfileInput } from '../domain/profile-rules.js';
import { avatarUrl } from './login-user.js';
import { AccountRepository } from './ports/account-repository.port.js';
import { AvatarStore, type StoredAvatar } from './ports/avatar-store.port.js';
import { ImageSniffer } from './ports/image-sniffer.port.js';


/** Avatar formats of spec 000 §5, recognised by their bytes, never by a name. */
const AVATAR_TYPES = new Map([['image/gif', 'gif'], ['image/jpeg', 'jpg'], ['image/png', 'png'], ['image/bmp', 'bmp'], ['image/webp', 'webp']]);

@Injectable()
export class ProfileService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly avatars: AvatarStore,
    private readonly images: ImageSniffer,
  ) {}

  /** A person reads their own profile; an administrator may read anyone's. */
  async profile(requesterId: string, userId: string, requesterIsAdmin: boolean): Promise<Profile> {
    if (requesterId !== userId && !requesterIsAdmin) throw new AppError('NO_PERMISSION');
    const account = await this.accounts.findById(userId);
    if (!account) throw new AppError('NOT_FOUND', '用户不存在');
    return {
      userId: account.id,
      userName: account.name,
      departmentName: account.orgName,
      email: account.email,
      phone: account.phone,
      qq: account.qq,
      sex: account.sex,
      headPortrait: avatarUrl(account.id, account.avatarVersion),
      isUseDefaultAvatar: !account.hasAvatar,
    };
  }

  /** Only ever the session's own profile: the id never comes from the request. */
  async updateOwn(userId: string, input: ProfileInput): Promise<Profile> {
    const account = await this.accounts.findById(userId);
    if (!account) throw new AppError('NOT_LOGGED_IN');
    const result = cleanProfile(input, account.sex);
    if ('error' in result) throw new AppError('VALIDATION', result.error);
    await this.accounts.updateProfile(userId, result.profile);
    return this.profile(userId, userId, false);
  }

  /** A data URL (the browser compresses first) or a return to the default avatar. */
  async changeAvatar(userId: string, input: { displayPhoto?: unknown; isUseDefaultAvatar?: unknown }): Promise<PortraitResult> {
    if (input.isUseDefaultAvatar === true || input.isUseDefaultAvatar === 'true') {
      await this.avatars.remove(userId);
      return { displayPhoto: null };
    }
    const bytes = decodeDataUrl(input.displayPhoto);
    if (!bytes || bytes.length === 0) throw new AppError('VALIDATION', '请选择头像图片');
    if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('VALIDATION', AVATAR_TOO_LARGE);
    const mime = await this.images.mimeOf(bytes);
    if (!mime || !AVATAR_TYPES.has(mime)) throw new AppError('VALIDATION', '只能上传gif、jpg、jpeg、png、bmp、webp格式的图片');
    await this.avatars.save(userId, mime, bytes);
    const saved = await this.accounts.findById(userId);
    return { displayPhoto: avatarUrl(userId, saved?.avatarVersion ?? Date.now()) };
  }

  avatar(userId: string): Promise<StoredAvatar | null> {
    return this.avatars.get(userId);
  }
}

/** The bytes of a base64 data URL; null when it is not one. */
function decodeDataUrl(value: unknown): Buffer | null {
  if (typeof value !== 'string') return null;
  const match = /^data:[\w.+-]+\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!match) return null;
  return Buffer.from(match[1]!.replace(/\s/g, ''), 'base64');
}
