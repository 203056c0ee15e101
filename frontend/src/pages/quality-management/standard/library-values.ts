// Pure rules of 目标标准 (spec 001 §2 card list modes, §3 target card, §4 copy and sync, §9 names): the
// actions a card offers, the wait for a copy or sync job, the indicator tree and the point form's values.
import { CODE_PATTERN, INDICATOR_NAME_MAX, LIBRARY_NAME_MAX, POINT_LIMITS, SOURCE_LIMITS, SQL_MAX_ROWS, SQL_PARAMETER_MAX, SQL_PARAMETERS, TARGET_LEVELS, TREE_LEVEL_DEFAULT, TREE_LEVEL_MAX, type SqlParameter } from '@zhengai/contracts';
import type { CardMode, CatalogInUse, DatasourceConfig, IndicatorNode, PointDefinition, PointInput, SamplingPeriod, TargetLibrary } from '../../../api/standard';
import type { Condition, WarningMode, WarningPeriod, WarningRule } from '../../../api/warnings';
import { OBJECT_TYPE_NAMES } from '../improvement/tasks';

// The limits both sides check are the contract's.
export { CODE_PATTERN, INDICATOR_NAME_MAX, POINT_LIMITS, TARGET_LEVELS, TREE_LEVEL_DEFAULT, TREE_LEVEL_MAX };

export const TARGET_LEVEL_OPTIONS = TARGET_LEVELS.map((value) => ({ value, label: OBJECT_TYPE_NAMES[value] }));
export const targetLevelName = (level: string | null | undefined): string => (level ? (OBJECT_TYPE_NAMES[level] ?? level) : '');

/** The tabs of the card list; child mode opens from a card's 子库. */
export const MODE_TABS: { key: Exclude<CardMode, 'child'>; label: string }[] = [
  { key: 'normal', label: '目标标准' },
  { key: 'parent', label: '父库' },
  { key: 'recycle', label: '回收站' },
];

export const isCardMode = (value: string | null | undefined): value is CardMode => value === 'normal' || value === 'parent' || value === 'child' || value === 'recycle';

/** Library names (the server's limit); an indicator's is INDICATOR_NAME_MAX. */
export const NAME_MAX = LIBRARY_NAME_MAX;

export type CardAction = 'open' | 'children' | 'copy' | 'edit' | 'delete' | 'sync' | 'inherit' | 'recover' | 'purge';

/**
 * What a card offers in a mode (001 §2), from the server's rights on it (never derived here): normal — open, its
 * children (when it has some), copy, and edit and delete (manage); parent — open and (write) sync its children;
 * child — open, inherit from the parent (write) and copy; recycle — recover and delete for good (manage).
 */
export function cardActions(card: Pick<TargetLibrary, 'child' | 'parentId' | 'rights'>, mode: CardMode, creates = true): CardAction[] {
  const { write, manage } = card.rights;
  // a copy is a new library: only for those who may create one (目标标准 granted with write)
  const copy: CardAction[] = creates ? ['copy'] : [];
  switch (mode) {
    case 'normal': {
      const actions: CardAction[] = ['open'];
      if (card.child) actions.push('children');
      actions.push(...copy);
      if (manage) actions.push('edit', 'delete');
      return actions;
    }
    case 'parent':
      return write ? ['open', 'children', 'sync'] : ['open', 'children'];
    case 'child':
      return card.parentId && write ? ['open', 'inherit', ...copy] : ['open', ...copy];
    case 'recycle':
      return manage ? ['recover', 'purge'] : [];
  }
}

/** The 父库 options: live top-level libraries the person may add a child to (rights.addChild), and the current parent. */
export function parentOptions(libraries: readonly Pick<TargetLibrary, 'id' | 'name' | 'parentId' | 'rights'>[], editing: { id: string; parentId: string | null } | null) {
  return libraries
    .filter((l) => !l.parentId && l.id !== editing?.id && (l.rights.addChild || l.id === editing?.parentId))
    .map((l) => ({ value: l.id, label: l.name }));
}

