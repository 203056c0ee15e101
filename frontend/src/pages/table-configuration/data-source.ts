// "创建数据源" applied to a quality point: the point as the point editor sends it, with its sql source set.
import type { PointDefinition, PointInput } from '@zhengai/contracts';
import { pointFormValues, pointInputOf } from '../quality-management/standard/library-values';

/**
 * The point's update with the SQL as its sql data source: the first sql source takes it, or a new one (shown as a
 * table, the editor's default) is added; the point's other fields and sources stay as they are.
 */
export function withSqlSource(point: PointDefinition, sql: string): PointInput {
  const values = pointFormValues(point);
  const sources = [...(values.datasources ?? [])];
  const at = sources.findIndex((d) => d.cjfs === 'sql');
  if (at >= 0) sources[at] = { ...sources[at], sql };
  else sources.push({ cjfs: 'sql', xsfs: 'table', jsgz: null, sql });
  return pointInputOf({ ...values, datasources: sources });
}

/** The trial's parameters: only those filled in. */
export function trialParameters(zq: string | undefined, dxmc: string | undefined): { zq?: string; dxmc?: string } {
  const out: { zq?: string; dxmc?: string } = {};
  if (zq?.trim()) out.zq = zq.trim();
  if (dxmc?.trim()) out.dxmc = dxmc.trim();
  return out;
}
