import type { PlatformCounts } from '../../domain/monitoring.js';

export type { PlatformCounts };

/** Reads the live tables of the earlier modules (diagnosis, warnings, target tasks, data collection). */
export abstract class PlatformFigures {
  abstract counts(): Promise<PlatformCounts>;
  /** The system name (the system setting, markup removed). */
  abstract systemName(): Promise<string>;
}
