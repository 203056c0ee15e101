import { describe, expect, it } from '@jest/globals';
import { objectTypeName, taskPeriod } from './tasks';

// the cards' filters and paging are the server's (task/select: test/e2e/centre-pages.e2e-spec.ts)
describe('object types', () => {
  it('names object types, unknown ones as they are', () => {
    expect(objectTypeName('course')).toBe('课程');
    expect(objectTypeName('student')).toBe('学生');
    expect(objectTypeName('lab')).toBe('lab');
  });
});

describe('taskPeriod', () => {
  it('shows the start and the end, or what there is', () => {
    expect(taskPeriod({ kssj: '2025-01-01', jssj: '2025-12-31' })).toBe('2025-01-01 ~ 2025-12-31');
    expect(taskPeriod({ kssj: '2025-01-01', jssj: null })).toBe('2025-01-01 ~ …');
    expect(taskPeriod({ kssj: null, jssj: null })).toBeNull();
  });
});
