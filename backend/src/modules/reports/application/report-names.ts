import { REPORT_ACTION_NAMES, type ReportAction } from '@zhengai/contracts';

/** History actions besides the moves: the first build, its end, a failed build, unsharing. */
const HISTORY_NAMES: Record<string, string> = {
  ...REPORT_ACTION_NAMES,
  generate: '生成报告',
  built: '生成完成',
  buildFailed: '生成失败',
  unshare: '取消共享',
} satisfies Partial<Record<ReportAction | string, string>>;

export const historyName = (action: string): string => HISTORY_NAMES[action] ?? action;

export const REPORT_BASE = '/api/herm-sjgl';
export const coverUrlOf = (id: string) => `${REPORT_BASE}/report/cover?id=${encodeURIComponent(id)}`;
export const stampUrlOf = (id: string, kind: 'expert' | 'school') => `${REPORT_BASE}/report/stamp?id=${encodeURIComponent(id)}&kind=${kind}`;

/** Stamp labels: the expert review's and the school's. */
export const STAMP_LABELS = { expert: '专家评审专用章', school: '诊改工作专用章' } as const;
