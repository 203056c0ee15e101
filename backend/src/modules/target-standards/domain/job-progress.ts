import { nextPointCodes, type TargetLevel } from './library-rules.js';

/**
 * What the status of a copy, a sync and a copy of points shows a person (issue 12): done of total, the step in a short
 * Chinese label, and the reason once it failed. Pure: the jobs report these, the status call reads them back.
 */
export interface Progress {
  done: number;
  total: number;
  step: string;
  reason?: string;
}

/** The stages of a library copy, one set-based statement each, in order. */
export const COPY_STAGES = ['library', 'indicators', 'points', 'datasources', 'authorities'] as const;
export type CopyStage = (typeof COPY_STAGES)[number];

const COPY_LABELS: Record<CopyStage, string> = {
  library: '复制目标标准',
  indicators: '复制指标',
  points: '复制质控点',
  datasources: '复制数据源',
  authorities: '复制权限',
};

/** The stages of a copy of points. */
export const POINT_COPY_STAGES = ['check', 'points', 'datasources'] as const;
export type PointCopyStage = (typeof POINT_COPY_STAGES)[number];

const POINT_COPY_LABELS: Record<PointCopyStage, string> = { check: '检查质控点', points: '复制质控点', datasources: '复制数据源' };

export const STEP_WAITING = '排队中';
export const STEP_DONE = '完成';
export const STEP_FAILED = '失败';

/** A library copy about to run a stage. */
export function copyStageProgress(stage: CopyStage): Progress {
  return { done: COPY_STAGES.indexOf(stage), total: COPY_STAGES.length, step: COPY_LABELS[stage] };
}

/** A copy of points about to run a stage. */
export function pointCopyStageProgress(stage: PointCopyStage): Progress {
  return { done: POINT_COPY_STAGES.indexOf(stage), total: POINT_COPY_STAGES.length, step: POINT_COPY_LABELS[stage] };
}

/** A sync about to push into its next child (children done of all). */
export function syncProgress(done: number, total: number): Progress {
  return { done, total, step: done < total ? '同步质控点' : STEP_DONE };
}

/** Every unit done. */
export function finished(total: number): Progress {
  return { done: total, total, step: STEP_DONE };
}

/** Where a job stopped, with why. */
export function failedAt(last: Progress | null, total: number, reason: string): Progress {
  return { done: last?.done ?? 0, total: last?.total ?? total, step: STEP_FAILED, reason };
}

/**
 * The codes copied points take in the target library: a point keeps its code unless the target library (or an
 * earlier point of the same copy) holds it already; then it takes the next generated code of the target's level,
 * as an empty code would on add (XX-001 …). Codes are kept rather than refused so a copy of many points is not
 * stopped by one clash; the answer names what was renamed.
 */
export function copyCodes(level: TargetLevel, sourceCodes: string[], targetCodes: Iterable<string>): string[] {
  const taken = new Set(targetCodes);
  const keeps = sourceCodes.map((code, i) => !taken.has(code) && sourceCodes.indexOf(code) === i);
  for (const [i, code] of sourceCodes.entries()) if (keeps[i]) taken.add(code);
  const fresh = nextPointCodes(level, taken, keeps.filter((k) => !k).length);
  let next = 0;
  return sourceCodes.map((code, i) => (keeps[i] ? code : fresh[next++]!));
}