// ---------------------------------------------------------------------------------------------
// copy and sync jobs

/** checkStatus is asked every second (001 §4, §9). */
export const POLL_INTERVAL_MS = 1000;

export interface PollOptions {
  intervalMs?: number;
  /** true stops the wait; the promise then resolves false */
  cancelled?(): boolean;
  sleep?(ms: number): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `check` every interval until it answers true (resolves true) or the wait is cancelled (resolves false);
 * a failed check ends the wait with its error.
 */
export async function pollUntilDone(check: () => Promise<boolean>, { intervalMs = POLL_INTERVAL_MS, cancelled = () => false, sleep = wait }: PollOptions = {}): Promise<boolean> {
  for (;;) {
    if (cancelled()) return false;
    if ((await check()) === true) return true;
    if (cancelled()) return false;
    await sleep(intervalMs);
  }
}

// ---------------------------------------------------------------------------------------------
// the indicator tree

/** The node with the id, anywhere in the tree. */
export function findIndicator(nodes: readonly IndicatorNode[], id: string | null | undefined): IndicatorNode | null {
  if (!id) return null;
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findIndicator(node.children ?? [], id);
    if (found) return found;
  }
  return null;
}

/** Ids of the nodes with children (to open the whole tree). */
export function branchIds(nodes: readonly IndicatorNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...branchIds(n.children)] : []));
}

/** A node takes children while it is above the library's last level. */
export const takesChildren = (node: Pick<IndicatorNode, 'level'>, treeLevel: number): boolean => node.level < Math.min(treeLevel || TREE_LEVEL_DEFAULT, TREE_LEVEL_MAX);

/** Why catalog/delete refused: '该指标下还有2个下级指标、5个质控点'. */
export function inUseText(inUse: Partial<CatalogInUse> | null | undefined): string {
  const parts: string[] = [];
  if (inUse?.children) parts.push(`${inUse.children}个下级指标`);
  if (inUse?.points) parts.push(`${inUse.points}个质控点`);
  return parts.length ? `该指标下还有${parts.join('、')}` : '该指标仍在使用中';
}

// ---------------------------------------------------------------------------------------------
// the point form

export const SAMPLING_PERIOD_OPTIONS: { value: SamplingPeriod; label: string }[] = [
  { value: 'month', label: '每月' },
  { value: 'week', label: '每周' },
  { value: 'day', label: '每天' },
  { value: 'none', label: '不采样' },
];

export const DIRECTION_OPTIONS = [
  { value: 'higher', label: '越高越好' },
  { value: 'lower', label: '越低越好' },
  { value: 'none', label: '不评分' },
];

export const isGraded = (direction: string | null | undefined): direction is 'higher' | 'lower' => direction === 'higher' || direction === 'lower';

export interface PointFormValues {
  zkdid?: string;
  zkdmc: string;
  nh?: string;
  zdbz?: string;
  zlx: PointInput['zlx'];
  bzz?: string;
  mbz?: string;
  /** 'none': not graded */
  direction?: 'higher' | 'lower' | 'none' | null;
  /** B and C as percents of the target, 0–100 */
  b?: number | null;
  c?: number | null;
  samplingPeriod: SamplingPeriod;
  /** the point raises warnings by the rule below */
  warningOn?: boolean;
  warningRule?: WarningRuleValues;
  datasources?: DatasourceValues[];
}

/** The rule's inputs: a number for value comparison, a grade A–G for level comparison. */
export interface WarningRuleValues {
  yjlx?: WarningMode;
  tj?: Condition;
  yjz?: number | string | null;
  yjzq?: WarningPeriod;
}

