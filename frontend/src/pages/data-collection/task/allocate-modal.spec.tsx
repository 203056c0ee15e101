/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { CollectionTask, DepartmentNode } from '@zhengai/contracts';
import { fakeServer, pickInDialog, renderInApp, resetFakeServer, sendsOnceThenAgain, settle, type FakeServer } from '../../../test-support/dialog-double-click';
import { AllocateModal } from './allocate-modal';

const task = { id: 't1', name: '教师信息采集', forms: [{ formId: 'f1', formName: '教师信息' }] } as unknown as CollectionTask;
const department = { departmentId: 'd1', departmentName: '教务处', chargeUserId: 'u1', chargeUserName: '张三', childrens: [] } as unknown as DepartmentNode;
const ALLOCATE = '/api/herm-sjgl/taskAllocations/add';

let server: FakeServer;
const onSaved = jest.fn();

beforeEach(() => {
  // the department tree; the person searches find nobody
  server = fakeServer((path) => (path.endsWith('/departments/tree') ? [department] : { records: [], total: 0, current: 1, pages: 0 }));
  onSaved.mockReset();
});

afterEach(resetFakeServer);

describe('AllocateModal', () => {
  it('allocates once on a double-click of 确定, and again on a click after a refusal', async () => {
    await renderInApp(<AllocateModal task={task} open onClose={() => undefined} onSaved={onSaved} />);
    await pickInDialog('教务处');

    await sendsOnceThenAgain(server, ALLOCATE);
    server.answer([]);
    await settle();
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});
