import { CODE_PATTERN, COLLECT_METHODS, DISPLAY_MODES, POINT_LIMITS, SAMPLING_PERIODS, SOURCE_LIMITS, type CollectMethod, type DisplayMode, type SamplingPeriod } from '@zhengai/contracts';
import { calRuleOf, type CalRule } from '../../../shared/kernel/grade.js';
import { readWarningRule, type WarningRule } from '../../../shared/kernel/warning-rule.js';
import { checkValue, flagOf, isValueType, VALUE_TYPES, type ValueType } from '../../../shared/kernel/value-types.js';

/** The owner type of a quality point's attachments (the files module's owner_type). */
export const QUALITY_POINT_OWNER = 'quality-point';

/** Collection methods and display modes of a data source (spec 001 §3, §9), sampling periods and the limits: the contract's. */
export const COLLECTION_METHODS = COLLECT_METHODS;
export type CollectionMethod = CollectMethod;
export { CODE_PATTERN, DISPLAY_MODES, POINT_LIMITS, SAMPLING_PERIODS, SOURCE_LIMITS, type DisplayMode, type SamplingPeriod };

/** The names people read and type (the import template's columns). */
export const VALUE_TYPE_NAMES: Record<ValueType, string> = { have: '有', whether: '是否', percent: '百分比', integer: '整数', float: '小数', text: '文本' };
export const COLLECTION_METHOD_NAMES: Record<CollectionMethod, string> = { report: '填报', algorithm: '算法', sql: 'SQL', interface: '接口' };
export const DISPLAY_MODE_NAMES: Record<DisplayMode, string> = { table: '表格', pie: '饼图', histogram: '柱状图', line: '折线图', file: '文件' };

const among = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);
export const isCollectionMethod = (v: unknown): v is CollectionMethod => among(COLLECTION_METHODS, v);
export const isDisplayMode = (v: unknown): v is DisplayMode => among(DISPLAY_MODES, v);
export const isSamplingPeriod = (v: unknown): v is SamplingPeriod => among(SAMPLING_PERIODS, v);

/** Reads a name or a code ('百分比' or 'percent'; '有无' too), or null when it is neither. */
function byNameOrCode<T extends string>(names: Record<T, string>, text: string, extra: Record<string, T> = {}): T | null {
  const t = text.trim();
  if (t in names) return t as T;
  const lower = t.toLowerCase();
  for (const [code, name] of Object.entries(names) as Array<[T, string]>) if (name.toLowerCase() === lower || code === lower) return code;
  return extra[t] ?? null;
}
export const valueTypeFromText = (t: string): ValueType | null => byNameOrCode(VALUE_TYPE_NAMES, t, { 有无: 'have', 数字: 'float', 百分数: 'percent' });
export const collectionMethodFromText = (t: string): CollectionMethod | null => byNameOrCode(COLLECTION_METHOD_NAMES, t, { 上报: 'report', 人工填报: 'report' });
export const displayModeFromText = (t: string): DisplayMode | null => byNameOrCode(DISPLAY_MODE_NAMES, t, { 表: 'table', 直方图: 'histogram', 曲线图: 'line' });

export interface DatasourceDef {
  sjlx: ValueType;
  jsgz: string | null;
  cjfs: CollectionMethod;
  xsfs: DisplayMode;
  /** How to reach the source: { sql } for sql, { url, valuePath, rowsPath?, timeoutMs? } for interface, { algorithmId, version } for algorithm. */
  config: Record<string, unknown> | null;
}

/** What a person writes of a quality point (its library and indicator travel beside it). */
export interface PointFields {
  code: string | null;
  zkdmc: string;
  nh: string | null;
  zdbz: string | null;
  bzz: string | null;
  mbz: string | null;
  zlx: ValueType;
  fsdl: 0 | 1;
  fsjzxz: 0 | 1;
  ration: string | null;
  calRule: CalRule | null;
  samplingPeriod: SamplingPeriod;
  /** When the point's samples raise a warning (warnings module); null: never. */
  warningRule: WarningRule | null;
  datasources: DatasourceDef[];
}

export interface FieldProblem {
  field: string;
  message: string;
}

const chars = (s: string) => [...s].length;
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * A rule is kept only when calRuleOf would read it back unchanged: a direction of higher or lower, shares b and c
 * in (0, 1] with c at most b. Anything it would silently replace by a default is refused here instead.
 */
