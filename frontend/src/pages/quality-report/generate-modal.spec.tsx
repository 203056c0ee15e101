/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, it, jest } from '@jest/globals';
import type { ReportScopeOptions } from '@zhengai/contracts';
import { fakeServer, pickInDialog, renderInApp, resetFakeServer, sendsOnceThenAgain, type FakeServer } from '../../test-support/dialog-double-click';

// the unit tests have no CSS loader
jest.unstable_mockModule('./quality-report.module.css', () => ({ default: {} }));
const { GenerateModal } = await import('./generate-modal');

const options: ReportScopeOptions = { cycles: ['2026'], scopes: [{ cjlx: 'school', cjmc: '学校', cjname: '诊改示范职业技术学院', cjdmid: 'S1' }] };
const GENERATE = '/api/herm-znfx/report/generate';

let server: FakeServer;

beforeEach(() => {
  // the scopes of 2026; no templates nor covers
  server = fakeServer((path) => (path.endsWith('/report/scopeOptions') ? options : []));
});

afterEach(resetFakeServer);

describe('GenerateModal', () => {
  it('starts one build on a double-click of 确定, and another on a click after a refusal', async () => {
    await renderInApp(<GenerateModal open onClose={() => undefined} onOpen={() => undefined} />);
    await pickInDialog('学校：诊改示范职业技术学院');
    await sendsOnceThenAgain(server, GENERATE);
  });
});
