/**
 * Attachment stages (001 §4), in the order the list groups them: target standard, monitoring warning,
 * self-diagnosis (two), summary improvement (two).
 */
export const STAGES = ['mbbz', 'jcyj', 'zwzd', 'zjgj', 'unfinish', 'disqualified'] as const;
export type Stage = (typeof STAGES)[number];

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

export function stageOrder(stage: string): number {
  const i = (STAGES as readonly string[]).indexOf(stage);
  return i < 0 ? STAGES.length : i;
}
