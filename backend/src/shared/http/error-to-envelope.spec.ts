import { BadRequestException, ForbiddenException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';
import { errorToEnvelope } from './error-to-envelope.js';

describe('errorToEnvelope', () => {
  it('keeps an AppError message, code, status and data', () => {
    const r = errorToEnvelope(new AppError('NOT_FOUND', '目标不存在', { id: 1 }));
    expect(r).toEqual({ status: 404, body: { meta: { success: false, message: '目标不存在' }, data: { id: 1 }, code: 40400001 }, unexpected: false });
  });

  it('answers no permission with status 200 and the spec text', () => {
    const r = errorToEnvelope(new AppError('NO_PERMISSION'));
    expect(r.status).toBe(200);
    expect(r.body.meta.message).toBe('用户无权访问该资源');
    expect(errorToEnvelope(new ForbiddenException()).body.meta.message).toBe('用户无权访问该资源');
  });

  it('maps Nest exceptions to the catalogue', () => {
    expect(errorToEnvelope(new BadRequestException(['pageNum 必须是整数'])).body).toMatchObject({ meta: { message: 'pageNum 必须是整数' }, code: 40000001 });
    expect(errorToEnvelope(new NotFoundException()).body.code).toBe(40400001);
    expect(errorToEnvelope(new PayloadTooLargeException()).status).toBe(413);
  });

  it('maps body-parser errors', () => {
    expect(errorToEnvelope({ type: 'entity.parse.failed', status: 400 }).body.code).toBe(40000002);
    expect(errorToEnvelope({ type: 'entity.too.large', status: 413 }).status).toBe(413);
    expect(errorToEnvelope({ type: 'charset.unsupported', status: 415 }).status).toBe(415);
  });

  it('maps PostgreSQL errors: unreachable, unique, foreign key, bad input, characters it cannot store', () => {
    expect(errorToEnvelope(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toMatchObject({ status: 503, unexpected: true });
    expect(errorToEnvelope(Object.assign(new Error('terminating connection'), { code: '57P01' })).status).toBe(503);
    expect(errorToEnvelope(new Error('Connection terminated unexpectedly')).status).toBe(503);
    expect(errorToEnvelope(new Error('Client has encountered a connection error and is not queryable')).status).toBe(503);
    expect(errorToEnvelope(Object.assign(new Error('duplicate key'), { code: '23505' })).status).toBe(409);
    expect(errorToEnvelope(Object.assign(new Error('fk'), { code: '23503' })).body.meta.message).toBe('数据正被引用或引用的数据不存在');
    expect(errorToEnvelope(Object.assign(new Error('bad uuid'), { code: '22P02' })).status).toBe(400);
    for (const code of ['22021', '22P05']) {
      expect(errorToEnvelope(Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code }))).toEqual({
        status: 400, body: { meta: { success: false, message: '参数包含非法字符' }, data: null, code: 40000001 }, unexpected: false,
      });
    }
  });

  it('answers a full disk anywhere with 507 磁盘空间不足 and logs it: the file system and PostgreSQL', () => {
    for (const code of ['ENOSPC', 'EDQUOT', '53100']) {
      const r = errorToEnvelope(Object.assign(new Error(`write ${code}: no space left on device, write '/srv/files/x'`), { code }));
      expect(r).toMatchObject({ status: 507, body: { meta: { success: false, message: '磁盘空间不足，请联系管理员' } }, unexpected: true });
      expect(JSON.stringify(r.body)).not.toContain('/srv');
    }
  });

  it('hides anything else behind a 500 with no detail', () => {
    const r = errorToEnvelope(new TypeError('x is undefined at /srv/secret.ts:1'));
    expect(r).toEqual({ status: 500, body: { meta: { success: false, message: '服务器内部错误，请稍后重试' }, data: null, code: 50000001 }, unexpected: true });
    expect(errorToEnvelope('a string').status).toBe(500);
    expect(errorToEnvelope(null).status).toBe(500);
  });
});
