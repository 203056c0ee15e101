import type { Provider, Type } from '@nestjs/common';
import { VALUE_SOURCES, type ValueSource } from '../../application/ports/value-source.js';
import { CollectController } from '../../http/collect.controller.js';
import { AlgorithmValueSource } from './algorithm-value-source.js';
import { InterfaceValueSource } from './interface-value-source.js';
import { SqlReader } from './sql-reader.js';
import { SqlValueSource } from './sql-value-source.js';

/** The value sources (algorithm, sql, interface) and VALUE_SOURCES, the list the sampling service reads. */
export const COLLECT_PROVIDERS: Provider[] = [
  SqlReader,
  AlgorithmValueSource,
  SqlValueSource,
  InterfaceValueSource,
  {
    provide: VALUE_SOURCES,
    useFactory: (...sources: ValueSource[]): ValueSource[] => sources,
    inject: [AlgorithmValueSource, SqlValueSource, InterfaceValueSource],
  },
];

export const COLLECT_CONTROLLERS: Type[] = [CollectController];
