import { describe, expect, it, jest } from '@jest/globals';
import type { IndicatorNode, PointDefinition } from '../../../api/standard';
import {
  branchIds,
  cardActions,
  findIndicator,
  inUseText,
  percentToShare,
  DEFAULT_WARNING_RULE,
  algorithmKey,
  pointFormValues,
  pointInputOf,
  splitAlgorithmKey,
  pollUntilDone,
  shareToPercent,
  parentOptions,
  takesChildren,
  targetLevelName,
  usedSqlParameters,
} from './library-values';

// The rights are the server's answer (LIBRARY_RIGHTS_OF): canEdit here stands for the creator's (manage and write), access 'write' for a write grant.
const card = ({ canEdit = false, access = 'read', ...over }: Partial<{ child: boolean; canEdit: boolean; parentId: string | null; access: 'write' | 'read' }> = {}) => ({
  child: false,
  parentId: null,
  rights: { read: true, write: canEdit || access === 'write', addChild: canEdit || access === 'write', grant: canEdit || access === 'write', manage: canEdit },
  ...over,
});

describe('cardActions', () => {
  it('normal cards: open and copy; children when it has some; edit and delete only for the creator', () => {
    expect(cardActions(card(), 'normal')).toEqual(['open', 'copy']);
    expect(cardActions(card({ child: true }), 'normal')).toEqual(['open', 'children', 'copy']);
    expect(cardActions(card({ canEdit: true, access: 'write' }), 'normal')).toEqual(['open', 'copy', 'edit', 'delete']);
    // a write grant is not ownership
    expect(cardActions(card({ access: 'write' }), 'normal')).not.toContain('edit');
  });
  it('parent cards sync, child cards inherit and copy, recycle cards recover or purge', () => {
    expect(cardActions(card({ canEdit: true, child: true }), 'parent')).toEqual(['open', 'children', 'sync']);
    expect(cardActions(card({ child: true }), 'parent')).toEqual(['open', 'children']);
    expect(cardActions(card({ parentId: 'p', access: 'write' }), 'child')).toEqual(['open', 'inherit', 'copy']);
    expect(cardActions(card({ parentId: 'p' }), 'child')).toEqual(['open', 'copy']);
    expect(cardActions(card({ canEdit: true }), 'recycle')).toEqual(['recover', 'purge']);
  });
  it('no copy for a person who may not create libraries (目标标准 read only)', () => {
    expect(cardActions(card({ child: true }), 'normal', false)).toEqual(['open', 'children']);
    expect(cardActions(card({ parentId: 'p', access: 'write' }), 'child', false)).toEqual(['open', 'inherit']);
  });
});

describe('parentOptions', () => {
  const lib = (id: string, addChild: boolean, parentId: string | null = null) => ({ id, name: id, parentId, rights: { read: true, write: addChild, addChild, grant: addChild, manage: false } });
  it('offers top-level libraries the person may add a child to, never itself, and keeps the current parent', () => {
    const all = [lib('mine', true), lib('readOnly', false), lib('aChild', true, 'mine'), lib('self', true)];
    expect(parentOptions(all, null).map((o) => o.value)).toEqual(['mine', 'self']);
    expect(parentOptions(all, { id: 'self', parentId: 'readOnly' }).map((o) => o.value)).toEqual(['mine', 'readOnly']);
  });
});

describe('pollUntilDone', () => {
  it('asks every interval until true', async () => {
    const answers = [false, false, true];
    const sleeps: number[] = [];
    const check = jest.fn(async () => answers.shift() ?? true);
    await expect(pollUntilDone(check, { sleep: async (ms) => void sleeps.push(ms) })).resolves.toBe(true);
    expect(check).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 1000]);
  });
  it('a failed check ends the wait with its error', async () => {
    const check = jest.fn<() => Promise<boolean>>().mockResolvedValueOnce(false).mockRejectedValueOnce(new Error('复制失败：源库已删除'));
    await expect(pollUntilDone(check, { sleep: async () => undefined })).rejects.toThrow('复制失败：源库已删除');
    expect(check).toHaveBeenCalledTimes(2);
  });
  it('stops when cancelled', async () => {
    let stop = false;
    const check = jest.fn(async () => {
      stop = true;
      return false;
    });
    await expect(pollUntilDone(check, { cancelled: () => stop, sleep: async () => undefined })).resolves.toBe(false);
    expect(check).toHaveBeenCalledTimes(1);
  });
});

