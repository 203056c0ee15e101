import type { ReportLevel } from '@zhengai/contracts';

/**
 * A level's cycle before a report's cycle, as the development centres order a level's cycles (its own kind of cycle,
 * by start): section 4 judges that cycle's measures by this one's results, like a centre's row. Owned here, bound by
 * development-centres (a later module), so the order is read in one place.
 */
export abstract class LevelCycles {
  /** The cycle before `cycle` among the level's cycles (null: none before it). */
  abstract previous(level: ReportLevel, cycle: string): Promise<string | null>;
}
