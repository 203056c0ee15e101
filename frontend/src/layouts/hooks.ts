import { App } from 'antd';
import { CHINESE_RENDERINGS } from '@zhengai/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LoginUser } from '../api/types';
// kept as files (not inlined): one cached request each, and a recognisable URL
import femaleAvatar from '../assets/avatar-female.svg?no-inline';
import maleAvatar from '../assets/avatar-male.svg?no-inline';
import type { MenuPage } from '../menus/menu-routes';
import { SEX, THEME_COLORS, type ThemeName } from '../utils/constants';

const THEME_KEY = 'themeColor';

function storedTheme(): ThemeName {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'dark' || value === 'blue' ? value : 'blue';
  } catch {
    return 'blue';
  }
}

function applyTheme(theme: ThemeName): void {
  // read by CSS and by anything that needs to know light from dark
  document.documentElement.dataset.theme = theme === 'dark' ? 'dark' : 'light';
}

/** The theme swatch, remembered in localStorage; a failure to store it says 更新主题失败 ('Failed to update theme'). */
export function useTheme(): { theme: ThemeName; color: string; setTheme(theme: ThemeName): void } {
  const { message } = App.useApp();
  const [theme, setThemeState] = useState<ThemeName>(storedTheme);

  useEffect(() => applyTheme(theme), [theme]);

  const setTheme = useCallback(
    (next: ThemeName) => {
      try {
        localStorage.setItem(THEME_KEY, next);
        setThemeState(next);
      } catch {
        void message.error(CHINESE_RENDERINGS.themeFailed);
      }
    },
    [message],
  );

  return { theme, color: THEME_COLORS[theme], setTheme };
}

/** The default picture for a sex: female for 2, male otherwise (1 is the default). */
export function defaultAvatar(sex: LoginUser['sex']): string {
  return String(sex) === SEX.female ? femaleAvatar : maleAvatar;
}

/** The avatar to show: the person's picture, else the default for their sex. */
export function avatarSrc(user: Pick<LoginUser, 'displayPhoto' | 'sex'> | null | undefined): string {
  // the avatar URL needs no csrf parameters: an <img> cannot send them
  return user?.displayPhoto || defaultAvatar(user?.sex);
}

export interface OpenedTab {
  path: string;
  title: string;
}

const TABS_KEY = 'openedTabs';
const HOME_TAB = '/index';

function storedTabs(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(TABS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The tab strip: every menu page opened in this session, home first and never closable. Kept in
 * sessionStorage so a reload keeps the strip and logging out clears it.
 */
export function useOpenedTabs(pages: MenuPage[], pathname: string): { tabs: OpenedTab[]; close(path: string): string | null } {
  const titles = useMemo(() => new Map(pages.map((p) => [p.path, p.name])), [pages]);
  const [paths, setPaths] = useState<string[]>(storedTabs);

  // a path opens a tab when the person arrives on a menu page; other paths (404, redirects) leave
  // the strip alone. Only on arrival: closing the current tab must not reopen it while the
  // navigation away is still pending.
  const [arrivedAt, setArrivedAt] = useState<string | null>(null);
  if (pathname !== arrivedAt) {
    setArrivedAt(pathname);
    if (titles.has(pathname) && !paths.includes(pathname)) setPaths([...paths, pathname]);
  }

  useEffect(() => {
    sessionStorage.setItem(TABS_KEY, JSON.stringify(paths));
  }, [paths]);

  const tabs = useMemo(() => {
    const known = paths.filter((p) => titles.has(p) && p !== HOME_TAB);
    const home = titles.has(HOME_TAB) ? [HOME_TAB] : [];
    return [...home, ...known].map((path) => ({ path, title: titles.get(path) ?? path }));
  }, [paths, titles]);

  /** Closes a tab; returns where to go when it was the current one. */
  const close = useCallback(
    (path: string): string | null => {
      const index = tabs.findIndex((t) => t.path === path);
      setPaths((current) => current.filter((p) => p !== path));
      if (path !== pathname) return null;
      const neighbour = tabs[index + 1] ?? tabs[index - 1];
      return neighbour?.path ?? HOME_TAB;
    },
    [tabs, pathname],
  );

  return { tabs, close };
}
