import { Global, Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { TaskCounter } from '../workbench/application/ports/task-counts.port.js';
import { TargetTaskTodos } from '../workbench/application/ports/todo-sources.port.js';
import { ScanTaskWarningsJob } from './application/jobs/scan-task-warnings.job.js';
import { TaskWarningRepository } from './application/ports/task-warning-repository.port.js';
import { TaskWarningCounter } from './application/task-warning-counter.js';
import { TaskTodosSql } from './infrastructure/task-todos.sql.js';
import { TaskWarningService } from './application/task-warning.service.js';
import { TaskWarningController } from './http/task-warning.controller.js';
import { TaskWarningPgRepository } from './infrastructure/task-warning.pg-repository.js';
import { TargetTaskRepository, TaskAccessReader } from './application/ports/target-task-repository.port.js';
import { TargetTaskService } from './application/target-task.service.js';
import { TaskSummaryReader } from './application/ports/task-summary-reader.port.js';
import { TaskSummaryService } from './application/task-summary.service.js';
import { TargetTaskController } from './http/target-task.controller.js';
import { TaskSummaryController } from './http/task-summary.controller.js';
import { TargetTaskPgRepository, TaskAccessPgReader } from './infrastructure/target-task.pg-repository.js';
import { TaskSummaryPgReader } from './infrastructure/task-summary.pg-repository.js';
import { TaskSheet } from './application/ports/task-sheet.port.js';
import { TaskSheetExceljs } from './infrastructure/task-sheet.exceljs.js';
import { attachmentOwnerToken } from '../files/application/ports/attachment-owner-access.port.js';
import { PROGRESS_REPORT_OWNER, TARGET_TASK_OWNER, TaskCoopRepository, TaskPictureRepository } from './application/ports/task-picture.port.js';
import { ProgressReportAttachmentAccess, TargetTaskAttachmentAccess } from './application/task-attachment-access.js';
import { TaskCoopService } from './application/task-coop.service.js';
import { TaskPictureService } from './application/task-picture.service.js';
import { TaskPictureController } from './http/task-picture.controller.js';
import { TaskCoopPgRepository, TaskPicturePgRepository } from './infrastructure/task-picture.pg-repository.js';

/**
 * Target tasks (spec 001 §2–§4, §7 items 13–17): tasks under year targets, their list by page type and their moves.
 * Global only to hand the home page (workbench, earlier in MODULE_ORDER) its task counts (TaskCounter) and
 * to-dos (TargetTaskTodos) without a cycle;
 * reports read the summary's counts (TaskSummaryReader) for a report's task section.
 */
@Global()
@Module({
  imports: [MessagesModule],
  controllers: [TargetTaskController, TaskSummaryController, TaskWarningController, TaskPictureController],
  providers: [
    TargetTaskService,
    { provide: TargetTaskRepository, useClass: TargetTaskPgRepository },
    { provide: TaskAccessReader, useClass: TaskAccessPgReader },
    { provide: TaskSheet, useClass: TaskSheetExceljs },
    // The situation, the catalog and the cooperating departments.
    TaskPictureService,
    TaskCoopService,
    { provide: TaskPictureRepository, useClass: TaskPicturePgRepository },
    { provide: TaskCoopRepository, useClass: TaskCoopPgRepository },
    // Who reads and writes a task's files and a report's evidence: the files module asks (app.module wires it).
    { provide: attachmentOwnerToken(TARGET_TASK_OWNER), useClass: TargetTaskAttachmentAccess },
    { provide: attachmentOwnerToken(PROGRESS_REPORT_OWNER), useClass: ProgressReportAttachmentAccess },
    TaskSummaryService,
    { provide: TaskSummaryReader, useClass: TaskSummaryPgReader },
    TaskWarningService,
    ScanTaskWarningsJob,
    { provide: TaskWarningRepository, useClass: TaskWarningPgRepository },
    { provide: TaskCounter, useClass: TaskWarningCounter },
    { provide: TargetTaskTodos, useClass: TaskTodosSql },
  ],
  exports: [TaskCounter, TargetTaskTodos, TaskSummaryReader, attachmentOwnerToken(TARGET_TASK_OWNER), attachmentOwnerToken(PROGRESS_REPORT_OWNER)],
})
export class TargetTasksModule {}
