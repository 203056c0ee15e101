/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, it, jest } from '@jest/globals';
import { act } from 'react';
import { fakeServer, renderInApp, resetFakeServer, sendsOnceThenAgain, settle, typeText, type FakeServer } from '../../../test-support/dialog-double-click';

// the unit tests have no CSS loader
jest.unstable_mockModule('../../data-manage/data-manage.module.css', () => ({ default: {} }));
jest.unstable_mockModule('../../../components/page-layout.module.css', () => ({ default: {} }));
const { default: CollectionConstantPage } = await import('./index');

const ADD_TYPE = '/api/herm-sjgl/constantTypes/add';

let server: FakeServer;

const field = (label: string) => document.querySelector<HTMLInputElement>(`.ant-modal input[aria-label="${label}"]`)!;

beforeEach(() => {
  // no constant types yet
  server = fakeServer(() => []);
});

afterEach(resetFakeServer);

describe('常量管理: 新增常量类型', () => {
  it('adds one type on a double-click of 确定, and sends again on a click after a refusal (a code already taken)', async () => {
    await renderInApp(<CollectionConstantPage />);
    const add = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => (b.textContent ?? '').replace(/\s/g, '') === '新增');
    await act(async () => add!.click());
    await settle();
    await typeText(field('类型编码'), 'xl');
    await typeText(field('类型名称'), '学历');
    await sendsOnceThenAgain(server, ADD_TYPE);
  });
});
