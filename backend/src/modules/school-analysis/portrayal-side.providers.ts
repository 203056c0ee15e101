import type { Provider, Type } from '@nestjs/common';

/** The portrait side (operation monitoring, the data screen, portraits with their grants, card data, dashboards). */
export const PORTRAYAL_SIDE_CONTROLLERS: Type[] = [];
export const PORTRAYAL_SIDE_PROVIDERS: Provider[] = [];
