// Texts and colours of the report screens, kept apart from the components so they read (and test) on their own.
import { COVER_IMAGE_EXTENSIONS, COVER_IMAGE_MAX_BYTES, REPORT_MESSAGES, type ReportOverview, type ReportScope, type ReportState } from '@zhengai/contracts';

/** The scope entries as the header and the list show them: 学校：诊改示范职业技术学院，专业：软件技术. */
export function scopeText(scopes: readonly ReportScope[]): string {
  return scopes.map((s) => `${s.cjmc}：${s.cjname}`).join('，');
}

/** The state tag's colour: the flow's moves in blue, done in green, the author's turn in orange, failures in red. */
export function stateColor(state: ReportState): string {
  switch (state) {
    case 'published':
      return 'success';
    case 'submitted':
    case 'expertPassed':
      return 'processing';
    case 'draft':
      return 'warning';
    case 'building':
      return 'default';
    case 'failed':
    case 'rejected':
      return 'error';
  }
}

/** A percent the overview carries as '40.00' (or already '40.00%'). */
export function percentText(value: string): string {
  return value.endsWith('%') ? value : `${value}%`;
}

/** The names of a list in a sentence: （a、b、c）, none when empty; long lists end with 等. */
export function namesText(names: readonly string[], max = 10): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, max).join('、');
  return `（${shown}${names.length > max ? '等' : ''}）`;
}

/** The default report name: the school's (else the first scope's) name, the cycle, 年度自我诊改报告. */
export function defaultReportName(scopes: readonly ReportScope[], cycle: string | undefined): string {
  if (!cycle || scopes.length === 0) return '';
  const named = scopes.find((s) => s.cjlx === 'school') ?? scopes[0];
  return `${named.cjname}${cycle}年度自我诊改报告`;
}

/** Why a cover image is refused before it is sent (the server checks the content again), or null. */
export function coverImageProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(COVER_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return REPORT_MESSAGES.coverImageType;
  if (file.size > COVER_IMAGE_MAX_BYTES) return REPORT_MESSAGES.coverImageSize;
  return null;
}

/** The numbers of a section in a sentence (001 §3's fields). */
export function sectionSentence(id: 1 | 2 | 3, o: ReportOverview, num: number): string {
  if (id === 1) {
    const parts = o.zkddbqkList.map((v) => `${v.name}${v.value}个`).join('，');
    return `本周期共有质控点${o.zkdzsl}个${parts ? `，其中${parts}` : ''}；未达标质控点${o.wdbzkdsl}个${namesText(o.wdbzkdmcs)}。`;
  }
  if (id === 2) {
    const parts = o.zkdwcqkList.map((v) => `${v.name}${v.value}项`).join('，');
    return `本年度共有目标任务${num}项${parts ? `，其中${parts}` : ''}，完成率${percentText(o.wcl)}；未完成任务${o.wwczkdsl}项${namesText(o.wwczkdmcs)}。`;
  }
  const parts = o.yjqkList.map((v) => `${v.name}${v.value}次`).join('，');
  return `本周期共产生质控点预警${o.yjcs}次${parts ? `，其中${parts}` : ''}，预警处理率${percentText(o.yjcll)}。`;
}
