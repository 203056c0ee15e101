import type { ImportProblem } from '@zhengai/contracts';

/** The refused rows in an import's answer (its refusal's data.problems), or none. */
export function problemsOf(data: unknown): ImportProblem[] {
  const list = data && typeof data === 'object' && Array.isArray((data as { problems?: unknown }).problems) ? (data as { problems: unknown[] }).problems : [];
  return list.filter((p): p is ImportProblem => !!p && typeof p === 'object' && typeof (p as ImportProblem).row === 'number' && typeof (p as ImportProblem).reason === 'string');
}
