// Attachment stages and the groups the lists show them in (spec 001 §4): mbbz 目标标准, jcyj 监测预警,
// zwzd and zjgj 自我诊断, unfinish and disqualified 总结改进.
import type { Attachment, AttachmentStage } from '../../api/files';

export interface StageGroup {
  key: 'standard' | 'warning' | 'diagnosis' | 'improvement' | 'other';
  name: string;
  stages: readonly string[];
}

export const STAGE_GROUPS: readonly StageGroup[] = [
  { key: 'standard', name: '目标标准', stages: ['mbbz'] },
  { key: 'warning', name: '监测预警', stages: ['jcyj'] },
  { key: 'diagnosis', name: '自我诊断', stages: ['zwzd', 'zjgj'] },
  { key: 'improvement', name: '总结改进', stages: ['unfinish', 'disqualified'] },
];

/** Stages the server does not know (should not happen) are listed last under this name. */
export const OTHER_GROUP: StageGroup = { key: 'other', name: '其他', stages: [] };

export const ALL_STAGES: readonly AttachmentStage[] = ['mbbz', 'jcyj', 'zwzd', 'zjgj', 'unfinish', 'disqualified'];

/** One stage per group: what an upload may pick when the caller does not narrow it. */
export const DEFAULT_UPLOAD_STAGES: readonly AttachmentStage[] = ['mbbz', 'jcyj', 'zwzd', 'unfinish'];

export function stageGroupOf(stage: string): StageGroup {
  return STAGE_GROUPS.find((g) => g.stages.includes(stage)) ?? OTHER_GROUP;
}

/** The group name a stage shows as. */
export function stageName(stage: string): string {
  return stageGroupOf(stage).name;
}

export interface GroupedAttachments<T> extends StageGroup {
  items: T[];
}

/**
 * The four groups in their order, each with its attachments in the order given (empty groups too);
 * a group 其他 at the end only when some stage is unknown.
 */
export function groupByStage<T extends Pick<Attachment, 'stage'>>(items: readonly T[]): GroupedAttachments<T>[] {
  const groups: GroupedAttachments<T>[] = STAGE_GROUPS.map((g) => ({ ...g, items: [] }));
  const other: GroupedAttachments<T> = { ...OTHER_GROUP, items: [] };
  for (const item of items) {
    const group = groups.find((g) => g.stages.includes(item.stage)) ?? other;
    group.items.push(item);
  }
  return other.items.length ? [...groups, other] : groups;
}

/** Select options for the stages an upload may go to; stages of one group are told apart by their code. */
export function stageOptions(stages: readonly AttachmentStage[]): { value: AttachmentStage; label: string }[] {
  return stages.map((stage) => {
    const name = stageName(stage);
    const shared = stages.some((other) => other !== stage && stageName(other) === name);
    return { value: stage, label: shared ? `${name}（${stage}）` : name };
  });
}