export function checkCalRule(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) return '计分规则不正确';
  const r = raw as Record<string, unknown>;
  const read = calRuleOf(raw);
  if (r.direction !== 'higher' && r.direction !== 'lower') return '计分规则的方向只能是 higher 或 lower';
  if (r.b !== read.b || r.c !== read.c) return '计分规则的 b、c 必须是 0 到 1 之间的数，且 c 不大于 b';
  return null;
}

/** The value as stored: trimmed, empty as null, 有/是 and 无/否 as 1 and 0 for have and whether points. */
export function storedValue(zlx: ValueType, value: string | null | undefined): string | null {
  if (blank(value)) return null;
  const text = value!.trim();
  if (zlx === 'have' || zlx === 'whether') {
    const flag = flagOf(text);
    return flag === null ? text : String(flag);
  }
  return text;
}

/** Standard and target values against the value type (checkValue) and the column's length. */
export function checkTargetValue(zlx: ValueType, value: string | null, label: '标准值' | '目标值'): string | null {
  if (value === null) return null;
  if (chars(value) > POINT_LIMITS.value) return `${label}最多${POINT_LIMITS.value}个字符`;
  const problem = checkValue(zlx, value);
  return problem ? `${label}：${problem}` : null;
}

/** The first problem of a definition, with the field it concerns, or null. */
export function checkPointFields(p: PointFields): FieldProblem | null {
  if (blank(p.zkdmc)) return { field: 'zkdmc', message: '请输入质控点名称' };
  if (chars(p.zkdmc.trim()) > POINT_LIMITS.zkdmc) return { field: 'zkdmc', message: `质控点名称最多${POINT_LIMITS.zkdmc}个字符` };
  if (p.code !== null && !CODE_PATTERN.test(p.code)) return { field: 'zkdid', message: '质控点编号只能包含字母、数字、点、横线和下划线，最多64个字符' };
  if (p.nh !== null && chars(p.nh) > POINT_LIMITS.nh) return { field: 'nh', message: `内涵最多${POINT_LIMITS.nh}个字符` };
  if (p.zdbz !== null && chars(p.zdbz) > POINT_LIMITS.zdbz) return { field: 'zdbz', message: `诊断标准最多${POINT_LIMITS.zdbz}个字符` };
  if (!isValueType(p.zlx)) return { field: 'zlx', message: `值类型只能是${VALUE_TYPES.map((t) => VALUE_TYPE_NAMES[t]).join('、')}` };
  const bzz = checkTargetValue(p.zlx, p.bzz, '标准值');
  if (bzz) return { field: 'bzz', message: bzz };
  const mbz = checkTargetValue(p.zlx, p.mbz, '目标值');
  if (mbz) return { field: 'mbz', message: mbz };
  if (p.fsdl !== 0 && p.fsdl !== 1) return { field: 'fsdl', message: 'fsdl 只能是0或1' };
  if (p.fsjzxz !== 0 && p.fsjzxz !== 1) return { field: 'fsjzxz', message: 'fsjzxz 只能是0或1' };
  if (p.ration !== null && chars(p.ration) > POINT_LIMITS.ration) return { field: 'ration', message: `ration 最多${POINT_LIMITS.ration}个字符` };
  const rule = checkCalRule(p.calRule);
  if (rule) return { field: 'calRule', message: rule };
  if (!isSamplingPeriod(p.samplingPeriod)) return { field: 'samplingPeriod', message: '采样周期只能是 month、week、day 或 none' };
  if (p.datasources.length > POINT_LIMITS.datasources) return { field: 'datasources', message: `数据源最多${POINT_LIMITS.datasources}个` };
  for (const d of p.datasources) {
    if (!isValueType(d.sjlx)) return { field: 'datasources', message: '数据源的数据类型不正确' };
    if (!isCollectionMethod(d.cjfs)) return { field: 'datasources', message: `采集方式只能是${COLLECTION_METHODS.join('、')}` };
    if (!isDisplayMode(d.xsfs)) return { field: 'datasources', message: `展示方式只能是${DISPLAY_MODES.join('、')}` };
    if (d.jsgz !== null && chars(d.jsgz) > POINT_LIMITS.jsgz) return { field: 'datasources', message: `计算规则最多${POINT_LIMITS.jsgz}个字符` };
    const config = checkSourceConfig(d.cjfs, d.config);
    if (config) return { field: 'datasources', message: config };
  }
  return null;
}

