import { REPORT_CHART_KEYS } from '@zhengai/contracts';
import { fixtureOverview } from '../testing/report-document.fixture.js';
import { chartSize, COVER_HEIGHT, COVER_WIDTH, ResvgReportImages, STAMP_SIZE, wrapTitle } from './resvg-report-images.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(image: Buffer): { width: number; height: number; colourType: number } {
  expect(image.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: image.readUInt32BE(16), height: image.readUInt32BE(20), colourType: image[25]! };
}

describe('ResvgReportImages (ECharts SSR and resvg, real renders)', () => {
  const images = new ResvgReportImages();

  it('renders every overview chart as a PNG at twice its canvas size', async () => {
    for (const key of REPORT_CHART_KEYS) {
      const picture = png(await images.chart(key, fixtureOverview()));
      const size = chartSize(key, fixtureOverview());
      expect(picture).toMatchObject({ width: size.width * 2, height: size.height * 2 });
    }
  });

  it('finds the CJK font: Chinese glyphs are drawn (resvg leaves out glyphs it has no font for)', async () => {
    const withText = await images.stamp('school', '诊改示范职业技术学院', '学校审核专用章');
    const blank = await images.stamp('school', '', '');
    expect(withText.length).toBeGreaterThan(blank.length * 1.5);
  });

  it('grows the warning bar with its bars', () => {
    expect(chartSize('warningBar', fixtureOverview({ zkdmcs: Array.from({ length: 10 }, (_, i) => `点${i}`) })).height).toBeGreaterThan(
      chartSize('warningBar', fixtureOverview({ zkdmcs: ['生师比'] })).height,
    );
  });

  it('wraps a cover title into balanced lines without splitting a year', () => {
    expect(wrapTitle('诊改示范职业技术学院2025年度自我诊改报告', 15)).toEqual(['诊改示范职业技术学院', '2025年度自我诊改报告']);
    expect(wrapTitle('短标题', 15)).toEqual(['短标题']);
  });

  it('stamps a square seal with a transparent background (RGBA)', async () => {
    const seal = png(await images.stamp('school', '诊改示范职业技术学院', '学校审核专用章'));
    expect(seal).toEqual({ width: STAMP_SIZE * 2, height: STAMP_SIZE * 2, colourType: 6 });
    const expert = await images.stamp('expert', '诊改示范职业技术学院', '专家评审专用章');
    expect(png(expert).width).toBe(STAMP_SIZE * 2);
  });

  it('composes an A4 cover at 2× on the default background, with the title drawn', async () => {
    const background = await images.defaultCoverBackground();
    expect(png(background)).toMatchObject({ width: COVER_WIDTH, height: COVER_HEIGHT });
    const layout = { titleTop: 30, titleSize: 40, titleColor: '#0b3a75', align: 'center' as const };
    const title = { reportName: '诊改示范职业技术学院2025年度自我诊改报告', schoolName: '诊改示范职业技术学院', cycle: '2025', date: '2025-12-20' };
    const cover = await images.cover(background, layout, title);
    expect(png(cover)).toMatchObject({ width: COVER_WIDTH * 2, height: COVER_HEIGHT * 2 });
    // the title is drawn: the same background with an empty title compresses smaller
    const bare = await images.cover(background, layout, { reportName: '', schoolName: '', cycle: '', date: '' });
    expect(cover.length).toBeGreaterThan(bare.length);
  });
});
