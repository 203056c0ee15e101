import { isAuditor, isFiller, mayRead, requireAuditor, requireFiller } from './collection-access.js';

const me = (over: Partial<{ userId: string; orgId: string | null; manager: boolean }> = {}) => ({ userId: 'u1', userName: '甲', orgId: 'd1', manager: false, ...over });
const toDept = { departmentId: 'd1', userId: null, auditorId: 'a1' };
const toPerson = { departmentId: null, userId: 'u2', auditorId: 'a1' };

describe('who fills, audits and reads a fill (README "Who does what")', () => {
  it('makes every member of the allocated department a filler, and only the named person of a personal allocation', () => {
    expect(isFiller(me(), toDept)).toBe(true);
    expect(isFiller(me({ orgId: 'd2' }), toDept)).toBe(false);
    expect(isFiller(me(), toPerson)).toBe(false);
    expect(isFiller(me({ userId: 'u2', orgId: null }), toPerson)).toBe(true);
    // a person without a department is no member of a department allocation
    expect(isFiller(me({ orgId: null }), { ...toDept, departmentId: null, userId: 'u9' })).toBe(false);
  });

  it('lets the named auditor or a manager audit, nobody else', () => {
    expect(isAuditor(me({ userId: 'a1' }), toPerson)).toBe(true);
    expect(isAuditor(me({ manager: true }), toPerson)).toBe(true);
    expect(isAuditor(me(), toPerson)).toBe(false);
  });

  it('refuses strangers with the plain no-permission and readers with the reason', () => {
    expect(mayRead(me({ orgId: 'd9' }), toDept)).toBe(false);
    expect(() => requireFiller(me({ orgId: 'd9' }), toDept)).toThrow('用户无权访问该资源');
    expect(() => requireFiller(me({ userId: 'a1', orgId: 'd9' }), toDept)).toThrow('您不是该填报任务的填报人');
    expect(() => requireAuditor(me(), toDept)).toThrow('您不是该填报任务的审核人');
  });
});
