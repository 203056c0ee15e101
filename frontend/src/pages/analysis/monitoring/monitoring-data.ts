// The monitoring answer's lists as CardData, so the card chart draws them (one palette, wrapping, 暂无数据).
import type { CardChart, CardData, NamedValue, OperationMonitoring } from '@zhengai/contracts';

/** Named counts as a one-series card. */
export function countsCard(id: string, name: string, chart: CardChart, counts: NamedValue[], at: string): CardData {
  return { id, name, chart, categories: counts.map((c) => c.name), series: counts.length ? [{ name: '数量', values: counts.map((c) => c.value) }] : [], at };
}

/** Collection by task: collected against expected, side by side. */
export function collectionCard(rows: OperationMonitoring['collectionByTask'], at: string): CardData {
  return {
    id: 'collection-by-task',
    name: '各任务采集情况',
    chart: 'bar',
    categories: rows.map((r) => r.name),
    series: rows.length
      ? [
          { name: '已采集', values: rows.map((r) => r.value) },
          { name: '应采集', values: rows.map((r) => r.target) },
        ]
      : [],
    at,
  };
}
