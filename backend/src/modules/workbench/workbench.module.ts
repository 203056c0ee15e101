import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { WorkbenchService } from './application/workbench.service.js';
import { TodoController, WorkbenchController } from './http/workbench.controller.js';

/**
 * The home page's numbers and 我的待办. Its ports are bound by the modules that own each kind of object (later in
 * MODULE_ORDER): app.module hands them in with `withTodoSources`, each exporting its binding (README).
 */
@Module({})
export class WorkbenchModule {
  static withTodoSources(sources: Type[]): DynamicModule {
    return { module: WorkbenchModule, imports: sources, controllers: [WorkbenchController, TodoController], providers: [WorkbenchService] };
  }
}
