import type { Provider, Type } from '@nestjs/common';

/** The fill side (collection tasks, allocations, fill tasks with commit/audit/rollback and history, the data). */
export const FILL_SIDE_CONTROLLERS: Type[] = [];
export const FILL_SIDE_PROVIDERS: Provider[] = [];