/**
 * What a source's config must hold for its collection method (report needs none). No config at all is allowed
 * (a spreadsheet import cannot carry one): the source is then "not configured" and its collection reports so.
 */
export function checkSourceConfig(cjfs: CollectionMethod, config: Record<string, unknown> | null): string | null {
  if (cjfs === 'report' || config === null) return null;
  const c = config;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  switch (cjfs) {
    case 'sql':
      if (str(c.sql) === '') return 'SQL 采集请填写 SQL';
      return chars(str(c.sql)) > SOURCE_LIMITS.sql ? `SQL 最多${SOURCE_LIMITS.sql}个字符` : null;
    case 'interface': {
      if (!/^https?:\/\/\S+$/i.test(str(c.url)) || chars(str(c.url)) > SOURCE_LIMITS.url) return '接口地址必须是 http(s) 地址';
      if (str(c.valuePath) === '' || chars(str(c.valuePath)) > SOURCE_LIMITS.path) return '请填写接口取值路径';
      if (c.rowsPath !== undefined && c.rowsPath !== null && chars(str(c.rowsPath)) > SOURCE_LIMITS.path) return `明细路径最多${SOURCE_LIMITS.path}个字符`;
      const t = c.timeoutMs;
      if (t !== undefined && t !== null && (typeof t !== 'number' || !Number.isInteger(t) || t < SOURCE_LIMITS.minTimeoutMs || t > SOURCE_LIMITS.maxTimeoutMs)) {
        return `接口超时须在${SOURCE_LIMITS.minTimeoutMs}到${SOURCE_LIMITS.maxTimeoutMs}毫秒之间`;
      }
      return null;
    }
    case 'algorithm':
      if (str(c.algorithmId) === '' || chars(str(c.algorithmId)) > SOURCE_LIMITS.algorithmId) return '请选择算法';
      return typeof c.version === 'number' || str(c.version) !== '' ? null : '请选择算法版本';
  }
}

/** Sources that reach outside the platform's own data: only administrators set or change them (spec: "an administrator's query"). */
const ADMIN_METHODS: readonly CollectionMethod[] = ['sql', 'interface'];
export const ADMIN_SOURCE_MESSAGE = '只有管理员可以设置 SQL 或接口数据源';

/**
 * Whether saving these sources needs an administrator: an SQL or interface source with a config that is not
 * already among the point's current sources (unchanged ones may be kept by any writer of the library).
 */
export function needsAdminForSources(next: readonly DatasourceDef[], current: readonly DatasourceDef[] | null): boolean {
  const key = (d: DatasourceDef) => JSON.stringify([d.cjfs, d.config]);
  const kept = new Set((current ?? []).filter((d) => ADMIN_METHODS.includes(d.cjfs)).map(key));
  return next.some((d) => ADMIN_METHODS.includes(d.cjfs) && d.config !== null && !kept.has(key(d)));
}

/** A submitted warning rule: the rule, null, or the problem (the rule itself lives in the warnings module). */
export function warningRuleOf(raw: unknown): { rule: WarningRule | null; problem: FieldProblem | null } {
  const { rule, problem } = readWarningRule(raw);
  return { rule, problem: problem ? { field: 'warningRule', message: problem } : null };
}

/** A definition as it will be stored: texts trimmed, empty texts null, flags of have/whether values as 1/0. */
export function normalizePointFields(p: PointFields): PointFields {
  const text = (v: string | null) => (blank(v) ? null : v!.trim());
  return {
    ...p,
    code: text(p.code),
    zkdmc: p.zkdmc.trim(),
    nh: text(p.nh),
    zdbz: text(p.zdbz),
    bzz: storedValue(p.zlx, p.bzz),
    mbz: storedValue(p.zlx, p.mbz),
    ration: text(p.ration),
    datasources: p.datasources.map((d) => ({ ...d, jsgz: text(d.jsgz), config: d.cjfs === 'report' ? null : storedConfig(d.config) })),
  };
}

/** Config as stored: string fields trimmed, nothing else touched. */
function storedConfig(config: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!config) return null;
  return Object.fromEntries(Object.entries(config).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
}
