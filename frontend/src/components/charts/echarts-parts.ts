// The parts of ECharts the app draws with, and no more: the full package is 1.1 MB (361 KB gzip), these 0.58 MB
// (190 KB). Loaded only by lazy-chart.tsx's dynamic import. A chart type or option component not listed here is
// silently not drawn: add it here when an option starts to use one.
import { BarChart, LineChart, PieChart, RadarChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
// containLabel (card-option.ts, contracts' report charts) needs the legacy grid layout in ECharts 6;
// LabelLayout keeps the label placement of the full build.
import { LabelLayout, LegacyGridContainLabel } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

register([
  CanvasRenderer,
  BarChart,
  LineChart,
  PieChart,
  RadarChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  LabelLayout,
  LegacyGridContainLabel,
]);

export { init };
