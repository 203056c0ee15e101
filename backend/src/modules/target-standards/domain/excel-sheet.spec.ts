import { checkSheet, exportSheet, planImport, readLayout, sampleRow, sheetHeader, type ImportRow, type SheetRow } from './excel-sheet.js';
import type { TreeNode } from './indicator-tree.js';

const header = sheetHeader(3);
/** A row in the template's layout: three level cells, then code, name, nh, zdbz, bzz, mbz, type, method, mode. */
const row = (n: number, levels: string[], point: Partial<Record<'code' | 'name' | 'nh' | 'zdbz' | 'bzz' | 'mbz' | 'type' | 'cjfs' | 'xsfs', string>> = {}): SheetRow => ({
  row: n,
  cells: [...levels, ...Array(3 - levels.length).fill(''), point.code ?? '', point.name ?? '就业率', point.nh ?? '', point.zdbz ?? '', point.bzz ?? '90', point.mbz ?? '95', point.type ?? '百分比', point.cjfs ?? '', point.xsfs ?? ''],
});
const ctx = { treeLevel: 3, existingCodes: new Set(['OLD-1']) };

describe('the sheet layout', () => {
  it('has N level columns, then the point columns, and a sample row that fits', () => {
    expect(sheetHeader(2)).toEqual(['一级指标', '二级指标', '质控点编号', '质控点名称', '内涵', '诊断标准', '标准值', '目标值', '值类型', '采集方式', '展示方式']);
    expect(sampleRow(2)).toHaveLength(11);
    expect(checkSheet({ header: sheetHeader(4), rows: [{ row: 2, cells: sampleRow(4) }] }, { treeLevel: 4, existingCodes: new Set() })).toHaveProperty('rows');
  });

  it('refuses a header that is not the template\'s', () => {
    expect(readLayout(['名称', '值'])).toEqual({ row: 1, reason: '表头不正确：第一列应为一级指标，请使用导入模板' });
    expect(readLayout(['一级指标', '质控点名称'])).toEqual({ row: 1, reason: '表头不正确：缺少质控点编号、内涵、诊断标准、标准值、目标值、值类型、采集方式、展示方式列，请使用导入模板' });
    expect(readLayout([...header].reverse())).toHaveProperty('reason');
  });
});

describe('row checks', () => {
  it('answers every bad row with its row number and reasons, and nothing to import', () => {
    const result = checkSheet({
      header,
      rows: [
        row(2, ['计分卡', '培养质量', '就业'], { code: 'A-1' }),
        row(3, ['计分卡', '培养质量', '就业'], { name: '' }),
        row(4, ['计分卡', '培养质量', '就业'], { type: '金额' }),
        row(5, ['计分卡', '培养质量', '就业'], { mbz: '很高' }),
        row(6, ['计分卡', '培养质量', '就业'], { code: 'A-1' }),
        row(7, ['计分卡', '', '就业']),
        row(8, ['', '', '']),
        row(9, ['计分卡'], { code: 'OLD-1' }),
        row(10, ['计分卡'], { type: '整数', bzz: '1.5', mbz: '2' }),
        row(11, ['计分卡'], { cjfs: '传真', xsfs: '地图' }),
        row(12, ['计分卡'], { code: 'A 2' }),
        { row: 13, cells: Array(header.length).fill('   ') },
        row(14, ['计分卡'], { type: '' }),
        row(15, ['计分卡'], { name: '名'.repeat(201) }),
      ],
    }, ctx);
    expect(result).toEqual({
      problems: [
        { row: 3, reason: '缺少质控点名称' },
        { row: 4, reason: '值类型不正确：金额（应为有/是否/百分比/整数/小数/文本）' },
        { row: 5, reason: '目标值：请填写数字' },
        { row: 6, reason: '质控点编号重复：与第2行相同' },
        { row: 7, reason: '指标层级不连续：二级指标为空' },
        { row: 8, reason: '缺少一级指标' },
        { row: 9, reason: '质控点编号已存在：OLD-1' },
        { row: 10, reason: '标准值：请填写整数' },
        { row: 11, reason: '采集方式不正确：传真（应为填报/算法/SQL/接口）；展示方式不正确：地图（应为表格/饼图/柱状图/折线图/文件）' },
        { row: 12, reason: '质控点编号只能包含字母、数字、点、横线和下划线，最多64个字符' },
        { row: 14, reason: '缺少值类型' },
        { row: 15, reason: '质控点名称最多200个字符' },
      ],
    });
  });

  it('refuses a path deeper than the library, and a level name too long', () => {
    const deep = checkSheet({ header: sheetHeader(4), rows: [{ row: 2, cells: sampleRow(4) }] }, ctx);
    expect(deep).toEqual({ problems: [{ row: 2, reason: '超过目标标准的指标层级（3级）' }] });
    expect(checkSheet({ header, rows: [row(2, ['指'.repeat(201)])] }, ctx)).toEqual({ problems: [{ row: 2, reason: '指标名称最多200个字符' }] });
  });

  it('refuses a sheet with nothing to import', () => {
    expect(checkSheet({ header, rows: [] }, ctx)).toEqual({ problems: [{ row: 2, reason: '没有可导入的数据' }] });
  });

  it('reads good rows: names or codes of types, defaults for method and mode, have values as 1/0', () => {
    const result = checkSheet({ header, rows: [row(2, ['计分卡', '培养质量'], { type: 'have', bzz: '有', mbz: '有', cjfs: 'algorithm', xsfs: '' })] }, ctx);
    expect(result).toEqual({
      rows: [{
        row: 2,
        path: ['计分卡', '培养质量'],
        fields: {
          code: null, zkdmc: '就业率', nh: null, zdbz: null, bzz: '1', mbz: '1', zlx: 'have', fsdl: 0, fsjzxz: 0, ration: null, calRule: null, samplingPeriod: 'none',
          warningRule: null, datasources: [{ sjlx: 'have', jsgz: null, cjfs: 'algorithm', xsfs: 'table', config: null }],
        },
      }],
    });
  });
});

