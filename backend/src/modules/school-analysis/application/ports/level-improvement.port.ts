import type { DataScreen } from '@zhengai/contracts';

/**
 * 改进有效率 per development-centre level for the data screen: the centres' own figures (their SQL and rule, their
 * current cycle of each level, the objects the person reads). Owned here, bound by development-centres (a later
 * module), so the rate has one definition.
 */
export abstract class LevelImprovement {
  abstract ofLevels(userId: string): Promise<DataScreen['improvement']>;
}
