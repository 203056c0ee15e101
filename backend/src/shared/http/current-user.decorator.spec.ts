import type { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import type { Request } from 'express';
import { AppError } from '../errors/app-error.js';
import { CurrentUser, currentUserOf } from './current-user.decorator.js';

const user = { userId: 'u1', userName: '陈静', orgId: 'd1' };
const request = (sessionUser?: typeof user) => ({ session: sessionUser ? { user: sessionUser } : {} }) as unknown as Request;

/** Runs the decorator's factory the way Nest does: read from the route-argument metadata it leaves. */
function resolve(decorate: ParameterDecorator, req: Request): unknown {
  class Probe {
    handle(_value: unknown): void {}
  }
  decorate(Probe.prototype, 'handle', 0);
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Probe, 'handle') as Record<string, { data: unknown; factory: (data: unknown, ctx: ExecutionContext) => unknown }>;
  const [{ data, factory }] = Object.values(args) as [{ data: unknown; factory: (data: unknown, ctx: ExecutionContext) => unknown }];
  const ctx = { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
  return factory(data, ctx);
}

describe('@CurrentUser()', () => {
  it('gives the session user, or one field of it', () => {
    expect(resolve(CurrentUser(), request(user))).toEqual(user);
    expect(resolve(CurrentUser('userId'), request(user))).toBe('u1');
    expect(resolve(CurrentUser('userName'), request(user))).toBe('陈静');
  });

  it('refuses as not logged in when the session has no user', () => {
    expect(() => currentUserOf(request())).toThrow(AppError);
    let thrown: unknown;
    try {
      resolve(CurrentUser('userId'), request());
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({ kind: 'NOT_LOGGED_IN', code: 53000010 });
  });
});