/** One data source's inputs; which config fields count depends on the collection method. */
export interface DatasourceValues {
  cjfs?: string;
  xsfs?: string;
  jsgz?: string | null;
  sql?: string;
  url?: string;
  valuePath?: string;
  rowsPath?: string;
  /** seconds, 1–30 */
  timeoutSeconds?: number | null;
  /** `${algorithmId}@${version}` */
  algorithm?: string;
}

/** A new rule: warn when the value falls below the warning value, once a month. */
export const DEFAULT_WARNING_RULE: WarningRuleValues = { yjlx: 'value', tj: '<', yjz: null, yjzq: 'month' };
/** An interface source waits at most 30 s (5 s when not set). */
export const INTERFACE_TIMEOUT_MAX_S = SOURCE_LIMITS.maxTimeoutMs / 1000;
export const SQL_MAX = SOURCE_LIMITS.sql;
/** An interface address and its paths; a trial SQL run shows at most SQL_MAX_ROWS rows. */
export const URL_MAX = SOURCE_LIMITS.url;
export const PATH_MAX = SOURCE_LIMITS.path;
export { SQL_MAX_ROWS, SQL_PARAMETER_MAX };

/** The named parameters an SQL source may use, bound per diagnosed object's task by the server (the contract's). */
export { SQL_PARAMETERS, type SqlParameter };

export const SQL_HELP =
  '只读查询 sjzx 数据中心的数据（SELECT 或 WITH），值取第一行第一列，各行为明细数据；' +
  '可用参数 :dxbm（诊断对象编码）、:dxmc（诊断对象名称）、:zq（诊断周期），有参数时按每个诊断任务分别查询';

/**
 * The parameters a query uses, in order of first use (for the 试运行 fields). An approximation of the server's binding
 * (domain/sql-text.ts): strings, quoted names, comments and :: casts are skipped.
 */
export function usedSqlParameters(sql: string): SqlParameter[] {
  const bare = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  const used: SqlParameter[] = [];
  for (const match of bare.matchAll(/(?<!:):(dxbm|dxmc|zq)(?![A-Za-z0-9_])/g)) {
    const name = match[1] as SqlParameter;
    if (!used.includes(name)) used.push(name);
  }
  return used;
}

/** An algorithm option's value: its id and version together. */
export const algorithmKey = (id: string, version: number | string): string => `${id}@${version}`;
/** An option's value back as id and version (a number when it reads as one, as the algorithms are numbered). */
export function splitAlgorithmKey(key: string | null | undefined): { algorithmId: string; version: number | string } | null {
  const at = key?.lastIndexOf('@') ?? -1;
  if (!key || at <= 0 || at === key.length - 1) return null;
  const version = key.slice(at + 1);
  return { algorithmId: key.slice(0, at), version: /^\d+$/.test(version) ? Number(version) : version };
}

function datasourceValues(d: PointDefinition['datasources'][number]): DatasourceValues {
  const c = d.config ?? {};
  return {
    cjfs: d.cjfs,
    xsfs: d.xsfs,
    jsgz: d.jsgz,
    sql: c.sql ?? '',
    url: c.url ?? '',
    valuePath: c.valuePath ?? '',
    rowsPath: c.rowsPath ?? '',
    timeoutSeconds: c.timeoutMs ? Math.round(c.timeoutMs / 100) / 10 : null,
    algorithm: c.algorithmId && c.version !== undefined && c.version !== null && c.version !== '' ? algorithmKey(c.algorithmId, c.version) : undefined,
  };
}

/** What a data source sends as its config: only its method's fields. */
export function datasourceConfigOf(d: DatasourceValues): DatasourceConfig | null {
  switch (d.cjfs) {
    case 'sql':
      return { sql: (d.sql ?? '').trim() };
    case 'interface': {
      const config: DatasourceConfig = { url: (d.url ?? '').trim(), valuePath: (d.valuePath ?? '').trim() };
      if (text(d.rowsPath)) config.rowsPath = text(d.rowsPath) as string;
      if (d.timeoutSeconds) config.timeoutMs = Math.round(d.timeoutSeconds * 1000);
      return config;
    }
    case 'algorithm':
      return splitAlgorithmKey(d.algorithm);
    default:
      return null;
  }
}

