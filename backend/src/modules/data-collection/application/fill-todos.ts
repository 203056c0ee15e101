import { Injectable } from '@nestjs/common';
import { FillTodos, type TodoEntry } from '../../workbench/application/ports/todo-sources.port.js';
import { CollectionAccessReader } from './ports/collection-access.port.js';
import { FillRepository } from './ports/fill-repository.port.js';

/** 我的待办's fills (workbench's FillTodos): what the person fills or audits, as the two lists decide. */
@Injectable()
export class FillTodosAdapter extends FillTodos {
  constructor(
    private readonly fills: FillRepository,
    private readonly access: CollectionAccessReader,
  ) {
    super();
  }

  async todos(userId: string): Promise<TodoEntry[]> {
    const me = await this.access.standing(userId);
    return this.fills.todos({ userId, orgId: me.orgId, manager: me.manager });
  }
}
