import { progressValue } from '../utils/formatters';
import { clampPercent, RING, ringColours, ringDash, ringText } from './progress-ring';

describe('progress ring', () => {
  it('has the 000 §9 geometry', () => {
    expect(RING).toEqual({ size: 250, radius: 80, lineWidth: 10, durationMs: 2000 });
  });

  it('shows the progress value as a percent with two decimals, 0.00% without data, clamped when out of range', () => {
    expect(ringText(progressValue(1, 1))).toBe('100.00%');
    expect(ringText(progressValue(1, 3))).toBe('33.33%');
    expect(ringText(progressValue(3, 5))).toBe('60.00%');
    // progressValue's '0' (no data) reads like its neighbours, not a bare 0 beside 60.00% (issue 35)
    expect(ringText(progressValue(0, 3))).toBe('0.00%');
    expect(ringText(150)).toBe('100.00%');
    expect(ringText(null)).toBe('0.00%');
    expect(ringText(12.5)).toBe('12.50%');
  });

  it('clamps the value to 0–100 and reads the formatter string', () => {
    expect(clampPercent('150')).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent('abc')).toBe(0);
    expect(clampPercent(null)).toBe(0);
    expect(clampPercent(progressValue(1, 4))).toBe(25);
    expect(clampPercent(progressValue(0, 4))).toBe(0);
  });

  it('fills the arc in proportion', () => {
    const [half, full] = ringDash(50);
    expect(full).toBeCloseTo(2 * Math.PI * 80);
    expect(half).toBeCloseTo(full / 2);
    expect(ringDash(200)[0]).toBeCloseTo(full);
  });
});

describe('ringColours', () => {
  it('draws for a dark background on the data screen: a light track and label, never the light card’s grey', () => {
    const dark = ringColours('dark', '#1677ff');
    expect(dark.track).not.toBe(ringColours('light', '#1677ff').track);
    expect(dark.label).toMatch(/^rgba\(255, 255, 255/);
    expect(ringColours('light', '#1677ff')).toEqual({ track: '#eef0f4', value: '#1677ff', label: '#666' });
  });
});
