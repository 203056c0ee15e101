import { SCHOOL_IMPORT_COLUMNS } from '@zhengai/contracts';
import { checkImportRows, indicatorOfHeader, SCHOOL_IMPORT_HEADER } from './school-import-rows.js';

const header = [...SCHOOL_IMPORT_COLUMNS, '全日制在校生数(students)', '生师比(student_teacher_ratio)'];
const line = (row: number, cells: string[]) => ({ row, cells });

describe('school import rows', () => {
  it('reads indicator headers as the template writes them, a bare code or the name', () => {
    expect(indicatorOfHeader('全日制在校生数(students)')).toBe('students');
    expect(indicatorOfHeader('生师比（student_teacher_ratio）')).toBe('student_teacher_ratio');
    expect(indicatorOfHeader('patents')).toBe('patents');
    expect(indicatorOfHeader('专利授权数')).toBe('patents');
    expect(indicatorOfHeader('不存在(nothing)')).toBeNull();
    expect(SCHOOL_IMPORT_HEADER.slice(0, 6)).toEqual([...SCHOOL_IMPORT_COLUMNS]);
    expect(SCHOOL_IMPORT_HEADER).toHaveLength(6 + 24);
  });

  it('takes good lines: one school per code, values per year, empty cells without a value', () => {
    const checked = checkImportRows(header, [
      line(2, ['X1', '甲学院', '江苏', '公办', '一般高职', '2024', '12,000', '17.5']),
      line(3, ['X1', '甲学院', '江苏', '公办', '一般高职', '2025', '12500', '']),
      line(4, ['X2', '乙学院', '浙江', '民办', '优质专科高职', '2025', '8000', '18']),
    ]);
    expect(checked).toEqual({
      schools: [
        { code: 'X1', name: '甲学院', province: '江苏', nature: '公办', level: '一般高职' },
        { code: 'X2', name: '乙学院', province: '浙江', nature: '民办', level: '优质专科高职' },
      ],
      values: [
        { schoolCode: 'X1', indicator: 'students', year: 2024, value: 12000 },
        { schoolCode: 'X1', indicator: 'student_teacher_ratio', year: 2024, value: 17.5 },
        { schoolCode: 'X1', indicator: 'students', year: 2025, value: 12500 },
        { schoolCode: 'X2', indicator: 'students', year: 2025, value: 8000 },
        { schoolCode: 'X2', indicator: 'student_teacher_ratio', year: 2025, value: 18 },
      ],
    });
  });

  it('reports every bad line with its reasons and keeps nothing', () => {
    const checked = checkImportRows(header, [
      line(2, ['', '甲学院', '火星', '公办', '一般高职', '2024', '1', '1']),
      line(3, ['X2', '', '江苏', '私立', '一般高职', '24', '1', '1']),
      line(4, ['X3', '丙学院', '江苏', '公办', '顶级', '2024', 'abc', '1']),
      line(5, ['X4', '丁学院', '江苏', '公办', '一般高职', '2024', '1', '1']),
      line(6, ['X4', '丁学院', '江苏', '公办', '一般高职', '2024', '2', '2']),
    ]);
    expect('problems' in checked && checked.problems).toEqual([
      { row: 2, reason: '学校代码不能为空；省份「火星」不存在' },
      { row: 3, reason: '学校名称不能为空；办学性质「私立」不存在；年份「24」不正确' },
      { row: 4, reason: '办学层次「顶级」不存在；「全日制在校生数」的值「abc」不是数字' },
      { row: 6, reason: '与第5行的学校和年份重复' },
    ]);
  });

  it('refuses a header that is not the template and an unknown indicator column', () => {
    expect(checkImportRows(['代码', '名称'], [line(2, ['X', 'Y'])])).toEqual({ problems: [{ row: 1, reason: expect.stringContaining('请使用导入模板') }] });
    expect(checkImportRows([...SCHOOL_IMPORT_COLUMNS, '未知(unknown_x)'], [])).toEqual({ problems: [{ row: 1, reason: '第7列「未知(unknown_x)」不是已知指标' }] });
    expect(checkImportRows(header, [])).toEqual({ problems: [{ row: 2, reason: '文件中没有数据' }] });
  });

  it('refuses a school whose lines disagree on its name', () => {
    const checked = checkImportRows(header, [
      line(2, ['X1', '甲学院', '江苏', '公办', '一般高职', '2024', '1', '1']),
      line(3, ['X1', '甲学校', '江苏', '公办', '一般高职', '2025', '1', '1']),
    ]);
    expect('problems' in checked && checked.problems.map((p) => p.row)).toEqual([3]);
  });
});
