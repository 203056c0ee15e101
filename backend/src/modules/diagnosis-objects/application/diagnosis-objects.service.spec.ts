import { jest } from '@jest/globals';
import { OBJECT_IMPORT_HEADERS } from '@zhengai/contracts';
import type { Transaction, UnitOfWork } from '../../../infrastructure/database/unit-of-work.port.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { DiagnosisObjectsService } from './diagnosis-objects.service.js';
import type { DiagnosisObjectRepository, ObjectManagerReader } from './ports/diagnosis-object-repository.port.js';
import type { ObjectImportSheet } from './ports/object-import-sheet.port.js';

import ExcelJS from 'exceljs';

function service(roles: string[], sheetRows: string[][]) {
  const repo = {
    departmentsByName: jest.fn(async () => new Map([['信息工程学院', ['d1']]])),
    peopleByAccount: jest.fn(async () => new Map()),
    majorsByCode: jest.fn(async () => new Map()),
    existingOf: jest.fn(async () => new Map()),
    applyImport: jest.fn(async () => undefined),
    add: jest.fn(async () => 'new-id'),
  };
  const sheet = { read: jest.fn(async () => ({ header: sheetRows[0]!, rows: sheetRows.slice(1).map((cells, i) => ({ row: i + 2, cells })) })), template: jest.fn() };
  const uow = { run: jest.fn(async (work: (tx: Transaction) => Promise<unknown>) => work({} as Transaction)) };
  const managers = { roleCodes: jest.fn(async () => roles) };
  const sut = new DiagnosisObjectsService(repo as unknown as DiagnosisObjectRepository, managers as unknown as ObjectManagerReader, sheet as unknown as ObjectImportSheet, uow as unknown as UnitOfWork);
  return { sut, repo, sheet, uow };
}

// a real (empty) workbook: the service checks the bytes are one (xlsxRefusal) before the mocked sheet port reads it
let workbook: Buffer;
beforeAll(async () => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('x');
  workbook = Buffer.from(await book.xlsx.writeBuffer());
});
const header = [...OBJECT_IMPORT_HEADERS.major];

describe('DiagnosisObjectsService', () => {
  it('checks the action first: a publisher\'s import and add are refused before the sheet or the repository is read', async () => {
    const { sut, repo, sheet } = service(['yearTargetPublisher'], [header]);
    await expect(sut.import('u', 'major', '专业.xlsx', workbook)).rejects.toMatchObject({ kind: 'NO_PERMISSION' });
    await expect(sut.add('u', 'major', { code: 'M', name: 'n', departmentId: 'd1', responsibleId: null, upperId: null, userId: null, className: null, grade: null })).rejects.toBeInstanceOf(AppError);
    expect(sheet.read).not.toHaveBeenCalled();
    expect(repo.add).not.toHaveBeenCalled();
  });

  it('a bad row refuses the whole file: every problem answered, no transaction opened', async () => {
    const { sut, repo, uow } = service(['admin'], [header, ['M1', '软件', '信息工程学院', ''], ['M2', '网络', '没有的学院', '']]);
    const refusal = await sut.import('u', 'major', '专业.xlsx', workbook).catch((e: AppError) => e);
    expect(refusal).toMatchObject({ kind: 'VALIDATION', data: { created: 0, problems: [{ row: 3, reason: '所属部门“没有的学院”不存在' }] } });
    expect(uow.run).not.toHaveBeenCalled();
    expect(repo.applyImport).not.toHaveBeenCalled();
  });

  it('a good file is written in one transaction and counted', async () => {
    const { sut, repo, uow } = service(['admin'], [header, ['M1', '软件', '信息工程学院', ''], ['M2', '网络', '信息工程学院', '']]);
    expect(await sut.import('u', 'major', '专业.xlsx', workbook)).toEqual({ created: 2, updated: 0, unchanged: 0, problems: [] });
    expect(uow.run).toHaveBeenCalledTimes(1);
    expect((repo.applyImport.mock.calls[0] as unknown[])[1]).toHaveLength(2);
  });
});
