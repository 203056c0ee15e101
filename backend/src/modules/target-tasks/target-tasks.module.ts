import { Module } from '@nestjs/common';
import { TargetTaskRepository, TaskAccessReader } from './application/ports/target-task-repository.port.js';
import { TargetTaskService } from './application/target-task.service.js';
import { TargetTaskController } from './http/target-task.controller.js';
import { TargetTaskPgRepository, TaskAccessPgReader } from './infrastructure/target-task.pg-repository.js';

/** Target tasks (spec 001 §2–§4, §7 items 13–17): tasks under year targets, their list by page type and their moves. */
@Module({
  controllers: [TargetTaskController],
  providers: [
    TargetTaskService,
    { provide: TargetTaskRepository, useClass: TargetTaskPgRepository },
    { provide: TaskAccessReader, useClass: TaskAccessPgReader },
  ],
})
export class TargetTasksModule {}
