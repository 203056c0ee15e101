/** Cause analysis (yyfx) and improvement measure (gjcs): required, at most 500 characters (spec 001 §5). */
export const TEXT_MAX = 500;
export const TextMessages = { required: '此项必填', tooLong: '最多只能输入500个字符' } as const;

/** The message for a cause analysis or measure, or null when it is acceptable. Characters, not bytes, are counted. */
export function checkDiagnosisText(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return TextMessages.required;
  if ([...value].length > TEXT_MAX) return TextMessages.tooLong;
  return null;
}
