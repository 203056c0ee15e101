import { Injectable } from '@nestjs/common';
import { AppError } from '../../../shared/errors/app-error.js';
import { libraryRelationsOf, libraryRightsOf, type LibraryRelation, type LibraryRight, type LibraryRights } from '../domain/library-rules.js';
import { LibraryAccessReader } from './ports/library-access-reader.port.js';
import { LibraryRepository, type LibraryRecord } from './ports/library-repository.port.js';

/** What a call needs of the library: one right of LIBRARY_RIGHTS_OF (domain/library-rules.ts). */
export type LibraryNeed = LibraryRight;

export interface OpenLibrary {
  library: LibraryRecord;
  access: 'write' | 'read';
  isAdmin: boolean;
  canManage: boolean;
  /** What the person may do with it now (the card's buttons). */
  rights: LibraryRights;
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

  /** The person's relations to a library (administrator, creator, their strongest grant). */
  private async relationsOn(userId: string, library: LibraryRecord, isAdmin: boolean): Promise<LibraryRelation[]> {
    const isCreator = library.creatorId === userId;
    const granted = isAdmin || isCreator ? null : await this.reader.accessOf(userId, library.id);
    return libraryRelationsOf({ isAdmin, isCreator, granted });
  }

  /**
   * Opens a library for a call. No reach answers the spec's no-permission envelope; a library in the recycle bin
   * is there only for whoever may manage it, and takes no writes until it is recovered (a conflict: the state refuses,
   * not the person).
   */
  async open(userId: string, libraryId: string, need: LibraryNeed, options: { deleted?: 'refuse' | 'allow' } = {}): Promise<OpenLibrary> {
    const library = await this.libraries.find(libraryId);
    if (!library) throw new AppError('NOT_FOUND', '目标标准不存在');
    const isAdmin = await this.reader.isAdmin(userId);
    const relations = await this.relationsOn(userId, library, isAdmin);
    const live = libraryRightsOf(relations);
    const deleted = library.deletedAt !== null;
    if (deleted && !live.manage) throw new AppError('NOT_FOUND', '目标标准不存在');
    if (!live[need]) throw new AppError('NO_PERMISSION');
    if (deleted && need !== 'read' && (options.deleted ?? 'refuse') === 'refuse') throw new AppError('CONFLICT', '目标标准已删除，请先恢复');
    return { library, access: live.write ? 'write' : 'read', isAdmin, canManage: live.manage, rights: libraryRightsOf(relations, deleted) };
  }
}
