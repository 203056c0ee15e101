import { headersAgreeWithSession, readLoginHeaders } from './login-headers.js';

describe('login headers', () => {
  it('decodes loginUserName twice', () => {
    const twice = encodeURIComponent(encodeURIComponent('陈静'));
    expect(readLoginHeaders({ loginuserid: 'u1', loginusername: twice, loginuserorgid: 'd1' })).toEqual({ loginUserId: 'u1', loginUserName: '陈静', loginUserOrgId: 'd1' });
  });

  it('keeps a malformed name as sent rather than failing', () => {
    expect(readLoginHeaders({ loginusername: '%E4%ZZ' }).loginUserName).toBe('%E4%ZZ');
  });

  it('treats empty headers as absent', () => {
    expect(readLoginHeaders({ loginuserid: '', loginuserorgid: '' })).toEqual({ loginUserId: undefined, loginUserName: undefined, loginUserOrgId: undefined });
  });

  it('agrees when absent or equal, disagrees when a present header differs', () => {
    const session = { userId: 'u1', orgId: 'd1' };
    expect(headersAgreeWithSession({}, session)).toBe(true);
    expect(headersAgreeWithSession({ loginUserId: 'u1', loginUserOrgId: 'd1' }, session)).toBe(true);
    expect(headersAgreeWithSession({ loginUserId: 'u2' }, session)).toBe(false);
    expect(headersAgreeWithSession({ loginUserId: 'u1', loginUserOrgId: 'd9' }, session)).toBe(false);
    // A person without a department: any org header is beside the point.
    expect(headersAgreeWithSession({ loginUserId: 'u1', loginUserOrgId: 'd9' }, { userId: 'u1', orgId: null })).toBe(true);
  });
});
