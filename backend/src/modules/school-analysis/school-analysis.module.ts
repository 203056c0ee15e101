import { Module } from '@nestjs/common';
import { PORTRAYAL_SIDE_CONTROLLERS, PORTRAYAL_SIDE_PROVIDERS } from './portrayal-side.providers.js';
import { SCHOOL_SIDE_CONTROLLERS, SCHOOL_SIDE_PROVIDERS } from './school-side.providers.js';

/**
 * School analysis (智能分析, issue 16; 000 §2–§7, §9): schools and their national indicator values, rival analysis,
 * indicator data, operation monitoring, portraits by permission, the data screen and the personal dashboards.
 */
@Module({
  controllers: [...SCHOOL_SIDE_CONTROLLERS, ...PORTRAYAL_SIDE_CONTROLLERS],
  providers: [...SCHOOL_SIDE_PROVIDERS, ...PORTRAYAL_SIDE_PROVIDERS],
  exports: [...SCHOOL_SIDE_PROVIDERS, ...PORTRAYAL_SIDE_PROVIDERS],
})
export class SchoolAnalysisModule {}