/** The rule sent for the form: null when warnings are off or the rule is not complete. */
export function warningRuleOf(on: boolean | undefined, rule: WarningRuleValues | undefined): WarningRule | null {
  if (!on || !rule?.yjlx || !rule.tj || !rule.yjzq) return null;
  const yjz = rule.yjz === null || rule.yjz === undefined ? '' : String(rule.yjz).trim();
  if (yjz === '') return null;
  return { yjlx: rule.yjlx, tj: rule.tj, yjz: rule.yjlx === 'level' ? yjz.toUpperCase() : yjz, yjzq: rule.yjzq };
}

function ruleValues(rule: WarningRule | null | undefined): WarningRuleValues {
  if (!rule) return { ...DEFAULT_WARNING_RULE };
  const n = Number(rule.yjz);
  return { yjlx: rule.yjlx, tj: rule.tj, yjz: rule.yjlx === 'value' && rule.yjz.trim() !== '' && Number.isFinite(n) ? n : rule.yjz, yjzq: rule.yjzq };
}

/** A share (0.9) as the percent people type (90), and back. */
export const shareToPercent = (share: number | null | undefined): number | null => (share === null || share === undefined ? null : Math.round(share * 10000) / 100);
export const percentToShare = (percent: number | null | undefined): number | null => (percent === null || percent === undefined ? null : Math.round(percent * 100) / 10000);

const text = (value: string | null | undefined): string | null => {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
};

/** The form's start: a new point is a percent, graded higher-is-better at 90% and 80%, sampled monthly. */
export function pointFormValues(point: PointDefinition | null): PointFormValues {
  if (!point) return { zkdmc: '', zlx: 'percent', direction: 'higher', b: 90, c: 80, samplingPeriod: 'month', warningOn: false, warningRule: { ...DEFAULT_WARNING_RULE }, datasources: [] };
  return {
    zkdid: point.zkdid ?? '',
    zkdmc: point.zkdmc,
    nh: point.nh ?? '',
    zdbz: point.zdbz ?? '',
    zlx: point.zlx,
    bzz: point.bzz ?? '',
    mbz: point.mbz ?? '',
    direction: point.calRule?.direction ?? 'none',
    b: shareToPercent(point.calRule?.b),
    c: shareToPercent(point.calRule?.c),
    samplingPeriod: point.samplingPeriod ?? 'none',
    warningOn: !!point.warningRule,
    warningRule: ruleValues(point.warningRule),
    datasources: point.datasources.map(datasourceValues),
  };
}

/**
 * What is sent for the form: texts trimmed (empty as null), a rule only with a direction, the warning rule only
 * when switched on, every data source typed as the point (sjlx) with its method's config, and the rows without a
 * method or a mode left out.
 */
export function pointInputOf(values: PointFormValues): PointInput {
  const b = percentToShare(values.b);
  const c = percentToShare(values.c);
  return {
    zkdid: text(values.zkdid),
    zkdmc: values.zkdmc.trim(),
    nh: text(values.nh),
    zdbz: text(values.zdbz),
    zlx: values.zlx,
    bzz: text(values.bzz),
    mbz: text(values.mbz),
    calRule: isGraded(values.direction) && b !== null && c !== null ? { direction: values.direction, b, c } : null,
    samplingPeriod: values.samplingPeriod,
    warningRule: warningRuleOf(values.warningOn, values.warningRule),
    datasources: (values.datasources ?? [])
      .filter((d) => d?.cjfs && d?.xsfs)
      .map((d) => ({ sjlx: values.zlx, jsgz: text(d.jsgz), cjfs: d.cjfs as string, xsfs: d.xsfs as string, config: datasourceConfigOf(d) })),
  };
}
