/** @jest-environment @happy-dom/jest-environment */
import { describe, expect, it, jest } from '@jest/globals';
import { announceDataChanged, announceOnReturn, askedQuietly, onDataChanged, quietly } from './data-events';

describe('data events', () => {
  it('tells every subscriber until it unsubscribes', () => {
    const a = jest.fn();
    const b = jest.fn();
    const offA = onDataChanged(a);
    const offB = onDataChanged(b);
    announceDataChanged();
    offA();
    announceDataChanged();
    offB();
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
  });

  it('announces when the window regains focus or becomes visible, not when it is hidden', () => {
    const heard = jest.fn();
    const off = onDataChanged(heard);
    const uninstall = announceOnReturn(window);
    window.dispatchEvent(new Event('focus'));
    expect(heard).toHaveBeenCalledTimes(1);

    const visibility = jest.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(heard).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(heard).toHaveBeenCalledTimes(2);

    uninstall();
    window.dispatchEvent(new Event('focus'));
    expect(heard).toHaveBeenCalledTimes(2);
    off();
    visibility.mockRestore();
  });

  it('marks what is asked inside quietly(), and only that', () => {
    expect(askedQuietly()).toBe(false);
    expect(quietly(() => askedQuietly())).toBe(true);
    expect(askedQuietly()).toBe(false);
  });
});
