import { warningCountOf } from './workbench.service.js';

describe('warningCountOf', () => {
  it('sums the maps into the three counts', () => {
    expect(warningCountOf({ t1: 2, t2: 1 }, { t1: 4 })).toEqual({
      totalWarningCount: 7, processWarningCount: 4, expiredWarningCount: 3, delayMap: { t1: 2, t2: 1 }, processMap: { t1: 4 },
    });
  });

  it('answers zeros for empty maps', () => {
    expect(warningCountOf({}, {})).toMatchObject({ totalWarningCount: 0, processWarningCount: 0, expiredWarningCount: 0 });
  });
});
