import { newcomerOf } from './sso.service.js';

describe('a CAS user who gets an account at first login (CAS_CREATE_USERS)', () => {
  const create = { defaultRole: 'targetTaskOwner', departmentAttribute: 'ou', nameAttribute: 'displayName' };

  it('takes the name and the department from the attributes, the first of several values', () => {
    expect(newcomerOf('t1001', { displayName: '张三', ou: ['机电工程学院', '教务处'] }, create)).toEqual({ name: '张三', departmentName: '机电工程学院', role: 'targetTaskOwner' });
  });

  it('falls back on the CAS user for the name, and no department without the attribute', () => {
    expect(newcomerOf('t1002', { ou: '  ' }, create)).toEqual({ name: 't1002', departmentName: null, role: 'targetTaskOwner' });
    expect(newcomerOf('t1003', {}, { ...create, departmentAttribute: null, defaultRole: null })).toEqual({ name: 't1003', departmentName: null, role: null });
  });
});