describe('planning an import', () => {
  const existing: TreeNode[] = [{ id: 'e1', parentId: null, name: '计分卡', level: 1, sortOrder: 4 }];
  const rows = (checkSheet({
    header,
    rows: [row(2, ['计分卡', '培养质量', '就业']), row(3, ['计分卡', '培养质量', '就业'], { code: 'K-9' }), row(4, ['资源表', '师资']), row(5, ['计分卡', '培养质量'])],
  }, ctx) as { rows: ImportRow[] }).rows;

  it('reuses indicators on the path, creates the missing ones once, and generates free codes', () => {
    let n = 0;
    const plan = planImport(rows, { existing, level: 'school', existingCodes: ['XX-001'], maxSortOrder: 10, newId: () => `n${++n}` });
    expect(plan.indicators).toEqual([
      { id: 'n1', parentId: 'e1', name: '培养质量', level: 2, sortOrder: 1 },
      { id: 'n2', parentId: 'n1', name: '就业', level: 3, sortOrder: 1 },
      { id: 'n5', parentId: null, name: '资源表', level: 1, sortOrder: 5 },
      { id: 'n6', parentId: 'n5', name: '师资', level: 2, sortOrder: 1 },
    ]);
    expect(plan.points.map((p) => [p.indicatorId, p.fields.code, p.sortOrder])).toEqual([['n2', 'XX-002', 11], ['n2', 'K-9', 12], ['n6', 'XX-003', 13], ['n1', 'XX-004', 14]]);
  });
});

describe('export', () => {
  it('writes stored names along each point\'s path, so an import reads the same definitions back', () => {
    const nodes: TreeNode[] = [
      { id: 'a', parentId: null, name: '人才培养', level: 1, sortOrder: 1 },
      { id: 'b', parentId: 'a', name: '培养质量', level: 2, sortOrder: 1 },
    ];
    const sheet = exportSheet(nodes, [{ indicatorId: 'b', code: 'XX-1', zkdmc: '就业率', nh: '内涵', zdbz: null, bzz: '1', mbz: '1', zlx: 'whether', cjfs: 'sql', xsfs: 'pie' }], 3);
    expect(sheet.header).toEqual(sheetHeader(3));
    expect(sheet.rows).toEqual([['人才培养', '培养质量', '', 'XX-1', '就业率', '内涵', '', '1', '1', '是否', 'SQL', '饼图']]);
    const back = checkSheet({ header: sheet.header, rows: sheet.rows.map((cells, i) => ({ row: i + 2, cells })) }, { treeLevel: 3, existingCodes: new Set() });
    expect(back).toMatchObject({ rows: [{ path: ['人才培养', '培养质量'], fields: { code: 'XX-1', zkdmc: '就业率', nh: '内涵', zdbz: null, bzz: '1', mbz: '1', zlx: 'whether', datasources: [{ cjfs: 'sql', xsfs: 'pie' }] } }] });
  });
});
