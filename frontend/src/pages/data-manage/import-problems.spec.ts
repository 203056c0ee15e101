import { describe, expect, it } from '@jest/globals';
import { problemsOf } from './import-problems';

describe('the refused rows of an import answer', () => {
  it('reads data.problems and drops anything that is not a row and a reason', () => {
    expect(problemsOf({ created: 0, problems: [{ row: 3, reason: '账号重复' }, { row: '4', reason: 'x' }, null, { row: 5 }] })).toEqual([{ row: 3, reason: '账号重复' }]);
    expect(problemsOf(undefined)).toEqual([]);
    expect(problemsOf({ problems: 'no' })).toEqual([]);
  });
});
