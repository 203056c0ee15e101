import { ConfigProvider, Drawer, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuMap } from '../../api/types';
import { firstSegment, groupForPath, menuTrail, visibleTopMenu } from '../../menus/menus';
import type { ThemeName } from '../../utils/constants';
import styles from '../basic-layout.module.css';
import { darkTheme, toItems } from './side-menu';
import { ThemeSwitch } from './theme-switch';

const groupKey = (path: string) => `group:${path}`;

interface PhoneMenuProps {
  menus: MenuMap | undefined;
  open: boolean;
  onClose(): void;
  theme: ThemeName;
  onTheme(theme: ThemeName): void;
}

/**
 * The shell's menus on a phone (issue 34): the top menu's entries, each group opening to its pages, in a drawer from
 * the left, with the theme swatches at its foot. Picking a page closes it.
 */
export function PhoneMenu({ menus, open, onClose, theme, onTheme }: PhoneMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(
    () =>
      visibleTopMenu(menus).map((entry) => {
        const children = menus?.[entry.key]?.children ?? [];
        // a group's key is not a path: a centre's first page (its overview) has the group's own path
        return children.length ? { key: groupKey(entry.path), label: entry.name, children: toItems(children) } : { key: entry.path, label: entry.name };
      }),
    [menus],
  );
  const trail = menuTrail(groupForPath(menus, pathname), pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([groupKey(firstSegment(pathname)), ...trail.slice(0, -1)]);
  const dark = theme === 'dark';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width={280}
      title="菜单"
      footer={<ThemeSwitch theme={theme} onChange={onTheme} />}
      styles={{ body: { padding: 0, background: dark ? darkTheme.components.Layout.siderBg : undefined } }}
      className={styles.phoneMenu}
    >
      <ConfigProvider theme={dark ? darkTheme : undefined}>
        <Menu
          aria-label="主菜单"
          mode="inline"
          theme={dark ? 'dark' : 'light'}
          items={items}
          selectedKeys={trail.length ? trail.slice(-1) : [pathname]}
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
          onClick={({ key }) => {
            navigate(key);
            onClose();
          }}
          style={{ borderInlineEnd: 'none' }}
        />
      </ConfigProvider>
    </Drawer>
  );
}
