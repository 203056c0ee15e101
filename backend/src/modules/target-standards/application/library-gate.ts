import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import { canManageLibrary, libraryAccessOf, type LibraryAccess } from '../domain/library-rules.js';
import { LibraryAccessReader } from './ports/library-access-reader.port.js';
import { LibraryRepository, type LibraryRecord } from './ports/library-repository.port.js';

/** read: see it; write: change its catalogue, points and grants; manage: edit, delete, recover, purge the library itself. */
export type LibraryNeed = 'read' | 'write' | 'manage';

export interface OpenLibrary {
  library: LibraryRecord;
  access: 'write' | 'read';
  isAdmin: boolean;
  canManage: boolean;
}

/** Every library call passes here first: the library must exist and the person must reach it as far as the call needs. */
@Injectable()
export class LibraryGate {
  constructor(
    private readonly libraries: LibraryRepository,
    private readonly reader: LibraryAccessReader,
  ) {}

  isAdmin(userId: string): Promise<boolean> {
    return this.reader.isAdmin(userId);
  }

  /** Who may create a library (add, copy): administrators and roles with the 目标标准 menu with write. */
  async mayCreate(userId: string): Promise<boolean> {
    return (await this.reader.isAdmin(userId)) || this.reader.writesStandardMenu(userId);
  }

  private async accessOf(userId: string, library: LibraryRecord, isAdmin: boolean): Promise<LibraryAccess> {
    const isCreator = library.creatorId === userId;
    return libraryAccessOf({ isAdmin, isCreator, granted: isAdmin || isCreator ? null : await this.reader.accessOf(userId, library.id) });
  }

  /**
   * Opens a library for a call. No reach answers the spec's no-permission envelope; a library in the recycle bin
   * is there only for whoever may manage it, and takes no writes until it is recovered.
   */
  async open(userId: string, libraryId: string, need: LibraryNeed, options: { deleted?: 'refuse' | 'allow' } = {}): Promise<OpenLibrary> {
    const library = await this.libraries.find(libraryId);
    if (!library) throw new AppError('NOT_FOUND', '目标标准不存在');
    const isAdmin = await this.reader.isAdmin(userId);
    const access = await this.accessOf(userId, library, isAdmin);
    const canManage = canManageLibrary({ userId, isAdmin, creatorId: library.creatorId });
    if (library.deletedAt !== null && !canManage) throw new AppError('NOT_FOUND', '目标标准不存在');
    const allowed = need === 'read' ? access !== null : need === 'write' ? access === 'write' : canManage;
    if (!allowed || access === null) throw new AppError('NO_PERMISSION');
    if (library.deletedAt !== null && need !== 'read' && (options.deleted ?? 'refuse') === 'refuse') throw new AppError('CONFLICT', '目标标准已删除，请先恢复');
    return { library, access, isAdmin, canManage };
  }
}
