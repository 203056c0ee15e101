import {
  AimOutlined, AlertOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined,
  BarChartOutlined, CarryOutOutlined, ClusterOutlined, DashboardOutlined, DatabaseOutlined, FileTextOutlined,
  FolderOpenOutlined, FormOutlined, FundProjectionScreenOutlined, IdcardOutlined, LinkOutlined,
  NotificationOutlined, PieChartOutlined, ScheduleOutlined, SendOutlined, SettingOutlined, SolutionOutlined,
  StarOutlined, SwapOutlined, TableOutlined, UserOutlined,
} from '@ant-design/icons';
import { ConfigProvider, Layout, Menu, type MenuProps } from 'antd';
import { menuIconName, type MenuIconName } from './menu-icons';
import { useMemo, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuNode } from '../../api/types';
import { menuTrail } from '../../menus/menus';
import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH, THEME_COLORS } from '../../utils/constants';

type Item = Required<MenuProps>['items'][number];


/** The icon component of a first-level entry (menu-icons.ts says which). */
const menuIcon = (key: string) => {
  const Icon = ICON_COMPONENTS[menuIconName(key)];
  return <Icon />;
};

// the icons menu-icons.ts names (only these are bundled)
const ICON_COMPONENTS: Record<MenuIconName, ComponentType> = {
  AimOutlined, AlertOutlined, ApartmentOutlined, AppstoreOutlined, AuditOutlined, BankOutlined,
  BarChartOutlined, CarryOutOutlined, ClusterOutlined, DashboardOutlined, DatabaseOutlined, FileTextOutlined,
  FolderOpenOutlined, FormOutlined, FundProjectionScreenOutlined, IdcardOutlined, LinkOutlined,
  NotificationOutlined, PieChartOutlined, ScheduleOutlined, SendOutlined, SettingOutlined, SolutionOutlined,
  StarOutlined, SwapOutlined, TableOutlined, UserOutlined,
};

export function toItems(nodes: MenuNode[], level = 1): Item[] {
  return nodes.map((node) => ({
    key: node.path,
    label: node.name,
    icon: level === 1 ? menuIcon(node.key) : undefined,
    ...(node.children?.length ? { children: toItems(node.children, level + 1) } : {}),
  }));
}

// the dark sidebar takes the dark theme colour instead of antd's navy
export const darkTheme = {
  components: {
    Layout: { siderBg: THEME_COLORS.dark },
    Menu: { darkItemBg: THEME_COLORS.dark, darkSubMenuItemBg: '#1c2031', darkPopupBg: THEME_COLORS.dark },
  },
};

/** The current group's child menus; 255px wide, 80px collapsed (spec 000 §2). */
export function SideMenu({ group, collapsed, dark }: { group: MenuNode; collapsed: boolean; dark: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(group.children), [group]);
  const trail = menuTrail(group, pathname);
  // sub-menus on the way to the current page start open; the person may open or close others
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));
  const [openedFor, setOpenedFor] = useState(pathname);
  if (openedFor !== pathname) {
    // reached by a tab or a link: open the way to the page, leave the rest as the person set it
    setOpenedFor(pathname);
    setOpenKeys((keys) => [...new Set([...keys, ...trail.slice(0, -1)])]);
  }

  return (
    <ConfigProvider theme={dark ? darkTheme : undefined}>
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        trigger={null}
        theme={dark ? 'dark' : 'light'}
        style={{ borderRight: dark ? undefined : '1px solid #f0f0f0' }}
      >
        <Menu
          aria-label="子菜单"
          mode="inline"
          theme={dark ? 'dark' : 'light'}
          items={items}
          selectedKeys={trail.slice(-1)}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => navigate(key)}
          style={{ borderInlineEnd: 'none', paddingTop: 8 }}
        />
      </Layout.Sider>
    </ConfigProvider>
  );
}
