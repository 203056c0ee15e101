import { DIAGNOSIS_TEXT_MAX, DIAGNOSIS_TEXT_MESSAGES } from '@zhengai/contracts';

/** Cause analysis (yyfx) and improvement measure (gjcs): required, at most 500 characters (spec 001 §5; the contract's limit). */
export const TEXT_MAX = DIAGNOSIS_TEXT_MAX;
export const TextMessages = DIAGNOSIS_TEXT_MESSAGES;

/** The message for a cause analysis or measure, or null when it is acceptable. Characters, not bytes, are counted. */
export function checkDiagnosisText(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return TextMessages.required;
  if ([...value].length > TEXT_MAX) return TextMessages.tooLong;
  return null;
}
