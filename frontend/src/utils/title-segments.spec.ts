import { describe, expect, it } from '@jest/globals';
import { titleSegments } from './title-segments';

describe('titleSegments', () => {
  it('splits at spaces', () => {
    expect(titleSegments('诊改示范职业技术学院 教学质量监测与分析平台')).toEqual(['诊改示范职业技术学院', '教学质量监测与分析平台']);
  });
  it('splits after the school name when there is no space', () => {
    expect(titleSegments('诊改示范职业技术学院教学质量监测与分析平台')).toEqual(['诊改示范职业技术学院', '教学质量监测与分析平台']);
    expect(titleSegments('某某大学质量平台')).toEqual(['某某大学', '质量平台']);
  });
  it('keeps a title without either whole', () => {
    expect(titleSegments('教学质量监测与分析平台')).toEqual(['教学质量监测与分析平台']);
    expect(titleSegments('  ')).toEqual([]);
  });
});
