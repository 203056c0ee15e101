/**
 * A level's kind of cycle (spec 000 §3–4): 学期 for courses and students, 年度 for the rest. In the kernel because two
 * modules follow it (a launch's cycle, a development centre's order of cycles), and a module's domain may not import
 * another's.
 */
export type CycleKind = '学期' | '年度';

export const cycleKindOf = (level: string): CycleKind => (level === 'course' || level === 'student' ? '学期' : '年度');
