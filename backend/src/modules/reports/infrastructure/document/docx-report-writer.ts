import { Injectable } from '@nestjs/common';
import {
  REPORT_TABLE_COLUMNS,
  reportTableCell,
  REPORT_TABLE_KEYS,
  REPORT_TABLE_NAMES,
  REPORT_TABLE_SECTION,
  sectionSentences,
  shownSections,
  type OverviewItemId,
  type ReportChartKey,
  type ReportTableKey,
  type ReportTables,
  type ReviewVo,
} from '@zhengai/contracts';
import {
  AlignmentType,
  BorderStyle,
  Document,
  FileChild,
  Footer,
  HeadingLevel,
  HorizontalPositionRelativeFrom,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlign,
  VerticalPositionRelativeFrom,
  WidthType,
  type ISectionOptions,
  type IXmlableObject,
} from 'docx';
import { formatPercent } from '../../../../shared/kernel/format.js';
import { ReportDocumentWriter, ReportImages, type ReportDocumentInput } from '../../application/ports/report-document.port.js';

/** Chinese documents in Word and WPS: 宋体 for the body, 黑体 for headings, Times New Roman for Latin letters and digits. */
const BODY_FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', cs: 'Times New Roman', eastAsia: '宋体' };
const HEADING_FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', cs: 'Times New Roman', eastAsia: '黑体' };
/** A4 in twips, 2.5 cm side margins: the text is 9,070 twips (about 605 px) wide. */
const PAGE = { width: 11906, height: 16838, marginX: 1418, marginY: 1440 };
const TEXT_WIDTH = PAGE.width - PAGE.marginX * 2;
const TEXT_WIDTH_PX = Math.floor((TEXT_WIDTH / 1440) * 96);
const COVER_PX = { width: 794, height: 1123 };
const HEADER_FILL = 'E8EEF7';
const LABEL_FILL = 'F2F5FA';

/** Each table's columns' relative widths (same order as REPORT_TABLE_COLUMNS): wide ones for names and texts. */
const COLUMN_WEIGHTS: Record<ReportTableKey, number[]> = {
  mbjc: [16, 12, 12, 18, 9, 9, 8, 10],
  wdbzb: [14, 12, 15, 8, 8, 8, 16, 16],
  wwcmb: [20, 18, 13, 9, 12, 10, 9],
  yjjl: [14, 16, 13, 8, 8, 13, 14, 14],
  gjcx: [14, 16, 10, 9, 9, 8, 22, 9],
};

/** The PNG's pixel size from its IHDR chunk, to keep the pictures' proportions. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function image(png: Buffer, width: number): ImageRun {
  const size = pngSize(png);
  return new ImageRun({ type: 'png', data: png, transformation: { width, height: Math.round((width * size.height) / size.width) } });
}

function text(content: string, options: { bold?: boolean; size?: number; color?: string } = {}): TextRun {
  return new TextRun({ text: content, ...options });
}

function body(content: string, options: { indent?: boolean; align?: (typeof AlignmentType)[keyof typeof AlignmentType] } = {}): Paragraph {
  return new Paragraph({
    children: [text(content)],
    alignment: options.align ?? AlignmentType.JUSTIFIED,
    // a Chinese paragraph's first line is indented by two characters (12 pt body: 480 twips)
    indent: options.indent === false ? undefined : { firstLine: 480 },
    spacing: { line: 360, after: 120 },
  });
}

function cell(content: string, options: { header?: boolean; fill?: string; width: number; size?: number; columnSpan?: number; align?: 'left' | 'center' }): TableCell {
  return new TableCell({
    width: { size: options.width, type: WidthType.DXA },
    columnSpan: options.columnSpan,
    verticalAlign: VerticalAlign.CENTER,
    shading: options.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: options.fill } : undefined,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
    children: [
      new Paragraph({
        alignment: options.align === 'left' ? AlignmentType.LEFT : AlignmentType.CENTER,
        children: [text(content, { bold: options.header, size: options.size })],
      }),
    ],
  });
}

const BORDER = { style: BorderStyle.SINGLE, size: 4, color: '8C9BB0' };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER };

/** A two-column facts table: a shaded label and its value per row. */
function factsTable(rows: Array<[string, string]>): Table {
  const labelWidth = 1900;
  const valueWidth = TEXT_WIDTH - labelWidth;
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [labelWidth, valueWidth],
    layout: TableLayoutType.FIXED,
    borders: BORDERS,
    rows: rows.map(
      ([label, value]) =>
        new TableRow({
          children: [cell(label, { header: true, fill: LABEL_FILL, width: labelWidth }), cell(value, { width: valueWidth, align: 'left' })],
        }),
    ),
  });
}

