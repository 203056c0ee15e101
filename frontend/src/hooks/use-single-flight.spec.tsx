/** @jest-environment @happy-dom/jest-environment */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { isValidationFailure, useSingleFlight } from './use-single-flight';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let once: ReturnType<typeof useSingleFlight>;

function Probe() {
  const seen = useSingleFlight();
  useEffect(() => {
    once = seen;
  });
  return null;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useSingleFlight', () => {
  const unhandled = jest.fn();
  beforeEach(async () => {
    unhandled.mockClear();
    process.on('unhandledRejection', unhandled);
    root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Probe />));
  });
  afterEach(() => {
    process.off('unhandledRejection', unhandled);
    act(() => root.unmount());
  });

  it('runs one action at a time and takes the next once it ends', async () => {
    const action = jest.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
    once(action);
    once(action);
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    once(action);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('takes a form that failed validation quietly, and lets the next click run (新增表单 with empty fields)', async () => {
    const invalid = jest.fn(() => Promise.reject({ errorFields: [{ name: ['name'], errors: ['请输入表单名称'] }], values: {}, outOfDate: false }));
    once(invalid);
    await settle();
    once(invalid);
    await settle();
    expect(invalid).toHaveBeenCalledTimes(2);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('tells validation failures from faults', () => {
    expect(isValidationFailure({ errorFields: [] })).toBe(true);
    expect(isValidationFailure(new Error('boom'))).toBe(false);
    expect(isValidationFailure(null)).toBe(false);
  });
});
