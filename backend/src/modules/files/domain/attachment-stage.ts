/**
 * Attachment stages (001 §4), in the order the list groups them: target standard, monitoring warning,
 * self-diagnosis (two), summary improvement (two). The list is the contract's, which the browser shares.
 */
import { ATTACHMENT_STAGES, type AttachmentStage } from '@zhengai/contracts';

export const STAGES = ATTACHMENT_STAGES;
export type Stage = AttachmentStage;

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

export function stageOrder(stage: string): number {
  const i = (STAGES as readonly string[]).indexOf(stage);
  return i < 0 ? STAGES.length : i;
}
