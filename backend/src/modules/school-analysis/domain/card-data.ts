import { progressValue, type AvgAnalysis, type CardChart, type CardData, type OperationMonitoring, type RankAnalysis } from '@zhengai/contracts';

/** A chart draws at most five series (000 §9). */
export const MAX_SERIES = 5;

export type Series = CardData['series'][number];

/** The first five series (the own school's comes first where the source puts it first). */
export function capSeries(series: readonly Series[]): Series[] {
  return series.slice(0, MAX_SERIES);
}

/** What a card draws, before its id, name, chart and time are added. */
export type Figures = Pick<CardData, 'categories' | 'series'> & Partial<Pick<CardData, 'max' | 'unit' | 'places'>>;

/** A card of one of the platform's live sources, from the monitoring figures. */
export function platformFigures(source: 'points-by-grade' | 'warnings-by-state' | 'tasks-by-state' | 'collection-by-task' | 'monitoring-figures', m: OperationMonitoring): Figures {
  switch (source) {
    case 'points-by-grade':
      return { categories: m.pointsByGrade.map((g) => g.name), series: [{ name: '质控点数', values: m.pointsByGrade.map((g) => g.value) }], unit: '个' };
    case 'warnings-by-state':
      return { categories: m.warningsByState.map((g) => g.name), series: [{ name: '预警数', values: m.warningsByState.map((g) => g.value) }], unit: '条' };
    case 'tasks-by-state':
      return { categories: m.tasksByState.map((g) => g.name), series: [{ name: '任务数', values: m.tasksByState.map((g) => g.value) }], unit: '个' };
    case 'collection-by-task':
      return {
        categories: m.collectionByTask.map((t) => t.name),
        series: [
          { name: '已完成', values: m.collectionByTask.map((t) => t.value) },
          { name: '填报任务', values: m.collectionByTask.map((t) => t.target) },
        ],
        unit: '个',
      };
    case 'monitoring-figures':
      return {
        categories: m.figures.map((f) => f.label),
        series: [{ name: '完成率', values: m.figures.map((f) => Number(f.progress)) }],
        max: m.figures.map(() => 100),
        unit: '%',
      };
  }
}

/** The own school (or the first school) against the selection's mean over the years. */
export function trendFigures(avg: AvgAnalysis): Figures {
  const series: Series[] = [];
  if (avg.school) series.push({ name: avg.school.schoolName, values: avg.school.values });
  series.push({ name: '平均值', values: avg.averages });
  return { categories: avg.years.map(String), series: capSeries(series) };
}

/** Each school's place per year (1 the best), at most five schools. */
export function rankFigures(rank: RankAnalysis): Figures {
  return { categories: rank.years.map(String), series: capSeries(rank.series.map((s) => ({ name: s.schoolName, values: s.ranks }))), unit: '名', places: true };
}

/** The own school's place among the selection per headline indicator; a radar's axes run to the number of schools. */
export function rivalRankFigures(ranks: ReadonlyArray<{ name: string; rank: number | null; total: number }>, ownName: string): Figures {
  return {
    categories: ranks.map((r) => r.name),
    series: [{ name: ownName, values: ranks.map((r) => r.rank) }],
    max: ranks.map((r) => r.total),
    unit: '名',
    places: true,
  };
}

/** Builds the card's answer; a chart the person chose replaces the card's own. */
export function cardDataOf(card: { id: string; name: string; chart: CardChart }, figures: Figures, at: Date): CardData {
  return { id: card.id, name: card.name, chart: card.chart, ...figures, series: capSeries(figures.series), at: at.toISOString() };
}

/** The share as a number (0–100) by the 000 §9 rule. */
export const shareOf = (value: number, target: number): number => Number(progressValue(value, target));
