import { describe, expect, it } from '@jest/globals';
import { relativeTime } from './relative-time';

const now = new Date('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime (000 §9)', () => {
  it('reads under a minute, and the future, as 刚刚', () => {
    expect(relativeTime(ago(59_000), now)).toBe('刚刚');
    expect(relativeTime(ago(-5 * MIN), now)).toBe('刚刚');
  });
  it('counts minutes, hours and days under 31', () => {
    expect(relativeTime(ago(MIN), now)).toBe('1分钟前');
    expect(relativeTime(ago(59 * MIN), now)).toBe('59分钟前');
    expect(relativeTime(ago(HOUR), now)).toBe('1小时前');
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now)).toBe('23小时前');
    expect(relativeTime(ago(DAY), now)).toBe('1天前');
    expect(relativeTime(ago(30 * DAY), now)).toBe('30天前');
  });
  it('turns to months from 31 days and to years from 365', () => {
    expect(relativeTime(ago(31 * DAY), now)).toBe('1个月前');
    expect(relativeTime(ago(90 * DAY), now)).toBe('3个月前');
    expect(relativeTime(ago(364 * DAY), now)).toBe('12个月前');
    expect(relativeTime(ago(365 * DAY), now)).toBe('1年前');
    expect(relativeTime(ago(800 * DAY), now)).toBe('2年前');
  });
  it('accepts ISO strings and gives nothing for unreadable input', () => {
    expect(relativeTime('2026-05-01T11:30:00Z', now)).toBe('30分钟前');
    expect(relativeTime('not a time', now)).toBe('');
    expect(relativeTime(null, now)).toBe('');
  });
});
