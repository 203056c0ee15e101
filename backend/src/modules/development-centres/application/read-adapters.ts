import { Injectable } from '@nestjs/common';
import { CENTRE_LEVELS, CENTRES, type CentreLevel, type DataScreen, type ReportLevel } from '@zhengai/contracts';
import { LevelCycles } from '../../reports/application/ports/level-cycles.port.js';
import { LevelImprovement } from '../../school-analysis/application/ports/level-improvement.port.js';
import { StampedCache } from '../../../shared/stamped-cache.js';
import { readerScope } from '../domain/centre-access.js';
import { previousCycle } from '../domain/cycle-window.js';
import { CentreReader, type CentreFiguresData } from './ports/centre-reader.port.js';
import { CentreStamp } from './ports/centre-stamp.port.js';

/** The screen's figures kept as the service keeps the overview's: 4 levels × reader scopes; the stamp keeps them true. */
const KEPT_ENTRIES = 200;
const KEPT_MS = 10 * 60_000;

/**
 * The reports' section 4 asks a level's previous cycle: the centres' order of a level's cycles (its own kind, by
 * start). The school level has no centre, but its tasks are ordered by the same reading (年度, the kernel's kind).
 */
@Injectable()
export class LevelCyclesAdapter extends LevelCycles {
  constructor(private readonly reader: CentreReader) {
    super();
  }

  async previous(level: ReportLevel, cycle: string): Promise<string | null> {
    return previousCycle(await this.reader.cycles(level as CentreLevel), cycle);
  }
}

/**
 * The data screen's 改进有效率 per level: each level's figures in its current cycle (the newest, as the overview opens
 * it) of the objects the person reads — the very figures of the centre's overview, read by the same statement and
 * kept under the centres' data stamp per reader scope (a wall screen asks every 30 s; any change reads them afresh).
 */
@Injectable()
export class LevelImprovementAdapter extends LevelImprovement {
  private readonly kept = new StampedCache<CentreFiguresData>(KEPT_ENTRIES, KEPT_MS);
  private readonly keptCycles = new StampedCache<string[]>(KEPT_ENTRIES, KEPT_MS);

  constructor(
    private readonly reader: CentreReader,
    private readonly stamp: CentreStamp,
  ) {
    super();
  }

  async ofLevels(userId: string): Promise<DataScreen['improvement']> {
    const viewer = await this.reader.viewer(userId);
    const levels: DataScreen['improvement'] = [];
    // one level after another: a request takes one pooled connection at a time (a level's figures read all of it)
    for (const level of CENTRE_LEVELS) {
      const cycles = await this.keptCycles.get(level, this.stamp.current(), () => this.reader.cycles(level));
      const cycle = cycles[0] ?? null;
      const name = CENTRES[level].objectName;
      if (cycle === null) {
        levels.push({ level, name, cycle, measures: 0, effective: 0, improvementRate: null });
        continue;
      }
      const window = { cycle, previous: previousCycle(cycles, cycle) };
      const key = JSON.stringify([level, window.cycle, window.previous, readerScope(viewer)]);
      const f = await this.kept.get(key, this.stamp.current(), () => this.reader.figures(level, window, viewer));
      levels.push({ level, name, cycle, measures: f.measures, effective: f.effective, improvementRate: f.improvementRate });
    }
    return levels;
  }
}
