import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { roleCodesOf } from '../../../infrastructure/database/role-codes.sql.js';
import { ObjectManagerReader } from '../application/ports/diagnosis-object-repository.port.js';

/** A person's role codes, read fresh (grants can change at any time). */
@Injectable()
export class ObjectManagerPgReader extends ObjectManagerReader {
  constructor(private readonly db: DataSource) {
    super();
  }

  roleCodes(userId: string): Promise<string[]> {
    return roleCodesOf(this.db, userId);
  }
}
