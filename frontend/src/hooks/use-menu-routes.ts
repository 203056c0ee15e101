import { useMemo } from 'react';
import { useAuth } from '../auth/auth-context';
import { buildMenuRoutes, type MenuRoutes } from '../menus/menu-routes';

/** The pages and group redirects of the login user's menus (spec 000 §2), built once per menu map. */
export function useMenuRoutes(): MenuRoutes {
  const { user } = useAuth();
  const menus = user?.menus;
  return useMemo(() => buildMenuRoutes(menus), [menus]);
}