const node = (id: string, level: number, children: IndicatorNode[] = []): IndicatorNode => ({
  id,
  parentId: null,
  name: id,
  storedName: id,
  level,
  levelTitle: '',
  sortOrder: 0,
  originId: null,
  pointCount: 0,
  children,
});

describe('the indicator tree', () => {
  const tree = [node('a', 1, [node('a1', 2, [node('a11', 3)])]), node('b', 1)];
  it('finds nodes and branches', () => {
    expect(findIndicator(tree, 'a11')?.level).toBe(3);
    expect(findIndicator(tree, 'x')).toBeNull();
    expect(findIndicator(tree, null)).toBeNull();
    expect(branchIds(tree)).toEqual(['a', 'a1']);
  });
  it('takes children above the last level, never past ten', () => {
    expect(takesChildren({ level: 2 }, 3)).toBe(true);
    expect(takesChildren({ level: 3 }, 3)).toBe(false);
    expect(takesChildren({ level: 10 }, 12)).toBe(false);
  });
  it('explains a refused delete', () => {
    expect(inUseText({ children: 2, points: 5 })).toBe('该指标下还有2个下级指标、5个质控点');
    expect(inUseText({ children: 0, points: 1 })).toBe('该指标下还有1个质控点');
    expect(inUseText(null)).toBe('该指标仍在使用中');
  });
  it('names levels', () => {
    expect(targetLevelName('school')).toBe('学校');
    expect(targetLevelName('student')).toBe('学生');
    expect(targetLevelName('other')).toBe('other');
  });
});

describe('the point form', () => {
  it('shares and percents', () => {
    expect(shareToPercent(0.9)).toBe(90);
    expect(shareToPercent(0.855)).toBe(85.5);
    expect(percentToShare(85.5)).toBe(0.855);
    expect(percentToShare(null)).toBeNull();
  });
  it('a new point starts as a monthly percent, higher is better at 90/80', () => {
    expect(pointFormValues(null)).toMatchObject({ zlx: 'percent', direction: 'higher', b: 90, c: 80, samplingPeriod: 'month' });
  });
  it('round-trips a definition and trims what is sent', () => {
    const point: PointDefinition = {
      id: 'p',
      libraryId: 'l',
      indicatorId: 'i',
      zkdid: 'JX-001',
      zkdmc: '课程合格率',
      nh: null,
      zdbz: '说明',
      bzz: '80',
      mbz: '90',
      zlx: 'percent',
      fsdl: 0,
      fsjzxz: 0,
      ration: null,
      calRule: { direction: 'lower', b: 0.9, c: 0.8 },
      samplingPeriod: 'week',
      warningRule: null,
      sortOrder: 1,
      originId: null,
      datasources: [{ id: 'd', sjlx: 'percent', jsgz: null, cjfs: 'report', xsfs: 'table', config: null }],
    };
    const values = pointFormValues(point);
    expect(values).toMatchObject({ direction: 'lower', b: 90, c: 80, samplingPeriod: 'week' });
    const input = pointInputOf({ ...values, zkdmc: ' 课程合格率 ', nh: '  ', datasources: [...(values.datasources ?? []), { cjfs: 'sql' }] });
    expect(input).toEqual({
      zkdid: 'JX-001',
      zkdmc: '课程合格率',
      nh: null,
      zdbz: '说明',
      zlx: 'percent',
      bzz: '80',
      mbz: '90',
      calRule: { direction: 'lower', b: 0.9, c: 0.8 },
      samplingPeriod: 'week',
      warningRule: null,
      datasources: [{ sjlx: 'percent', jsgz: null, cjfs: 'report', xsfs: 'table', config: null }],
    });
    expect(pointInputOf({ ...values, direction: null }).calRule).toBeNull();
  });
});

