import type { DepartmentNode } from '@zhengai/contracts';
import { collectionRate, departmentIndex, departmentOptions, proposedAuditor } from './task-values';

const node = (departmentId: string, chargeUserId: string | null, childrens: DepartmentNode[] = []): DepartmentNode => ({
  departmentId,
  departmentName: `部门${departmentId}`,
  parentId: null,
  chargeUserId,
  chargeUserName: chargeUserId ? `负责人${chargeUserId}` : null,
  childrens,
});

describe('task values', () => {
  it('gives the collection rate as filled over allocated', () => {
    expect(collectionRate({ filled: 1, allocated: 4 })).toBe('25.00');
    expect(collectionRate({ filled: 0, allocated: 4 })).toBe('0');
    expect(collectionRate({ filled: 3, allocated: 0 })).toBe('0');
  });

  it('turns the department tree into options and an index', () => {
    const tree = [node('1', null, [node('2', 'u2')])];
    expect(departmentOptions(tree)).toEqual([{ value: '1', title: '部门1', children: [{ value: '2', title: '部门2', children: [] }] }]);
    expect([...departmentIndex(tree).keys()]).toEqual(['1', '2']);
  });

  it('proposes the head of the first chosen department that has one', () => {
    const index = departmentIndex([node('1', null, [node('2', 'u2'), node('3', 'u3')])]);
    expect(proposedAuditor(['1', '3', '2'], index)).toEqual({ id: 'u3', name: '负责人u3' });
    expect(proposedAuditor(['1'], index)).toBeNull();
    expect(proposedAuditor([], index)).toBeNull();
  });
});
