import { Injectable } from '@nestjs/common';
import type { Access as AuthorityType, SubjectType } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { formatDateTime } from '../../../shared/kernel/format.js';
import { LibraryGate } from './library-gate.js';
import { AuthorityRepository, type AuthorityRecord } from './ports/authority-repository.port.js';

/** Grants on a library (001 §6: write or read, to a role group or a user; §7 authority add, update, delete). Writers only. */
@Injectable()
export class AuthorityService {
  constructor(
    private readonly authorities: AuthorityRepository,
    private readonly gate: LibraryGate,
  ) {}

  async list(userId: string, libraryId: string) {
    await this.gate.open(userId, libraryId, 'grant');
    return (await this.authorities.list(libraryId)).map(toWire);
  }

  async add(userId: string, input: { libraryId: string; subjectType: SubjectType; subjectId: string; authorityType: AuthorityType }) {
    await this.gate.open(userId, input.libraryId, 'grant');
    if (!(await this.authorities.subjectExists(input.subjectType, input.subjectId))) throw new AppError('VALIDATION', input.subjectType === 'role' ? '角色不存在' : '用户不存在');
    const id = await this.authorities.add(input.libraryId, input.subjectType, input.subjectId, input.authorityType);
    if (!id) throw new AppError('CONFLICT', input.subjectType === 'role' ? '该角色已有此目标标准的权限' : '该用户已有此目标标准的权限');
    return toWire((await this.authorities.find(id))!);
  }

  async update(userId: string, id: string, authorityType: AuthorityType) {
    const grant = await this.grant(userId, id);
    await this.authorities.update(grant.id, authorityType);
    return toWire((await this.authorities.find(id))!);
  }

  async remove(userId: string, id: string): Promise<null> {
    const grant = await this.grant(userId, id);
    await this.authorities.remove(grant.id);
    return null;
  }

  private async grant(userId: string, id: string): Promise<AuthorityRecord> {
    const grant = await this.authorities.find(id);
    if (!grant) throw new AppError('NOT_FOUND', '权限不存在');
    await this.gate.open(userId, grant.libraryId, 'grant');
    return grant;
  }
}

function toWire(a: AuthorityRecord) {
  return {
    id: a.id,
    libraryId: a.libraryId,
    subjectType: a.subjectType,
    subjectId: a.subjectId,
    subjectName: a.subjectName,
    authorityType: a.authorityType,
    createTime: formatDateTime(a.createdAt),
  };
}
