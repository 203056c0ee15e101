import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { FILL_SIDE_CONTROLLERS, FILL_SIDE_PROVIDERS } from './fill-side.providers.js';
import { FORM_SIDE_CONTROLLERS, FORM_SIDE_PROVIDERS } from './form-side.providers.js';

/**
 * Data collection (数据采集, issue 15; 000 §2, §5, §9; 001 §4, §7): forms designed and published in versions,
 * collection tasks allocated to departments and people, fill tasks committed, audited or rolled back, and the
 * audited rows written to the data centre (schema sjzx) where the SQL collection sources read them.
 */
@Module({
  imports: [MessagesModule],
  controllers: [...FORM_SIDE_CONTROLLERS, ...FILL_SIDE_CONTROLLERS],
  providers: [...FORM_SIDE_PROVIDERS, ...FILL_SIDE_PROVIDERS],
  exports: [...FORM_SIDE_PROVIDERS, ...FILL_SIDE_PROVIDERS],
})
export class DataCollectionModule {}
