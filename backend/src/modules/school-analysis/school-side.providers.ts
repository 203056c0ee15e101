import type { Provider, Type } from '@nestjs/common';

/** The school side (schools, screening settings and history, rival analysis, indicator data, 双高, import). */
export const SCHOOL_SIDE_CONTROLLERS: Type[] = [];
export const SCHOOL_SIDE_PROVIDERS: Provider[] = [];
