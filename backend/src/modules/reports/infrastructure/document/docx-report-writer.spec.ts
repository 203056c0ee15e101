import { writeFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { ResvgReportImages } from '../images/resvg-report-images.js';
import { fixtureDocumentInput, fixtureOverview, fixtureTables } from '../testing/report-document.fixture.js';
import { DocxReportWriter } from './docx-report-writer.js';

const images = new ResvgReportImages();
const writer = new DocxReportWriter(images);

async function fixtureImages(): Promise<{ cover: Buffer; stamp: Buffer }> {
  const background = await images.defaultCoverBackground();
  const cover = await images.cover(background, { titleTop: 28, titleSize: 40, titleColor: '#0b3a75', align: 'center' }, {
    reportName: '诊改示范职业技术学院2025年度自我诊改报告',
    schoolName: '诊改示范职业技术学院',
    cycle: '2025',
    date: '2025-12-20',
  });
  return { cover, stamp: await images.stamp('expert', '诊改示范职业技术学院', '专家评审专用章') };
}

function documentXml(docx: Buffer): { xml: string; styles: string; footer: string; media: string[] } {
  const files = unzipSync(new Uint8Array(docx));
  const footer = Object.keys(files).find((name) => /^word\/footer\d*\.xml$/.test(name));
  return {
    xml: strFromU8(files['word/document.xml']!),
    styles: strFromU8(files['word/styles.xml']!),
    footer: footer ? strFromU8(files[footer]!) : '',
    media: Object.keys(files).filter((name) => name.startsWith('word/media/')),
  };
}

describe('DocxReportWriter (real docx, real renders)', () => {
  let pictures: { cover: Buffer; stamp: Buffer };
  beforeAll(async () => {
    pictures = await fixtureImages();
  });

  it('writes the report name, the shown sections numbered in order, their tables and rows, the reviews', async () => {
    const docx = await writer.write(fixtureDocumentInput(pictures));
    // REPORT_DOCX_OUT keeps the document, for scripts/report-pages.mjs to render its pages
    if (process.env.REPORT_DOCX_OUT) writeFileSync(process.env.REPORT_DOCX_OUT, docx);
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    const { xml, styles, footer, media } = documentXml(docx);
    expect(xml).toContain('诊改示范职业技术学院2025年度自我诊改报告');
    expect(xml).toContain('1. 质控点情况');
    expect(xml).toContain('2. 预警情况');
    expect(xml).toContain('共有质控点24个，达标17个，未达标5个，未填报2个');
    expect(xml).toContain('目标监测统计表');
    expect(xml).toContain('生均教学仪器设备值');
    expect(xml).toContain('预警记录统计表');
    expect(xml).toContain('2025-07-01 10:00:00');
    expect(xml).toContain('优秀');
    expect(xml).toContain('待评审');
    expect(xml).toContain('负责人：王明');
    expect(styles).toContain('w:eastAsia="宋体"');
    expect(styles).toContain('w:eastAsia="黑体"');
    expect(styles).toContain('w:ascii="Times New Roman"');
    expect(footer).toContain('PAGE');
    // section 2 is unchecked: neither its heading, its text nor its table
    expect(xml).not.toContain('任务完成进度');
    expect(xml).not.toContain('未完成目标统计表');
    expect(xml).not.toContain('建设智慧教室20间');
    // section 4 改进成效: numbered after the shown ones, its sentence, its table with every effect
    expect(xml).toContain('3. 改进成效');
    expect(xml).toContain('改进有效率33.33%');
    expect(xml).toContain('表4 改进成效统计表');
    for (const cell of ['本周期结果', '引进专任教师30名', '17.60', '未改善', '待评估']) expect(xml).toContain(cell);
    // the score is a percent (the share of graded points at A or Y), as the page's stamp shows it (issue 35)
    expect(xml).toMatch(/>得分<\/w:t>(?:(?!<\/w:tr>).)*>83\.33%<\/w:t>/s);
    // the tables' cells as the build froze them: percents with %, floats with 2 decimals, times with seconds
    for (const cell of ['>91.00%<', '>95.00%<', '>21.30<', '>2025-03-12 09:30:00<']) expect(xml).toContain(cell);
    // grades by the names the quality table gives them (issue 35): 生师比's D reads 未完成, never a bare letter
    expect(xml).toMatch(/>生师比<\/w:t>(?:(?!<\/w:tr>).)*>未完成<\/w:t>/s);
    expect(xml).not.toMatch(/<w:t[^>]*>[ABCDYN]<\/w:t>/);
    // cover, attainment and grades pies, warning bar and pie, the effects pie, the expert's stamp
    expect(media).toHaveLength(7);
  });

  it('leaves a zero section out even when checked, and numbers the rest from 1', async () => {
    const overview = fixtureOverview();
    overview.items = overview.items.map((item) => (item.id === 1 ? { ...item, num: 0 } : { ...item, isChecked: true }));
    const { xml } = documentXml(await writer.write(fixtureDocumentInput(pictures, overview)));
    expect(xml).not.toContain('质控点情况');
    expect(xml).not.toContain('目标监测统计表');
    expect(xml).toContain('1. 任务完成进度');
    expect(xml).toContain('建设智慧教室20间');
    expect(xml).toContain('2. 预警情况');
  });

  // Its time is the reports bench's (test/bench/reports.mjs, goal < 5 s), not a test's: a busy machine must not fail it.
  it('builds a large report (1,000 points, 5,000 warnings) whole', async () => {
    const base = fixtureTables();
    const tables = {
      ...base,
      mbjc: Array.from({ length: 1000 }, (_, i) => ({ ...base.mbjc[i % 3]!, zkdmc: `质控点${i}` })),
      yjjl: Array.from({ length: 5000 }, (_, i) => ({ ...base.yjjl[i % 2]!, zkdmc: `预警质控点${i}` })),
    };
    const docx = await writer.write({ ...fixtureDocumentInput(pictures), tables });
    const { xml } = documentXml(docx);
    expect(xml).toContain('质控点999');
    expect(xml).toContain('预警质控点4999');
  });
});