describe('the point form: monitoring', () => {
  const base: PointDefinition = {
    id: 'p',
    libraryId: 'l',
    indicatorId: 'i',
    zkdid: 'XX-001',
    zkdmc: '就业率',
    nh: null,
    zdbz: null,
    bzz: null,
    mbz: '90',
    zlx: 'percent',
    fsdl: 0,
    fsjzxz: 0,
    ration: null,
    calRule: null,
    samplingPeriod: 'day',
    warningRule: { yjlx: 'value', tj: '<', yjz: '85', yjzq: 'month' },
    sortOrder: 1,
    originId: null,
    datasources: [
      { id: 'a', sjlx: 'percent', jsgz: null, cjfs: 'sql', xsfs: 'line', config: { sql: 'select 1 as value' } },
      { id: 'b', sjlx: 'percent', jsgz: null, cjfs: 'interface', xsfs: 'table', config: { url: 'https://x.test/api', valuePath: 'data.rate', timeoutMs: 8000 } },
      { id: 'c', sjlx: 'percent', jsgz: null, cjfs: 'algorithm', xsfs: 'pie', config: { algorithmId: 'attachment-count', version: 1 } },
    ],
  };

  it('round-trips the warning rule and each method config', () => {
    const values = pointFormValues(base);
    expect(values.warningOn).toBe(true);
    expect(values.warningRule).toEqual({ yjlx: 'value', tj: '<', yjz: 85, yjzq: 'month' });
    expect(values.datasources?.[1]).toMatchObject({ url: 'https://x.test/api', valuePath: 'data.rate', timeoutSeconds: 8 });
    expect(values.datasources?.[2]).toMatchObject({ algorithm: 'attachment-count@1' });
    const input = pointInputOf(values);
    expect(input.warningRule).toEqual({ yjlx: 'value', tj: '<', yjz: '85', yjzq: 'month' });
    expect(input.datasources?.map((d) => d.config)).toEqual([
      { sql: 'select 1 as value' },
      { url: 'https://x.test/api', valuePath: 'data.rate', timeoutMs: 8000 },
      { algorithmId: 'attachment-count', version: 1 },
    ]);
  });

  it('sends no rule when warnings are off or the rule is not complete; grades upper case', () => {
    const values = pointFormValues(base);
    expect(pointInputOf({ ...values, warningOn: false }).warningRule).toBeNull();
    expect(pointInputOf({ ...values, warningRule: { ...values.warningRule, yjz: null } }).warningRule).toBeNull();
    expect(pointInputOf({ ...values, warningRule: { yjlx: 'level', tj: '>=', yjz: 'd', yjzq: 'none' } }).warningRule).toEqual({ yjlx: 'level', tj: '>=', yjz: 'D', yjzq: 'none' });
    const fresh = pointFormValues({ ...base, warningRule: null });
    expect(fresh.warningOn).toBe(false);
    expect(fresh.warningRule).toEqual(DEFAULT_WARNING_RULE);
  });

  it('reads an algorithm option as id and version', () => {
    expect(splitAlgorithmKey(algorithmKey('a@b', '2.1'))).toEqual({ algorithmId: 'a@b', version: '2.1' });
    expect(splitAlgorithmKey(algorithmKey('fill-rate', 3))).toEqual({ algorithmId: 'fill-rate', version: 3 });
    expect(splitAlgorithmKey('nothing')).toBeNull();
    expect(splitAlgorithmKey(undefined)).toBeNull();
  });
});

describe('usedSqlParameters', () => {
  it('lists :dxbm, :dxmc and :zq in order of first use, once each', () => {
    expect(usedSqlParameters('SELECT rate FROM e WHERE year = :zq AND major = :dxmc OR major = :dxmc')).toEqual(['zq', 'dxmc']);
  });

  it.each([
    ["SELECT ':dxbm', \"a:zq\" FROM t"],
    ['SELECT x::dxbm FROM t -- :zq\n/* :dxmc */'],
    ['SELECT :dxbmx, :other FROM t'],
  ])('finds none in %p', (sql) => {
    expect(usedSqlParameters(sql)).toEqual([]);
  });

  it('finds one beside a cast', () => {
    expect(usedSqlParameters('SELECT :dxbm::text')).toEqual(['dxbm']);
  });
});
