import { Injectable } from '@nestjs/common';
import { DEPARTMENT_IMPORT_COLUMNS, PEOPLE_IMPORT_COLUMNS } from '@zhengai/contracts';
import ExcelJS from 'exceljs';
import { readFirstSheet } from '../../../infrastructure/excel/first-sheet.exceljs.js';
import { PeopleSheets } from '../application/ports/people-import.port.js';

/** Columns read of an upload: the template's and a few more, so a shifted column is still found by its header. */
const READ_COLUMNS = PEOPLE_IMPORT_COLUMNS.length + 6;

const PEOPLE_EXAMPLES = [
  ['T2025001', '张老师', '机电工程学院', '教师', '教师', 'T2025001', '13800138000', 'zhang@example.edu.cn', '', '', ''],
  ['S2025001', '李同学', '机电工程学院', '学生', '', '', '', '', '460104', '机电2501班', '2025'],
];
const DEPARTMENT_EXAMPLES = [
  ['机电工程学院', '机电', '', 'T2025001'],
  ['办公室', '', '机电工程学院', ''],
];
const NOTES = {
  people:
    '说明：部门填写部门名称，重名时填写完整路径（如 机电工程学院/办公室）；人员类型为 教职工、教师 或 学生；多个角色用 、 或 , 分隔；角色留空时，新人员及尚无角色的人员按人员类型获得默认角色（教师：教师，学生：学生；教职工无默认角色，请填写或在角色管理中授予），已有的角色不变；专业代码、班级、年级只适用于学生。示例行请删除后再导入。',
  departments: '说明：上级部门填写部门名称，重名时填写完整路径（如 机电工程学院/办公室），留空为一级部门；上级部门可以写在本表后面的行；负责人账号须是已有账号。示例行请删除后再导入。',
};

/** The people and department workbooks with exceljs; uploads are read in the sheet reader's worker thread. */
@Injectable()
export class PeopleSheetsExcel extends PeopleSheets {
  async template(kind: 'people' | 'departments'): Promise<Buffer> {
    const columns: readonly string[] = kind === 'people' ? PEOPLE_IMPORT_COLUMNS : DEPARTMENT_IMPORT_COLUMNS;
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet(kind === 'people' ? '人员' : '部门');
    // text columns: an account or phone typed as digits stays as typed
    ws.columns = columns.map((header) => ({ header, width: Math.max(12, header.length * 3 + 4), style: { numFmt: '@' } }));
    ws.getRow(1).font = { bold: true };
    for (const example of kind === 'people' ? PEOPLE_EXAMPLES : DEPARTMENT_EXAMPLES) ws.addRow(example).font = { color: { argb: 'FF888888' } };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    const notes = workbook.addWorksheet('说明');
    notes.getCell('A1').value = NOTES[kind];
    notes.getColumn(1).width = 120;
    notes.getCell('A1').alignment = { wrapText: true };
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  read(bytes: Buffer) {
    return readFirstSheet(bytes, { maxColumns: READ_COLUMNS, skipBlank: true });
  }
}
