import { Injectable } from '@nestjs/common';
import { AccessPolicy } from '../../../shared/http/access-policy.port.js';
import { AuthService } from '../application/auth.service.js';

/** The shared access guard asks the auth module who may see what. */
@Injectable()
export class AuthAccessPolicy extends AccessPolicy {
  constructor(private readonly auth: AuthService) {
    super();
  }

  accessOf(userId: string, accessStamp?: string) {
    return this.auth.access(userId, accessStamp);
  }
}