type Xml = IXmlableObject;
const TABLE_TEXT_STYLE = 'ReportTableText';
const TABLE_HEADER_STYLE = 'ReportTableHeader';

function rawParagraph(style: string, content: string): Xml {
  const pPr = { 'w:pPr': [{ 'w:pStyle': { _attr: { 'w:val': style } } }] };
  return { 'w:p': content ? [pPr, { 'w:r': [{ 'w:t': [{ _attr: { 'xml:space': 'preserve' } }, content] }] }] : [pPr] };
}

/**
 * A statistics table as WordprocessingML objects handed straight to docx's serialiser. The tables are the bulk of a big
 * report (5,000 warnings are 40,000 cells) and docx's Table/TableCell/Paragraph objects cost about ten times as much per
 * cell; the cells' look comes from the two paragraph styles and the table's borders, so each cell is a bare paragraph.
 */
class StatisticsTable extends FileChild {
  constructor(private readonly xml: Xml) {
    super('w:tbl');
  }

  override prepForXml(): Xml {
    return this.xml;
  }
}

/** A review's facts with its stamp beside them (a cell spanning the rows), so the seal never parts from its review. */
function reviewTable(review: ReviewVo & { stamp: Buffer }): Table {
  const widths = [1500, TEXT_WIDTH - 1500 - 2600, 2600];
  const facts: Array<[string, string]> = [
    ['结果', review.fhjgmc],
    ['意见', review.opinion],
    ['评审人', review.reviewer],
    ['时间', review.time],
  ];
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    borders: BORDERS,
    rows: facts.map(
      ([label, value], i) =>
        new TableRow({
          cantSplit: true,
          children: [
            cell(label, { header: true, fill: LABEL_FILL, width: widths[0]! }),
            cell(value, { width: widths[1]!, align: 'left' }),
            ...(i === 0
              ? [
                  new TableCell({
                    width: { size: widths[2]!, type: WidthType.DXA },
                    rowSpan: facts.length,
                    verticalAlign: VerticalAlign.CENTER,
                    children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [image(review.stamp, 120)] })],
                  }),
                ]
              : []),
          ],
        }),
    ),
  });
}

