import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'publicRoute';
export const REQUIRED_MENUS = 'requiredMenus';
export const ADMIN_ONLY = 'adminOnly';

/** No login needed (login itself, the system setting, health, CAS callbacks). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The person must see one of these menus (ly_herm_* keys); otherwise the spec's no-permission answer. */
export const RequireMenu = (...keys: string[]) => SetMetadata(REQUIRED_MENUS, keys);

/** Only administrators (role code admin). */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);
