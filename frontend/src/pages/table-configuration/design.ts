// The designer's pure helpers: new fields, list moves, the design as saved (forms/update) and its "unsaved changes".
import {
  COLLECTION_MESSAGES,
  COMPONENT_LABELS,
  COMPONENT_MAX_LENGTH,
  IDENTIFIER_PATTERN,
  OPTION_COMPONENTS,
  SYSTEM_COLUMNS,
  customPatternRefusal,
  type ComponentType,
  type FormDesignInput,
  type FormDetail,
  type FormField,
} from '@zhengai/contracts';

/** The lowest n ≥ 1 whose key field_n no field holds yet (a deleted field's number is taken again). */
export function nextFieldNumber(fields: readonly Pick<FormField, 'key'>[]): number {
  const taken = new Set(fields.map((f) => f.key));
  let n = 1;
  while (taken.has(`field_${n}`)) n += 1;
  return n;
}

/** A new field of the component: key field_n, label 新字段n, no rules. */
export function newField(component: ComponentType, fields: readonly FormField[]): FormField {
  const n = nextFieldNumber(fields);
  return {
    key: `field_${n}`,
    label: `新字段${n}`,
    component,
    validations: { require: false, unique: false, custom: null },
    maxLength: null,
    constantTypeId: null,
    placeholder: null,
    width: null,
  };
}

/** A copy of the field with a fresh key; the label says 副本. */
export function copyField(field: FormField, fields: readonly FormField[]): FormField {
  const n = nextFieldNumber(fields);
  return { ...field, validations: { ...field.validations }, key: `field_${n}`, label: `${field.label}副本`.slice(0, 60) };
}

/** The list with the item at `index` moved by `delta` (−1 up, +1 down); unchanged at either end. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The form's design as forms/update takes it. */
export function designOf(form: FormDetail): FormDesignInput {
  return {
    id: form.id,
    directoryId: form.directoryId,
    name: form.name,
    code: form.code,
    formType: form.formType,
    description: form.description,
    fields: form.fields,
    fixedRows: form.formType === 'fixed' ? form.fixedRows : [],
  };
}

/** Both designs say the same (blank description and null alike): no unsaved changes. */
export function sameDesign(a: FormDesignInput, b: FormDesignInput): boolean {
  const plain = (d: FormDesignInput) => JSON.stringify({ ...d, description: d.description?.trim() || null, fixedRows: d.formType === 'fixed' ? d.fixedRows : [] });
  return plain(a) === plain(b);
}

/** The keys of the fields published in some version (their key and kind stay): from the versions' field lists. */
export function publishedKeys(versionsFields: readonly (readonly Pick<FormField, 'key'>[])[]): Set<string> {
  return new Set(versionsFields.flatMap((fields) => fields.map((f) => f.key)));
}

/**
 * The first problem of a field as the designer shows it beside the property (the server checks again on publish):
 * key, custom pattern, option type, max length.
 */
export function fieldProblem(field: FormField, fields: readonly FormField[]): string | null {
  if (!IDENTIFIER_PATTERN.test(field.key)) return COLLECTION_MESSAGES.keyInvalid(field.label);
  if ((SYSTEM_COLUMNS as readonly string[]).includes(field.key)) return COLLECTION_MESSAGES.keyReserved(field.key);
  if (fields.filter((f) => f.key === field.key).length > 1) return COLLECTION_MESSAGES.keyRepeated(field.key);
  if (OPTION_COMPONENTS.includes(field.component) && !field.constantTypeId) return COLLECTION_MESSAGES.optionsMissing(field.label);
  const pattern = field.validations.custom?.pattern;
  const refusal = pattern ? customPatternRefusal(field.label, pattern) : null;
  if (refusal) return refusal;
  const max = COMPONENT_MAX_LENGTH[field.component];
  if (field.maxLength !== null && (field.maxLength < 1 || field.maxLength > max)) return `字段「${field.label}」的最大长度为1–${max}`;
  return null;
}

/** Every field's first problem, and the design's own (no fields; a fixed form without rows). */
export function designProblems(design: FormDesignInput): string[] {
  const problems: string[] = [];
  if (design.fields.length === 0) problems.push(COLLECTION_MESSAGES.noFields);
  if (design.formType === 'fixed' && design.fixedRows.length === 0) problems.push(COLLECTION_MESSAGES.fixedRowsMissing);
  for (const f of design.fields) {
    const p = fieldProblem(f, design.fields);
    if (p) problems.push(p);
  }
  return problems;
}

/** A field changed to another component: the max length and options that no longer fit are dropped. */
export function withComponent(field: FormField, component: ComponentType): FormField {
  const max = COMPONENT_MAX_LENGTH[component];
  return {
    ...field,
    component,
    maxLength: field.maxLength !== null && field.maxLength > max ? null : field.maxLength,
    constantTypeId: OPTION_COMPONENTS.includes(component) ? field.constantTypeId : null,
  };
}

export const COMPONENT_OPTIONS = (Object.keys(COMPONENT_LABELS) as ComponentType[]).map((value) => ({ value, label: COMPONENT_LABELS[value] }));
