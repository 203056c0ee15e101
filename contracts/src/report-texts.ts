// The sentences that put a report section's numbers into words, written once: the report page and the Word document
// say the same thing about the same frozen overview.
import { formatPercent } from './format.js';
import type { NamedValue, OverviewItem, ReportOverview } from './reports.js';

/** Lists in the sentences are cut here: a thousand point names would bury the sentence (the tables list all). */
export const SENTENCE_LIST_MAX = 10;

/** a、b、c, or the first ten and 等N个. */
export function listedNames(names: readonly string[], max = SENTENCE_LIST_MAX): string {
  const head = names.slice(0, max).join('、');
  return names.length > max ? `${head}等${names.length}个` : head;
}

/** A rate the overview carries as '40.00', '0' (nothing to divide) or already '40.00%', as every percent shows: '40.00%', '0.00%'. */
export function percentText(rate: string): string {
  return formatPercent(rate, rate);
}

const valueOf = (list: readonly NamedValue[], name: string): number => list.find((entry) => entry.name === name)?.value ?? 0;

/** The sentences of a section's numbers (001 §3's fields): counts, shares, the names of what missed. */
export function sectionSentences(item: Pick<OverviewItem, 'id' | 'num'>, overview: ReportOverview): string[] {
  switch (item.id) {
    case 1: {
      const attained = valueOf(overview.zkddbqkList, '达标');
      const unfilled = valueOf(overview.zkddbqkList, '未填报');
      const sentences = [
        `共有质控点${overview.zkdzsl}个，达标${attained}个，未达标${overview.wdbzkdsl}个${unfilled ? `，未填报${unfilled}个` : ''}` +
          (overview.wdbzkdsl ? `：未达标的质控点为${listedNames(overview.wdbzkdmcs)}，涉及二级指标${listedNames(overview.wdbzkdejzbs)}。` : '。'),
      ];
      const grades = overview.zgQualitiesRankList.filter((grade) => grade.value > 0);
      if (grades.length) sentences.push(`质控点等级分布：${grades.map((grade) => `${grade.name === '未评级' ? '未评级' : `${grade.name}级`}${grade.value}个（${percentText(grade.zb)}）`).join('、')}。`);
      if (overview.zkdhglList.length) sentences.push(`各一级指标达标率：${overview.zkdhglList.map((entry) => `${entry.name}${percentText(String(entry.value))}`).join('、')}。`);
      return sentences;
    }
    case 2: {
      const groups = overview.zkdwcqkList.map((entry) => `${entry.name}${entry.value}项`).join('、');
      return [
        `共有目标任务${item.num}项，完成率${percentText(overview.wcl)}${groups ? `，其中${groups}` : ''}` +
          (overview.wwczkdsl ? `；未完成${overview.wwczkdsl}项：${listedNames(overview.wwczkdmcs)}，涉及年度目标${listedNames(overview.wwczkdejzbs)}。` : '；目标任务均已完成。'),
      ];
    }
    case 3: {
      const handled = valueOf(overview.yjqkList, '已处理');
      const sentences = [`共预警${overview.yjcs}次，已处理${handled}次，未处理${overview.yjcs - handled}次，处理率${percentText(overview.yjcll)}。`];
      if (overview.zkdmcs.length) sentences.push(`预警次数最多的质控点：${overview.zkdmcs.map((name, i) => `${name}（${overview.zkdyjcs[i] ?? 0}次）`).join('、')}。`);
      return sentences;
    }
    case 4: {
      const counts = overview.gjcxList.map((entry) => `${entry.name}${entry.value}项`).join('、');
      const pending = valueOf(overview.gjcxList, '待评估');
      return [
        `上一周期未达标质控点的改进措施${overview.gjcssl}项，按本周期结果评估：${counts}` +
          (overview.gjyxl === null ? '；尚无可评估的措施。' : `；改进有效率${percentText(String(overview.gjyxl))}（有效措施占已评估${overview.gjcssl - pending}项的比例）。`),
      ];
    }
  }
}
