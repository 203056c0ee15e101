import type { Provider, Type } from '@nestjs/common';
import { CollectionDataService } from './application/collection-data.service.js';
import { CollectionTaskService } from './application/collection-task.service.js';
import { FillRows } from './application/fill-rows.js';
import { FillTaskService } from './application/fill-task.service.js';
import { FillTodos } from '../workbench/application/ports/todo-sources.port.js';
import { CollectionAccessReader } from './application/ports/collection-access.port.js';
import { CollectionTaskRepository } from './application/ports/collection-task-repository.port.js';
import { FillRepository } from './application/ports/fill-repository.port.js';
import { FillSheetWorkbook } from './application/ports/fill-sheet.port.js';
import { CollectionDataController } from './http/collection-data.controller.js';
import { CollectionTaskController } from './http/collection-task.controller.js';
import { FillTaskController } from './http/fill-task.controller.js';
import { CollectionAccessPgReader } from './infrastructure/collection-access.pg-reader.js';
import { CollectionTaskPgRepository } from './infrastructure/collection-task.pg-repository.js';
import { FillSheetExcel } from './infrastructure/fill-sheet.excel.js';
import { FillPgRepository } from './infrastructure/fill.pg-repository.js';
import { FillTodosSql } from './infrastructure/fill-todos.sql.js';

/** The fill side (collection tasks, allocations, fill tasks with commit/audit/rollback and history, the data). */
export const FILL_SIDE_CONTROLLERS: Type[] = [CollectionTaskController, FillTaskController, CollectionDataController];
export const FILL_SIDE_PROVIDERS: Provider[] = [
  CollectionTaskService,
  FillTaskService,
  CollectionDataService,
  FillRows,
  { provide: CollectionAccessReader, useClass: CollectionAccessPgReader },
  { provide: CollectionTaskRepository, useClass: CollectionTaskPgRepository },
  { provide: FillRepository, useClass: FillPgRepository },
  { provide: FillSheetWorkbook, useClass: FillSheetExcel },
  // 我的待办: fills to commit or audit (workbench's port).
  { provide: FillTodos, useClass: FillTodosSql },
];
