// Roles the screens ask about. The server decides every permission; these only hide what it would refuse.
import type { LoginUser } from '../api/types';

/** The administrator's role (系统管理员): runs a warning scan now, tries SQL sources. */
export const ADMIN_ROLE_ID = 'r-admin';

export const isAdministrator = (user: Pick<LoginUser, 'roleIdList' | 'roles'> | null | undefined): boolean =>
  !!user && ((user.roleIdList ?? []).includes(ADMIN_ROLE_ID) || (user.roles ?? []).some((r) => r.roleId === ADMIN_ROLE_ID));
