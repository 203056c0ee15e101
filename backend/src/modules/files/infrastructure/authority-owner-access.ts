import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AttachmentOwnerAccess } from '../application/ports/attachment-owner-access.port.js';

/**
 * Owner authority from the authority table (resource_type = owner type, resource_id = owner id), granted to the
 * person or to one of their roles (by role id or code); 'write' implies read; administrators may always.
 * The quality-point module will bind its own adapter in this one's place.
 */
@Injectable()
export class AuthorityOwnerAccess extends AttachmentOwnerAccess {
  constructor(private readonly db: DataSource) {
    super();
  }

  private async granted(userId: string, ownerType: string, ownerId: string, types: string[]): Promise<boolean> {
    const rows: Array<{ ok: boolean }> = await this.db.query(
      `WITH my_roles AS (SELECT r.id, r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1)
       SELECT EXISTS (SELECT 1 FROM my_roles WHERE code = 'admin')
           OR EXISTS (SELECT 1 FROM authority a
                      WHERE a.resource_type = $2 AND a.resource_id = $3 AND a.authority_type = ANY($4::varchar[])
                        AND ((a.subject_type = 'user' AND a.subject_id = $1)
                          OR (a.subject_type = 'role' AND (a.subject_id IN (SELECT id FROM my_roles) OR a.subject_id IN (SELECT code FROM my_roles))))) AS ok`,
      [userId, ownerType, ownerId, types],
    );
    return rows[0]?.ok === true;
  }

  canRead(userId: string, ownerType: string, ownerId: string): Promise<boolean> {
    return this.granted(userId, ownerType, ownerId, ['read', 'write']);
  }

  canWrite(userId: string, ownerType: string, ownerId: string): Promise<boolean> {
    return this.granted(userId, ownerType, ownerId, ['write']);
  }
}
