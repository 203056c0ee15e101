import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { TodoListReader } from './application/ports/todo-list-reader.port.js';
import { WorkbenchService } from './application/workbench.service.js';
import { TodoController, WorkbenchController } from './http/workbench.controller.js';
import { TodoListPgReader } from './infrastructure/todo-list.pg-reader.js';

/**
 * The home page's numbers and 我的待办. Its ports are bound by the modules that own each kind of object (later in
 * MODULE_ORDER): app.module hands them in with `withTodoSources`, each exporting its binding (README); the list's one
 * statement over their fragments is the workbench's own reader.
 */
@Module({})
export class WorkbenchModule {
  static withTodoSources(sources: Type[]): DynamicModule {
    return {
      module: WorkbenchModule,
      imports: sources,
      controllers: [WorkbenchController, TodoController],
      providers: [WorkbenchService, { provide: TodoListReader, useClass: TodoListPgReader }],
    };
  }
}
