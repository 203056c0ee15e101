import type { CoverLayout, ReportChartKey, ReportOverview, ReportScope, ReportTables, ReviewVo } from '@zhengai/contracts';

/** Everything the Word document shows: the frozen report as the page shows it, with the images it needs. */
export interface ReportDocumentInput {
  reportName: string;
  cycle: string;
  schoolName: string;
  scopes: ReportScope[];
  principal: string;
  createTimeFmt: string;
  /** The share of graded points at A or Y, in percent; the document shows it as a percent ('83.33%'). */
  score: number | null;
  preface: string;
  closing: string;
  overview: ReportOverview;
  tables: ReportTables;
  /** The composed cover (ReportImages.cover), PNG. */
  cover: Buffer;
  expertReview: (ReviewVo & { stamp: Buffer }) | null;
  schoolReview: (ReviewVo & { stamp: Buffer }) | null;
}

/** Writes the report as a Word document (.docx bytes). */
export abstract class ReportDocumentWriter {
  abstract write(input: ReportDocumentInput): Promise<Buffer>;
}

/** The report's pictures, rendered on the server as PNG. */
export abstract class ReportImages {
  /** The cover: the background image with the title block laid out on it (A4 portrait). */
  abstract cover(background: Buffer, layout: CoverLayout, title: { reportName: string; schoolName: string; cycle: string; date: string }): Promise<Buffer>;
  /** A round red seal: the organisation around the rim, the label across the bottom. */
  abstract stamp(kind: 'expert' | 'school', organisation: string, label: string): Promise<Buffer>;
  /** The demo's and a fresh install's default cover background (PNG). */
  abstract defaultCoverBackground(): Promise<Buffer>;
  /** One overview chart (reportChartOption of the contract) drawn as the page draws it, PNG. */
  abstract chart(key: ReportChartKey, overview: ReportOverview): Promise<Buffer>;
}
