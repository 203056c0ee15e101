import type { Writable } from 'node:stream';
import { fileNamePart } from '../../../shared/http/content-disposition.js';
import { Injectable } from '@nestjs/common';
import { qualitySheetOf } from '../domain/quality-export.js';
import { DiagnosisService } from './diagnosis.service.js';
import { QualitySheet } from './ports/quality-sheet.port.js';

/**
 * 诊断改进's 导出Excel (issue 35): a task's quality table as quality/select answers it — the same read, the same
 * authority, the same order — named after the task.
 */
@Injectable()
export class QualityTableExport {
  constructor(
    private readonly diagnosis: DiagnosisService,
    private readonly sheet: QualitySheet,
  ) {}

  async export(userId: string, taskId: string): Promise<{ fileName: string; write(out: Writable): Promise<void> }> {
    const table = await this.diagnosis.table(userId, taskId);
    const { header, rows } = qualitySheetOf(table.levelTitles, table.rows);
    const fileName = `质控点列表-${fileNamePart(table.task.rwmc)}.xlsx`;
    return { fileName, write: (out) => this.sheet.write({ name: '质控点列表', header, rows }, out) };
  }
}
