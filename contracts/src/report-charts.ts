// The report's charts as ECharts options, written once: the report page draws them in the browser and the Word
// document renders the same options on the server (ECharts' SSR to SVG, then PNG). Plain objects: no ECharts import here.
import type { OverviewItemId, ReportOverview } from './reports.js';

/** Section 1: pies of target attainment and grade; section 2: the task completion pie; section 3: the warnings bar and pie. */
export const REPORT_CHART_KEYS = ['attainment', 'grades', 'tasks', 'warningBar', 'warningPie'] as const;
export type ReportChartKey = (typeof REPORT_CHART_KEYS)[number];
export const REPORT_CHART_SECTION: Record<ReportChartKey, OverviewItemId> = { attainment: 1, grades: 1, tasks: 2, warningBar: 3, warningPie: 3 };

/** The ECharts option of one chart (animation off, so a server render is the final picture). TODO(issue 14): filled by the document work. */
export function reportChartOption(key: ReportChartKey, overview: ReportOverview): Record<string, unknown> {
  void key;
  void overview;
  return { animation: false };
}
