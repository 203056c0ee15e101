import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { menuRedirectPath, type MenuLevel } from '../menus/menu-redirect';

/**
 * The redirect helper of spec 000 §2: `go('/portrait?id=1', 'major')` opens the major development
 * centre; without a level, the last of student, teacher, course, major, school centres the person has.
 * Does nothing when none matches.
 */
export function useMenuRedirect(): (suffix?: string, level?: MenuLevel | null) => void {
  const { user } = useAuth();
  const navigate = useNavigate();
  const menus = user?.menus;
  return useCallback(
    (suffix = '', level = null) => {
      const path = menuRedirectPath(menus, suffix, level);
      if (path) navigate(path);
    },
    [menus, navigate],
  );
}
