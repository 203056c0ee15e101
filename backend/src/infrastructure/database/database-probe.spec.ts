import { jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { DatabaseProbe } from './database-probe.js';

describe('DatabaseProbe', () => {
  afterEach(() => jest.useRealTimers());

  it('leaves no timer behind once the database answers (a pending one kept Jest from exiting)', async () => {
    jest.useFakeTimers();
    const probe = new DatabaseProbe({ query: async () => [{ '?column?': 1 }] } as unknown as DataSource);
    await expect(probe.isHealthy()).resolves.toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('answers false after 3 s without an answer', async () => {
    jest.useFakeTimers();
    const probe = new DatabaseProbe({ query: () => new Promise(() => undefined) } as unknown as DataSource);
    const answer = probe.isHealthy();
    await jest.advanceTimersByTimeAsync(3_000);
    await expect(answer).resolves.toBe(false);
  });
});
