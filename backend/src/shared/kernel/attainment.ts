import type { ATTAINMENT_NAMES } from '@zhengai/contracts';

/**
 * A point's attainment (dbqk, 001 §2): 未达标 is the quality table's flags (dis or unfin); else 未填报 without a result
 * value, else 达标. In the kernel because two modules count it (the reports' overview, the development centres), and a
 * module's domain may not import another's.
 */
export type Attainment = (typeof ATTAINMENT_NAMES)[number];
export function attainmentOf(row: { dis: boolean; unfin: boolean; jgz: string | null }): Attainment {
  if (row.dis || row.unfin) return '未达标';
  return row.jgz === null || row.jgz.trim() === '' ? '未填报' : '达标';
}
