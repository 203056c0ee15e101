import { effectCounts, effectValueOf, improvementEffect, improvementRate, isMeasure } from './improvement-effect.js';

describe('改进成效 (improvementEffect, improvementRate)', () => {
  it('is effective once the next result is met, whatever the values', () => {
    expect(improvementEffect(60, { value: 90, met: true }, 'higher')).toBe('effective');
    expect(improvementEffect(60, { value: 50, met: true }, 'higher')).toBe('effective');
  });

  it('is improved when still unmet but closer to the target in the point\'s direction, or without a value before', () => {
    expect(improvementEffect(60, { value: 70, met: false }, 'higher')).toBe('improved');
    expect(improvementEffect(10, { value: 8, met: false }, 'lower')).toBe('improved');
    expect(improvementEffect(null, { value: 8, met: false }, 'lower')).toBe('improved');
  });

  it('is not improved when the same or worse', () => {
    expect(improvementEffect(60, { value: 60, met: false }, 'higher')).toBe('notImproved');
    expect(improvementEffect(60, { value: 55, met: false }, 'higher')).toBe('notImproved');
    expect(improvementEffect(10, { value: 12, met: false }, 'lower')).toBe('notImproved');
  });

  it('is pending without a next result or a value in it', () => {
    expect(improvementEffect(60, null, 'higher')).toBe('pending');
    expect(improvementEffect(60, { value: null, met: false }, 'higher')).toBe('pending');
  });

  it('rates effective over judged in percent with 2 decimals, null with none judged', () => {
    expect(improvementRate(['effective', 'improved', 'notImproved', 'pending'])).toBe(33.33);
    expect(improvementRate(['effective', 'effective', 'improved'])).toBe(66.67);
    expect(improvementRate(['pending'])).toBeNull();
    expect(improvementRate([])).toBeNull();
  });

  it('counts a measure only when written', () => {
    expect(isMeasure('加强实训')).toBe(true);
    expect(isMeasure('  ')).toBe(false);
    expect(isMeasure(null)).toBe(false);
  });

  it('reads values as numbers, percents and flags, and counts the four effects', () => {
    expect([effectValueOf('85'), effectValueOf('72.5%'), effectValueOf('是'), effectValueOf('无'), effectValueOf('良好'), effectValueOf(null)]).toEqual([85, 72.5, 1, 0, null, null]);
    expect(effectCounts(['effective', 'pending', 'effective', 'notImproved'])).toEqual({ effective: 2, improved: 0, notImproved: 1, pending: 1 });
    expect(effectCounts([])).toEqual({ effective: 0, improved: 0, notImproved: 0, pending: 0 });
  });
});
