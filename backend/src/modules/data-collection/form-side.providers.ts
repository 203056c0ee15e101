import type { Provider, Type } from '@nestjs/common';

/**
 * The design side (directories, forms and versions, constants, the data-centre tables, "create a data source"):
 * its controllers and providers, listed here so the module file stays the same when either side grows.
 */
export const FORM_SIDE_CONTROLLERS: Type[] = [];
export const FORM_SIDE_PROVIDERS: Provider[] = [];