function statisticsTable(key: ReportTableKey, tables: ReportTables): StatisticsTable {
  const columns = REPORT_TABLE_COLUMNS[key];
  const weights = COLUMN_WEIGHTS[key];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const widths = weights.map((weight) => Math.floor((TEXT_WIDTH * weight) / total));
  const border = { _attr: { 'w:val': 'single', 'w:sz': 4, 'w:space': 0, 'w:color': '8C9BB0' } };
  const cellMargin = (side: string, width: number): Xml => ({ [`w:${side}`]: { _attr: { 'w:w': width, 'w:type': 'dxa' } } });
  const tblPr = {
    'w:tblPr': [
      { 'w:tblW': { _attr: { 'w:w': TEXT_WIDTH, 'w:type': 'dxa' } } },
      { 'w:tblBorders': ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => ({ [`w:${side}`]: border })) },
      { 'w:tblLayout': { _attr: { 'w:type': 'fixed' } } },
      { 'w:tblCellMar': [cellMargin('top', 40), cellMargin('left', 80), cellMargin('bottom', 40), cellMargin('right', 80)] },
    ],
  };
  const grid = { 'w:tblGrid': widths.map((width) => ({ 'w:gridCol': { _attr: { 'w:w': width } } })) };
  const headerCell = (title: string, width: number): Xml => ({
    'w:tc': [
      { 'w:tcPr': [{ 'w:tcW': { _attr: { 'w:w': width, 'w:type': 'dxa' } } }, { 'w:shd': { _attr: { 'w:val': 'clear', 'w:color': 'auto', 'w:fill': HEADER_FILL } } }, { 'w:vAlign': { _attr: { 'w:val': 'center' } } }] },
      rawParagraph(TABLE_HEADER_STYLE, title),
    ],
  });
  const header = { 'w:tr': [{ 'w:trPr': [{ 'w:cantSplit': {} }, { 'w:tblHeader': {} }] }, ...columns.map((column, i) => headerCell(column.title, widths[i]!))] };
  const rows = (tables[key] as Array<Record<string, string>>).map((row) => ({
    'w:tr': [{ 'w:trPr': [{ 'w:cantSplit': {} }] }, ...columns.map((column) => ({ 'w:tc': [rawParagraph(TABLE_TEXT_STYLE, reportTableCell(column.key, row[column.key]))] }))],
  }));
  const empty = { 'w:tr': [{ 'w:tc': [{ 'w:tcPr': [{ 'w:gridSpan': { _attr: { 'w:val': columns.length } } }] }, rawParagraph(TABLE_TEXT_STYLE, '无')] }] };
  return new StatisticsTable({ 'w:tbl': [tblPr, grid, header, ...(rows.length ? rows : [empty])] });
}

/** The charts of each section; pies go two abreast. */
const SECTION_CHARTS: Record<OverviewItemId, ReportChartKey[][]> = { 1: [['attainment', 'grades']], 2: [['tasks']], 3: [['warningBar'], ['warningPie']], 4: [['effects']] };

@Injectable()
export class DocxReportWriter extends ReportDocumentWriter {
  constructor(private readonly images: ReportImages) {
    super();
  }

