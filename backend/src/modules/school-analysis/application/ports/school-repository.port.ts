import type { School } from '@zhengai/contracts';
import type { Transaction } from '../../../../infrastructure/database/unit-of-work.port.js';
import type { ImportedSchool, ImportedValue } from '../../domain/school-import-rows.js';

/** What the school list is filtered by (empty lists: no filter). */
export interface SchoolFilter {
  keyword?: string;
  provinces: readonly string[];
  levels: readonly string[];
  natures: readonly string[];
  doubleHigh?: 'school' | 'major' | 'any';
}

/** A person's saved screening: settings and the selected codes in the order chosen. */
export interface ScreenRecord {
  levels: string[];
  natures: string[];
  provinces: string[];
  schoolCodes: string[];
}

export interface HistoryRecord {
  id: string;
  savedAt: string;
  schoolCodes: string[];
}

/** Schools, the person's screening and history, 双高 lists, the own school, imports. */
export abstract class SchoolRepository {
  /** The schools matching, by code; `selected` marks the codes given. */
  abstract list(filter: SchoolFilter, selected: readonly string[]): Promise<School[]>;
  /** The schools of these codes in the order given (unknown codes left out), all marked selected. */
  abstract byCodes(codes: readonly string[]): Promise<School[]>;
  abstract own(): Promise<School | null>;
  /** The first school by code (the anchor of a proposal when there is no own school). */
  abstract first(): Promise<School | null>;
  /** Up to `count` rivals of a school: same province and level first, then same level nationally, then the rest, by code. */
  abstract rivalsOf(school: School, count: number): Promise<School[]>;
  abstract anyGenerated(): Promise<boolean>;
  /** Years holding indicator values, ascending. */
  abstract years(): Promise<number[]>;
  abstract doubleHighYears(): Promise<number[]>;
  abstract doubleHigh(year: number | undefined, kind: 'school' | 'major' | undefined): Promise<School[]>;

  abstract screen(userId: string): Promise<ScreenRecord | null>;
  /** Saves the settings; the selection too when given. */
  abstract saveScreen(userId: string, settings: Omit<ScreenRecord, 'schoolCodes'>, schoolCodes: readonly string[] | undefined): Promise<void>;
  /** Saves a selection to the history and keeps the newest `keep`; answers the new entry's id. */
  abstract saveHistory(tx: Transaction, userId: string, schoolCodes: readonly string[], keep: number): Promise<string>;
  abstract history(userId: string): Promise<HistoryRecord[]>;

  /** Writes imported schools (generated = false) and their values (a value already there is replaced). */
  abstract upsertImport(tx: Transaction, schools: readonly ImportedSchool[], values: readonly ImportedValue[]): Promise<void>;
  /** Makes this school the only own school. */
  abstract setOwn(tx: Transaction, schoolCode: string): Promise<void>;
}
