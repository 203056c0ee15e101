import { DiagnosisTodos } from '../workbench/application/ports/todo-sources.port.js';
import { QualityTableExport } from './application/quality-table-export.js';
import { QualitySheet } from './application/ports/quality-sheet.port.js';
import { QualitySheetExceljs } from './infrastructure/quality-sheet.exceljs.js';
import { DiagnosisTodosSql } from './infrastructure/diagnosis-todos.sql.js';
import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { attachmentOwnerToken } from '../files/application/ports/attachment-owner-access.port.js';
import { QUALITY_POINT_OWNER } from '../target-standards/domain/point-definition.js';
import { TargetStandardsModule } from '../target-standards/target-standards.module.js';
import { DiagnosisService } from './application/diagnosis.service.js';
import { UpdateObjListsJob } from './application/jobs/update-obj-lists.job.js';
import { LaunchDiagnosisJob } from './application/jobs/launch-diagnosis.job.js';
import { LaunchService } from './application/launch.service.js';
import { LaunchRepository } from './application/ports/launch-repository.port.js';
import { ObjListsService } from './application/obj-lists.service.js';
import { DiagnosisRepository } from './application/ports/diagnosis-repository.port.js';
import { ObjListsRepository } from './application/ports/obj-lists-repository.port.js';
import { TaskGate } from './application/task-gate.js';
import { TaskGrantsService } from './application/task-grants.service.js';
import { TaskGrantsRepository } from './application/ports/task-grants-repository.port.js';
import { DiagnosisController } from './http/diagnosis.controller.js';
import { TaskGrantsController } from './http/task-grants.controller.js';
import { LaunchController } from './http/launch.controller.js';
import { LaunchPgRepository } from './infrastructure/launch.pg-repository.js';
import { DiagnosisPgRepository } from './infrastructure/diagnosis.pg-repository.js';
import { ObjListsPgRepository } from './infrastructure/obj-lists.pg-repository.js';
import { QualityPointAttachmentAccess } from './infrastructure/quality-point-attachment-access.js';
import { TaskGrantsPgRepository } from './infrastructure/task-grants.pg-repository.js';

/**
 * Diagnosis (spec 001 §4–5, §7): objects' tasks against their target standard — the quality table, results and
 * grades, audit, the up and down lists. Exports TaskGate (the warnings module opens tasks with the table's rules)
 * and the AttachmentOwnerAccess of quality points (attachmentOwnerToken('quality-point')): who may read and write a
 * quality point's attachments (app.module hands it to files).
 */
@Module({
  imports: [TargetStandardsModule, MessagesModule],
  controllers: [DiagnosisController, TaskGrantsController, LaunchController],
  providers: [
    DiagnosisService,
    { provide: DiagnosisRepository, useClass: DiagnosisPgRepository },
    QualityTableExport,
    { provide: QualitySheet, useClass: QualitySheetExceljs },
    // Upper and lower objects' tasks: targets pushed down, results rolled up, also as the update-obj-lists job.
    ObjListsService,
    UpdateObjListsJob,
    { provide: ObjListsRepository, useClass: ObjListsPgRepository },
    // Quality points decide who reads and writes their attachments (task and library rules); the files module asks.
    { provide: attachmentOwnerToken(QUALITY_POINT_OWNER), useClass: QualityPointAttachmentAccess },
    TaskGate,
    // Grants on a task to people (obj/authority); the task rules read them.
    TaskGrantsService,
    { provide: TaskGrantsRepository, useClass: TaskGrantsPgRepository },
    // 诊断任务下发: a launch's row and job, one task an object (launch-diagnosis), its page, 催办, 关闭周期.
    LaunchService,
    LaunchDiagnosisJob,
    { provide: LaunchRepository, useClass: LaunchPgRepository },
    // 我的待办: tasks to fill, submit or audit, launches with late owners (workbench's port).
    { provide: DiagnosisTodos, useClass: DiagnosisTodosSql },
  ],
  exports: [attachmentOwnerToken(QUALITY_POINT_OWNER), TaskGate, DiagnosisTodos],
})
export class DiagnosisModule {}
