import type { AlgorithmDetail, AlgorithmInput } from '../../application/ports/collection-sources.port.js';

/**
 * A named, versioned calculation over the platform's own data. `sql` answers one row: `value` (text, or null when
 * there is nothing to compute from) and the figures it came from (the detail); its parameters are the inputs, in order.
 * A published version never changes: a changed calculation is a new version.
 */
export interface Algorithm extends AlgorithmDetail {
  sql: string;
  /** named by keys of the row, so a calculation reads them from it */
  inputs: AlgorithmInput[];
}

const OBJ_TASK: AlgorithmInput = { name: 'objTaskId', description: '对象任务（被诊断对象本周期的任务）' };
const POINT: AlgorithmInput = { name: 'pointId', description: '质控点' };

export const ALGORITHMS: readonly Algorithm[] = [
  {
    id: 'attachment-count',
    version: 1,
    name: '支撑附件数',
    description: '本任务中该质控点已上传的支撑附件个数（各阶段合计），并分阶段列出。',
    formula: '附件数 = 目标标准(mbbz) + 监测预警(jcyj) + 自我诊断(zwzd、zjgj) + 总结改进(unfinish、disqualified) 各阶段的附件数',
    inputs: [OBJ_TASK, POINT],
    sql: `
      SELECT count(*)::text AS value, count(*)::int AS total,
             count(*) FILTER (WHERE stage = 'mbbz')::int AS mbbz, count(*) FILTER (WHERE stage = 'jcyj')::int AS jcyj,
             count(*) FILTER (WHERE stage = 'zwzd')::int AS zwzd, count(*) FILTER (WHERE stage = 'zjgj')::int AS zjgj,
             count(*) FILTER (WHERE stage = 'unfinish')::int AS unfinish, count(*) FILTER (WHERE stage = 'disqualified')::int AS disqualified
      FROM attachment
      WHERE owner_type = 'quality-point' AND obj_task_id = $1 AND owner_id = $2`, // owner_type as the target-standards module writes it (QUALITY_POINT_OWNER)
  },
  {
    id: 'task-fill-rate',
    version: 1,
    name: '任务填报率',
    description: '本任务的质控点中已填写结果值（结果值或修正结果值）的比例，百分数，保留 2 位小数；任务没有质控点时为空。',
    formula: '填报率 = 已填结果值的质控点数 ÷ 任务的质控点总数 × 100',
    inputs: [OBJ_TASK],
    sql: `
      WITH counted AS (
        SELECT count(p.id)::int AS points,
               count(p.id) FILTER (WHERE nullif(btrim(r.jgz), '') IS NOT NULL OR nullif(btrim(r.xzjgz), '') IS NOT NULL)::int AS filled
        FROM obj_task t
        JOIN quality_point p ON p.library_id = t.library_id
        LEFT JOIN quality_result r ON r.obj_task_id = t.id AND r.point_id = p.id
        WHERE t.id = $1
      )
      SELECT round(filled * 100.0 / nullif(points, 0), 2)::text AS value, points, filled FROM counted`,
  },
  {
    id: 'handled-warning-rate',
    version: 1,
    name: '预警处理率',
    description: '本任务各质控点的预警中已处理（有处理时间）的比例，百分数，保留 2 位小数；没有预警时为空。',
    formula: '预警处理率 = 已处理的预警数 ÷ 预警总数 × 100',
    inputs: [OBJ_TASK],
    sql: `
      WITH counted AS (
        SELECT count(w.id)::int AS warnings, count(w.clsj)::int AS handled
        FROM warning_flow w JOIN quality_result r ON r.id = w.result_id
        WHERE r.obj_task_id = $1
      )
      SELECT round(handled * 100.0 / nullif(warnings, 0), 2)::text AS value, warnings, handled FROM counted`,
  },
];

export function findAlgorithm(id: string, version: number): Algorithm | undefined {
  return ALGORITHMS.find((a) => a.id === id && a.version === version);
}

export function algorithmDetail({ id, version, name, description, formula, inputs }: Algorithm): AlgorithmDetail {
  return { id, version, name, description, formula, inputs: inputs.map((i) => ({ ...i })) };
}

/** A version as configured or asked: 1, '1' or 'v1'; null when it is none of these. */
export function parseAlgorithmVersion(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/^v/i, '') : '';
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}
