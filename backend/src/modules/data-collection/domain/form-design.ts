import {
  COLLECTION_MESSAGES,
  COMPONENT_MAX_LENGTH,
  FORM_LIMITS,
  IDENTIFIER_PATTERN,
  INPUT_MAX,
  OPTION_COMPONENTS,
  SYSTEM_COLUMNS,
  customPatternRefusal,
  type FormField,
  type FormType,
} from '@zhengai/contracts';
import { COLUMN_KIND_LABELS, columnKindOf, type ColumnKind } from './data-centre.js';

/** What a design check reads of a form: its code (the table), its type, fields and fixed rows. */
export interface FormDesign {
  code: string;
  formType: FormType;
  fields: readonly FormField[];
  fixedRows: readonly string[];
}

/** Why a form code cannot name a data-centre table, or null. */
export function codeRefusal(code: string): string | null {
  return IDENTIFIER_PATTERN.test(code) ? null : COLLECTION_MESSAGES.codeInvalid;
}

/**
 * The first reason a design cannot be saved (publishing false) or published (true), or null. A save may hold an
 * unfinished design (no fields, no fixed rows yet) but never a broken one: the keys become columns. Publishing also
 * needs a field, a fixed form's rows, and every key published before keeps its column kind (the data centre's
 * column cannot change type under the data already there).
 */
export function designRefusal(design: FormDesign, publishing: boolean, published: ReadonlyArray<readonly FormField[]> = []): string | null {
  const code = codeRefusal(design.code);
  if (code) return code;
  const seen = new Set<string>();
  for (const f of design.fields) {
    const refusal = fieldRefusal(f, seen);
    if (refusal) return refusal;
    seen.add(f.key);
  }
  const rows = new Set<string>();
  for (const label of design.fixedRows) {
    if (rows.has(label)) return COLLECTION_MESSAGES.fixedRowRepeated(label);
    rows.add(label);
  }
  if (!publishing) return null;
  if (design.fields.length === 0) return COLLECTION_MESSAGES.noFields;
  if (design.formType === 'fixed' && design.fixedRows.length === 0) return COLLECTION_MESSAGES.fixedRowsMissing;
  const kinds = publishedKinds(published);
  for (const f of design.fields) {
    const before = kinds.get(f.key);
    if (before && before !== columnKindOf(f.component)) return COLLECTION_MESSAGES.typeChanged(f.label, COLUMN_KIND_LABELS[before]);
  }
  return null;
}

function fieldRefusal(f: FormField, seen: ReadonlySet<string>): string | null {
  if (!IDENTIFIER_PATTERN.test(f.key)) return COLLECTION_MESSAGES.keyInvalid(f.label || f.key);
  if ((SYSTEM_COLUMNS as readonly string[]).includes(f.key)) return COLLECTION_MESSAGES.keyReserved(f.key);
  if (seen.has(f.key)) return COLLECTION_MESSAGES.keyRepeated(f.key);
  if (f.label.trim() === '') return COLLECTION_MESSAGES.labelMissing(f.key);
  const custom = f.validations.custom;
  if (f.label.length > INPUT_MAX.default || (f.placeholder ?? '').length > INPUT_MAX.default || (custom?.message ?? '').length > INPUT_MAX.content) {
    return COLLECTION_MESSAGES.fieldTextTooLong(f.key);
  }
  if (OPTION_COMPONENTS.includes(f.component) && !f.constantTypeId) return COLLECTION_MESSAGES.optionsMissing(f.label);
  const max = COMPONENT_MAX_LENGTH[f.component];
  if (f.maxLength !== null && (f.maxLength < 1 || f.maxLength > max)) return COLLECTION_MESSAGES.maxLengthInvalid(f.label, max);
  if (custom && custom.pattern !== '') {
    if (custom.pattern.length > FORM_LIMITS.pattern) return COLLECTION_MESSAGES.patternTooLong(f.label, FORM_LIMITS.pattern);
    const refusal = customPatternRefusal(f.label, custom.pattern);
    if (refusal) return refusal;
  }
  return null;
}

/** The column kind each key had when last published (versions oldest first, so the newest wins). */
function publishedKinds(published: ReadonlyArray<readonly FormField[]>): Map<string, ColumnKind> {
  const kinds = new Map<string, ColumnKind>();
  for (const fields of published) for (const f of fields) kinds.set(f.key, columnKindOf(f.component));
  return kinds;
}

/** Whether the design differs from the newest published version (FormSummary.changed). */
export function designChanged(design: Pick<FormDesign, 'formType' | 'fields' | 'fixedRows'>, newest: Pick<FormDesign, 'formType' | 'fields' | 'fixedRows'> | null): boolean {
  if (!newest) return false;
  return design.formType !== newest.formType || canonical(design.fields) !== canonical(newest.fields) || canonical(design.fixedRows) !== canonical(newest.fixedRows);
}

/** JSON with object keys sorted, so two equal designs compare equal whatever order jsonb gave their keys. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}
