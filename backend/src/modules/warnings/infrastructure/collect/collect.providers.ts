import type { Provider } from '@nestjs/common';
import { AlgorithmCatalogue, SqlSourceTrial } from '../../application/ports/collection-sources.port.js';
import { VALUE_SOURCES, type ValueSource } from '../../application/ports/value-source.port.js';
import { AlgorithmValueSource } from './algorithm-value-source.js';
import { InterfaceValueSource } from './interface-value-source.js';
import { SqlReader } from './sql-reader.js';
import { SqlValueSource } from './sql-value-source.js';

/**
 * The value sources (algorithm, sql, interface) and VALUE_SOURCES, the list the sampling service reads; the same
 * adapters serve the point editor's SQL trial and algorithm list (CollectionSourcesService's ports).
 */
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
  { provide: SqlSourceTrial, useExisting: SqlReader },
  { provide: AlgorithmCatalogue, useExisting: AlgorithmValueSource },
];
