import { displayValue, flagOf, type ValueType } from './value-types.js';

/**
 * A point's diagnostic standard (zdbz) worded in its own type and unit (issue 12): `应为是` for a 是/否 point,
 * `不低于100.00%` for a percent point, `不高于5，目标值3` for a lower-is-better count whose target differs from its
 * standard. The one place this text is built (the demo seed writes its points' zdbz with it).
 */
export function diagnosticStandard(zlx: ValueType, bzz: string | null, mbz: string | null, direction: 'higher' | 'lower' = 'higher'): string {
  const blank = (v: string | null) => v === null || v.trim() === '';
  if (zlx === 'have' || zlx === 'whether') {
    const word = (v: string | null) => {
      const f = flagOf(v);
      if (f === null) return null;
      return zlx === 'have' ? (f ? '有' : '无') : f ? '是' : '否';
    };
    // a flag point without a standard is expected to be 有 / 是 (gradeOf reads a missing target as 1)
    const standard = word(bzz) ?? (blank(bzz) && blank(mbz) ? word('1') : null);
    const target = word(mbz);
    if (standard && target && target !== standard) return `应为${standard}，目标为${target}`;
    return standard ? `应为${standard}` : target ? `应为${target}` : '';
  }
  if (zlx === 'text') {
    const standard = blank(bzz) ? null : bzz!.trim();
    const target = blank(mbz) ? null : mbz!.trim();
    if (standard && target && target !== standard) return `应为${standard}，目标为${target}`;
    return standard ? `应为${standard}` : target ? `应为${target}` : '';
  }
  const standard = displayValue(zlx, bzz);
  const target = displayValue(zlx, mbz);
  const bound = direction === 'lower' ? '不高于' : '不低于';
  if (standard && target && target !== standard) return `${bound}${standard}，目标值${target}`;
  if (standard) return `${bound}${standard}`;
  return target ? `目标值${target}` : '';
}
