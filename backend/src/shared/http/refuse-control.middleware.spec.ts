import type { Request, Response } from 'express';
import { AppError } from '../errors/app-error.js';
import { controlPlaceOf, refuseControlCharacters } from './refuse-control.middleware.js';

function outcome(req: Partial<Request>): string | undefined {
  let passed: unknown = 'not called';
  refuseControlCharacters({ path: '/api/x', query: {}, body: undefined, ...req } as Request, {} as Response, (error?: unknown) => {
    passed = error;
  });
  if (passed === 'not called') throw new Error('next was not called');
  return passed instanceof AppError ? passed.message : undefined;
}

describe('refuseControlCharacters', () => {
  it('lets tab, line feed and carriage return through (multi-line texts keep them; single-line schemas refuse them)', () => {
    expect(outcome({ query: { a: 'b\t' }, body: { c: ['d', { e: 'f\r\n\t' }], g: 1 } })).toBeUndefined();
  });

  it('refuses every other control character and DEL like NUL (issue 30: they were stored and broke documents)', () => {
    expect(outcome({ body: { name: '探测\u0001\u0007\u001b[31m红\u0008' } })).toBe('名称包含非法字符');
    expect(outcome({ body: { name: 'a\u007f' } })).toBe('名称包含非法字符');
    expect(outcome({ query: { name: 'a\u000b' } })).toBe('名称包含非法字符');
    expect(outcome({ body: { 'a\u001b': 1 } })).toBe('参数名包含非法字符');
    expect(outcome({ path: '/api/user/roles/a%1Bb/users' })).toBe('请求路径包含非法字符');
  });

  it('names the field holding a NUL, in the query or anywhere in the body', () => {
    expect(outcome({ query: { objTaskId: 'a\u0000b' } })).toBe('诊断任务包含非法字符');
    expect(outcome({ body: { userName: 'a\u0000' } })).toBe('用户名包含非法字符');
    expect(outcome({ body: { datasources: [{ jsgz: 'ok' }, { config: { sql: '\u0000' } }] } })).toBe('SQL包含非法字符');
    expect(outcome({ body: { unlisted: ['\u0000'] } })).toBe('unlisted包含非法字符');
    expect(outcome({ body: ['\u0000'] })).toBe('参数包含非法字符');
  });

  it('refuses a NUL in a key and an encoded NUL in the path', () => {
    expect(outcome({ body: { 'a\u0000': 1 } })).toBe('参数名包含非法字符');
    expect(outcome({ path: '/api/user/roles/a%00b/users' })).toBe('请求路径包含非法字符');
  });

  it('stops walking at a depth bound', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(controlPlaceOf(deep)).toBeNull();
    expect(controlPlaceOf([[['\u0000']]])).toEqual({ field: '' });
  });
});
