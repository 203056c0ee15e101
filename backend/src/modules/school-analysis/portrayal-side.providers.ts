import type { Provider, Type } from '@nestjs/common';
import { MonitoringService } from './application/monitoring.service.js';
import { PlatformFigures } from './application/ports/platform-figures.port.js';
import { PortrayalRepository } from './application/ports/portrayal-repository.port.js';
import { PortrayalService } from './application/portrayal.service.js';
import { PortrayalController } from './http/portrayal.controller.js';
import { PlatformFiguresPgReader } from './infrastructure/platform-figures.pg-reader.js';
import { PortrayalPgRepository } from './infrastructure/portrayal.pg-repository.js';

/** The portrait side (operation monitoring, the data screen, portraits with their grants, card data, dashboards). */
export const PORTRAYAL_SIDE_CONTROLLERS: Type[] = [PortrayalController];
export const PORTRAYAL_SIDE_PROVIDERS: Provider[] = [
  MonitoringService,
  PortrayalService,
  { provide: PlatformFigures, useClass: PlatformFiguresPgReader },
  { provide: PortrayalRepository, useClass: PortrayalPgRepository },
];
