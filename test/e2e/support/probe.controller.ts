import { Controller, Get, Post, Req } from '@nestjs/common';
import { requiredText } from '@zhengai/contracts';
import { z } from 'zod';
import type { Request } from 'express';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { AppError } from '../../../backend/src/shared/errors/app-error.js';
import { Public } from '../../../backend/src/shared/http/access.decorators.js';
import { WithMessage } from '../../../backend/src/shared/http/envelope.js';
import { ZodBody } from '../../../backend/src/shared/http/zod-input.decorator.js';
import '../../../backend/src/shared/http/session-user.js';

export const EchoSchema = z.object({ yyfx: requiredText(500, { missing: '此项必填', wrongType: '此项必填', tooLong: '最多只能输入500个字符', multiline: true }) });
type Echo = z.infer<typeof EchoSchema>;

/**
 * Routes that exist only in the integration tests: each raises one kind of error through the real
 * filter, input decorator and guard, so the envelope of every kind is checked end to end.
 */
@Public()
@Controller('e2e-probe')
export class ProbeController {
  constructor(private readonly dataSource: DataSource) {}

  @Post('echo')
  echo(@ZodBody(EchoSchema) body: Echo): WithMessage<Echo> {
    return new WithMessage(body, '保存成功');
  }

  @Get('missing')
  missing(): never {
    throw new AppError('NOT_FOUND', '目标不存在');
  }

  @Get('forbidden')
  forbidden(): never {
    throw new AppError('NO_PERMISSION');
  }

  /** A real unique violation from PostgreSQL: the seeded role code inserted twice. */
  @Post('conflict')
  async conflict(): Promise<void> {
    await this.dataSource.query(`INSERT INTO role (id, code, name) VALUES ('probe-a', 'probe', '探针')`);
    await this.dataSource.query(`INSERT INTO role (id, code, name) VALUES ('probe-b', 'probe', '探针2')`);
  }

  /** A database that does not answer (nothing listens on port 1). */
  @Get('db-down')
  async dbDown(): Promise<void> {
    const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'postgres', database: 'x', connectionTimeoutMillis: 1000 });
    await client.connect();
  }

  @Get('crash')
  crash(): never {
    throw new TypeError('secret internal detail at /srv/app/secret.ts:12');
  }

  /** Puts a person in the session, as login will. */
  @Post('session')
  login(@Req() req: Request): { userId: string } {
    req.session.user = { userId: 'u-owner', userName: '陈静', orgId: 'd-xxgc' };
    return { userId: 'u-owner' };
  }

  @Get('whoami')
  whoami(@Req() req: Request): { userId: string | null } {
    return { userId: req.session.user?.userId ?? null };
  }
}
