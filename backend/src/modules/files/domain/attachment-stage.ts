/**
 * Attachment stages (001 §4), in the order the list groups them: target standard, monitoring warning,
 * self-diagnosis (two), summary improvement (two); then target tasks' own (issue 13): the task's files, the evidence
 * of process and final reports. The lists are the contract's, which the browser shares.
 */
import { ATTACHMENT_STAGES, TASK_ATTACHMENT_STAGES, type AttachmentStage } from '@zhengai/contracts';

/** Every stage an attachment may have, in list order. */
export const ALL_STAGES: readonly string[] = [...ATTACHMENT_STAGES, ...TASK_ATTACHMENT_STAGES];
export type Stage = AttachmentStage | (typeof TASK_ATTACHMENT_STAGES)[number];

export function stageOrder(stage: string): number {
  const i = ALL_STAGES.indexOf(stage);
  return i < 0 ? ALL_STAGES.length : i;
}