  async write(input: ReportDocumentInput): Promise<Buffer> {
    const { overview } = input;
    const sections = shownSections(overview.items);
    // the charts are drawn together before the document is laid out (each is a separate render)
    const keys = sections.flatMap((section) => SECTION_CHARTS[section.id].flat());
    const pictures = new Map<ReportChartKey, Buffer>(await Promise.all(keys.map(async (key) => [key, await this.images.chart(key, overview)] as const)));

    const children: FileChild[] = [
      new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [text(input.reportName)] }),
      factsTable([
        ...input.scopes.map((scope): [string, string] => [scope.cjmc, scope.cjname]),
        ['诊改周期', `${input.cycle}年度`],
        ['负责人', input.principal],
        ['报告时间', input.createTimeFmt],
        // the share of graded points at A or Y: a percent, as the page's score stamp and the task view show it
        ['得分', formatPercent(input.score, '—')],
      ]),
      new Paragraph({ text: '' }),
    ];
    if (input.preface) children.push(body(input.preface));

    let tableNo = 0;
    for (const section of sections) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [text(`${section.no}. ${section.name}`)] }));
      if (section.text) children.push(body(section.text));
      for (const sentence of sectionSentences(section, overview)) children.push(body(sentence));
      for (const row of SECTION_CHARTS[section.id]) {
        // the bar takes the text width, a pie alone about two thirds of it (its canvas is 400 px: text stays ~12 px)
        const width = row.length > 1 ? Math.floor(TEXT_WIDTH_PX / row.length) - 4 : row[0] === 'warningBar' ? TEXT_WIDTH_PX - 5 : 400;
        children.push(new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 120, after: 120 }, children: row.map((key) => image(pictures.get(key)!, width)) }));
      }
      for (const key of REPORT_TABLE_KEYS.filter((tableKey) => REPORT_TABLE_SECTION[tableKey] === section.id)) {
        tableNo += 1;
        children.push(
          new Paragraph({ heading: HeadingLevel.HEADING_2, alignment: AlignmentType.CENTER, keepNext: true, children: [text(`表${tableNo} ${REPORT_TABLE_NAMES[key]}`)] }),
          statisticsTable(key, input.tables),
          new Paragraph({ text: '' }),
        );
      }
    }
    if (input.closing) children.push(body(input.closing));

    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [text('评审意见')] }));
    for (const [title, review] of [
      ['专家评审', input.expertReview],
      ['学校审核', input.schoolReview],
    ] as const) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, children: [text(title)] }));
      if (!review) {
        children.push(body('待评审'));
        continue;
      }
      children.push(reviewTable(review));
    }
    children.push(
      new Paragraph({ text: '' }),
      body(`负责人：${input.principal}`, { indent: false, align: AlignmentType.RIGHT }),
      body(`报告时间：${input.createTimeFmt}`, { indent: false, align: AlignmentType.RIGHT }),
    );

    const coverSize = pngSize(input.cover);
    const coverHeight = Math.round((COVER_PX.width * coverSize.height) / coverSize.width);
    const cover: ISectionOptions = {
      properties: { page: { size: { width: PAGE.width, height: PAGE.height }, margin: { top: 0, bottom: 0, left: 0, right: 0, header: 0, footer: 0 } } },
      children: [
        new Paragraph({
          children: [
            // anchored to the page's corner behind the text, so the picture fills the page without spilling a blank one
            new ImageRun({
              type: 'png',
              data: input.cover,
              transformation: { width: COVER_PX.width, height: Math.min(coverHeight, COVER_PX.height) },
              floating: {
                horizontalPosition: { relative: HorizontalPositionRelativeFrom.PAGE, offset: 0 },
                verticalPosition: { relative: VerticalPositionRelativeFrom.PAGE, offset: 0 },
                behindDocument: true,
              },
            }),
          ],
        }),
      ],
    };
    const main: ISectionOptions = {
      properties: {
        page: {
          size: { width: PAGE.width, height: PAGE.height },
          margin: { top: PAGE.marginY, bottom: PAGE.marginY, left: PAGE.marginX, right: PAGE.marginX },
          pageNumbers: { start: 1 },
        },
      },
      footers: {
        default: new Footer({
          children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['第 ', PageNumber.CURRENT, ' 页'], size: 18 })] })],
        }),
      },
      children,
    };
    const document = new Document({
      title: input.reportName,
      creator: input.principal,
      styles: {
        default: {
          document: { run: { font: BODY_FONT, size: 24 } },
          title: { run: { font: HEADING_FONT, size: 44, bold: true, color: '000000' }, paragraph: { spacing: { before: 240, after: 360 } } },
          heading1: { run: { font: HEADING_FONT, size: 32, bold: false, color: '000000' }, paragraph: { spacing: { before: 360, after: 200 }, keepNext: true } },
          heading2: { run: { font: HEADING_FONT, size: 24, bold: false, color: '000000' }, paragraph: { spacing: { before: 200, after: 120 }, keepNext: true } },
        },
        paragraphStyles: [
          // 9 pt table text: eight columns fit the A4 width
          { id: TABLE_TEXT_STYLE, name: 'Report Table Text', basedOn: 'Normal', run: { size: 18 }, paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 0, after: 0, line: 260 } } },
          { id: TABLE_HEADER_STYLE, name: 'Report Table Header', basedOn: TABLE_TEXT_STYLE, run: { size: 18, bold: true } },
        ],
      },
      sections: [cover, main],
    });
    return Packer.toBuffer(document);
  }
}
