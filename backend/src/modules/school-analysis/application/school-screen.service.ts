import { Injectable } from '@nestjs/common';
import {
  INDICATOR_CATEGORY_LABELS,
  SCHOOL_ANALYSIS_MESSAGES,
  SCHOOL_INDICATORS,
  SCHOOL_LEVELS,
  SCHOOL_NATURES,
  SCHOOL_PROVINCES,
  SCHOOL_SELECTION,
  type School,
  type SchoolHistory,
  type SchoolListQuery,
  type SchoolOptions,
  type SchoolScreen,
  type SchoolScreenUpdate,
} from '@zhengai/contracts';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { SchoolRepository, type ScreenRecord } from './ports/school-repository.port.js';

/** How many selections the history keeps per person (newest first). */
export const SCHOOL_HISTORY_KEEP = 10;
/** Rivals proposed beside the own school when a person never chose a selection. */
const PROPOSED_RIVALS = SCHOOL_SELECTION.max >= 5 ? 4 : SCHOOL_SELECTION.max - 1;

const options = (values: readonly string[]) => values.map((value) => ({ value, text: value }));
const commaList = (text: string | undefined) => (text === undefined ? undefined : text.split(',').map((s) => s.trim()).filter(Boolean));

/** Codes without repeats, in the order first given. */
export function distinctCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
}

/** Refuses a selection outside SCHOOL_SELECTION (after repeats are removed). */
export function mustBeBounded(codes: readonly string[]): void {
  if (codes.length < SCHOOL_SELECTION.min || codes.length > SCHOOL_SELECTION.max) throw new AppError('VALIDATION', SCHOOL_ANALYSIS_MESSAGES.selectionBounds);
}

/**
 * Schools and the person's screening (000 §2): the option lists, the school list under the saved settings, the
 * settings and selection (bounded 2–10), a proposal for a person who never chose (the own school and four rivals),
 * and the history of selections (the newest ten).
 */
@Injectable()
export class SchoolScreenService {
  constructor(
    private readonly schools: SchoolRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async options(): Promise<SchoolOptions> {
    const [years, ownSchool, generated] = await Promise.all([this.schools.years(), this.schools.own(), this.schools.anyGenerated()]);
    return {
      schoolLevel: options(SCHOOL_LEVELS),
      schoolNature: options(SCHOOL_NATURES),
      schoolProvince: options(SCHOOL_PROVINCES),
      indicators: SCHOOL_INDICATORS.map((i) => ({ ...i, categoryLabel: INDICATOR_CATEGORY_LABELS[i.category] })),
      years,
      selection: { min: SCHOOL_SELECTION.min, max: SCHOOL_SELECTION.max },
      ownSchool,
      generated,
    };
  }

  async list(userId: string, q: SchoolListQuery): Promise<School[]> {
    const saved = await this.schools.screen(userId);
    const settings = q.useSettings === 'false' ? null : saved;
    const provinces = q.schoolProvince ? [q.schoolProvince] : (settings?.provinces ?? []);
    return this.schools.list(
      {
        keyword: q.keyword || undefined,
        provinces,
        levels: commaList(q.schoolLevel) ?? settings?.levels ?? [],
        natures: commaList(q.schoolNature) ?? settings?.natures ?? [],
        doubleHigh: q.doubleHigh,
      },
      saved && saved.schoolCodes.length > 0 ? saved.schoolCodes : await this.selectedCodes(userId),
    );
  }

  /** The saved screening; without a saved selection, the own school (or the first) and its nearest rivals. */
  async screen(userId: string): Promise<SchoolScreen> {
    const saved = await this.schools.screen(userId);
    const settings = { schoolLevel: saved?.levels ?? [], schoolNature: saved?.natures ?? [], schoolProvince: saved?.provinces ?? [] };
    if (saved && saved.schoolCodes.length > 0) return { ...settings, schools: await this.schools.byCodes(saved.schoolCodes) };
    const anchor = (await this.schools.own()) ?? (await this.schools.first());
    if (!anchor) return { ...settings, schools: [] };
    const rivals = await this.schools.rivalsOf(anchor, PROPOSED_RIVALS);
    return { ...settings, schools: [{ ...anchor, selected: true }, ...rivals] };
  }

  /** The codes of the person's current selection (saved or proposed). */
  async selectedCodes(userId: string): Promise<string[]> {
    return (await this.screen(userId)).schools.map((s) => s.schoolCode);
  }

  async update(userId: string, input: SchoolScreenUpdate): Promise<SchoolScreen> {
    const saved = await this.schools.screen(userId);
    const settings: Omit<ScreenRecord, 'schoolCodes'> = {
      levels: checkedValues(input.schoolLevel ?? saved?.levels ?? [], SCHOOL_LEVELS, '办学层次'),
      natures: checkedValues(input.schoolNature ?? saved?.natures ?? [], SCHOOL_NATURES, '办学性质'),
      provinces: checkedValues(input.schoolProvince ?? saved?.provinces ?? [], SCHOOL_PROVINCES, '省份'),
    };
    const codes = input.schoolCodes ? await this.knownBounded(input.schoolCodes) : undefined;
    await this.schools.saveScreen(userId, settings, codes);
    return this.screen(userId);
  }

  async saveHistory(userId: string, schoolCodes: readonly string[]): Promise<SchoolHistory> {
    const codes = await this.knownBounded(schoolCodes);
    const id = await this.uow.run((tx) => this.schools.saveHistory(tx, userId, codes, SCHOOL_HISTORY_KEEP));
    const entry = (await this.history(userId)).find((h) => h.id === id);
    if (!entry) throw new AppError('NOT_FOUND');
    return entry;
  }

  async history(userId: string): Promise<SchoolHistory[]> {
    const records = await this.schools.history(userId);
    const byCode = new Map((await this.schools.byCodes(distinctCodes(records.flatMap((r) => r.schoolCodes)))).map((s) => [s.schoolCode, s]));
    return records.map((r) => ({
      id: r.id,
      savedAt: r.savedAt,
      schools: r.schoolCodes.flatMap((c) => {
        const school = byCode.get(c);
        return school ? [school] : [];
      }),
    }));
  }

  /** The codes without repeats, refused when outside the bounds or naming an unknown school. */
  private async knownBounded(schoolCodes: readonly string[]): Promise<string[]> {
    const codes = distinctCodes(schoolCodes);
    mustBeBounded(codes);
    const found = await this.schools.byCodes(codes);
    if (found.length !== codes.length) throw new AppError('NOT_FOUND', SCHOOL_ANALYSIS_MESSAGES.unknownSchool);
    return codes;
  }
}

function checkedValues(values: readonly string[], catalogue: readonly string[], label: string): string[] {
  const distinct = [...new Set(values)];
  const wrong = distinct.find((v) => !catalogue.includes(v));
  if (wrong !== undefined) throw new AppError('VALIDATION', `${label}「${wrong}」不存在`);
  return distinct;
}
