/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { OperationMonitoring } from '@zhengai/contracts';
import { fakeServer, renderInApp, resetFakeServer } from '../../../test-support/dialog-double-click';

const { default: OperationMonitoringPage } = await import('./index');

// read at 04:57:08 local time: the page must not show the browser's own 2026/11/28 04:57:08
const AT = new Date(2026, 10, 28, 4, 57, 8);
const answer: OperationMonitoring = {
  at: AT.toISOString(),
  figures: [
    { key: 'collection', label: '自动采集率', value: 0, target: 5, progress: '0' },
    { key: 'fill', label: '填报完成率', value: 3, target: 5, progress: '60.00' },
    { key: 'task', label: '任务完成率', value: 0, target: 0, progress: '0' },
  ],
  pointsByGrade: [],
  warningsByState: [],
  tasksByState: [],
  collectionByTask: [],
  recentWarnings: [],
};

beforeEach(() => {
  fakeServer((path) => (path.endsWith('/queryOperationMonitoring') ? answer : null));
});

afterEach(resetFakeServer);

describe('运行监测 through the formatting layer (issue 35)', () => {
  it('shows the read time as yyyy-MM-dd HH:mm:ss and every rate as a percent with two decimals, 0.00% beside 60.00%', async () => {
    await renderInApp(<OperationMonitoringPage />);
    const page = document.querySelector('[data-testid="monitoring"]')!;
    expect(page.textContent).toContain('数据读取于 2026-11-28 04:57:08');
    expect(document.querySelector('[data-testid="progress-ring-value"]')!.textContent).toBe('0.00%');
    expect(document.querySelector('[data-testid="figure-fill"] .ant-statistic-content')!.textContent).toBe('60.00%');
    expect(document.querySelector('[data-testid="figure-task"] .ant-statistic-content')!.textContent).toBe('0.00%');
  });
});
