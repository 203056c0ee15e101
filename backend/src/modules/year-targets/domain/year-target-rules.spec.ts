import { checkYearTarget, YEAR_TARGET_MESSAGES } from './year-target-rules.js';

const good = { name: ' 提升人才培养质量 ', cycleYear: '2026', dimensionId: 'dim-zlsc', description: '  ' };

describe('checkYearTarget', () => {
  it('trims the values and makes a blank description null', () => {
    expect(checkYearTarget(good)).toEqual({ ok: true, values: { name: '提升人才培养质量', cycleYear: '2026', dimensionId: 'dim-zlsc', description: null } });
  });

  it('takes a year given as a number', () => {
    expect(checkYearTarget({ ...good, cycleYear: 2025 })).toMatchObject({ ok: true, values: { cycleYear: '2025' } });
  });

  it.each([
    [{ name: '' }, YEAR_TARGET_MESSAGES.nameRequired],
    [{ name: '   ' }, YEAR_TARGET_MESSAGES.nameRequired],
    [{ name: undefined }, YEAR_TARGET_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(201) }, YEAR_TARGET_MESSAGES.nameTooLong],
    [{ cycleYear: '20266' }, YEAR_TARGET_MESSAGES.yearInvalid],
    [{ cycleYear: '1999' }, YEAR_TARGET_MESSAGES.yearInvalid],
    [{ cycleYear: '2101' }, YEAR_TARGET_MESSAGES.yearInvalid],
    [{ cycleYear: 'abcd' }, YEAR_TARGET_MESSAGES.yearInvalid],
    [{ cycleYear: undefined }, YEAR_TARGET_MESSAGES.yearInvalid],
    [{ dimensionId: '' }, YEAR_TARGET_MESSAGES.dimensionRequired],
    [{ dimensionId: 3 }, YEAR_TARGET_MESSAGES.dimensionRequired],
    [{ description: 'x'.repeat(1001) }, YEAR_TARGET_MESSAGES.descriptionTooLong],
  ])('refuses %j', (change, message) => {
    expect(checkYearTarget({ ...good, ...change })).toEqual({ ok: false, message });
  });

  it('counts characters, not UTF-16 units: 200 Chinese characters or emoji are fine', () => {
    expect(checkYearTarget({ ...good, name: '目'.repeat(200) }).ok).toBe(true);
    expect(checkYearTarget({ ...good, name: '😀'.repeat(200) }).ok).toBe(true);
  });

  it('refuses a name that is not text', () => {
    expect(checkYearTarget({ ...good, name: 5 })).toEqual({ ok: false, message: `名称${YEAR_TARGET_MESSAGES.notText}` });
  });
});
