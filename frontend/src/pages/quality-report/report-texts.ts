// Texts and colours of the report screens, kept apart from the components so they read (and test) on their own.
import { COVER_IMAGE_EXTENSIONS, COVER_IMAGE_MAX_BYTES, REPORT_MESSAGES, type ReportScope, type ReportState } from '@zhengai/contracts';

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
