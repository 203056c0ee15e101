import { DownOutlined } from '@ant-design/icons';
import { ConfigProvider, Menu } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuMap } from '../../api/types';
import { firstSegment, visibleTopMenu } from '../../menus/menus';
import styles from '../basic-layout.module.css';

/**
 * The top menu of spec 000 §2: an entry per group the person has; what does not fit collapses
 * under 更多. The selected entry is the first path segment.
 */
export function TopMenu({ menus, background }: { menus: MenuMap | undefined; background: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => visibleTopMenu(menus).map((entry) => ({ key: entry.path, label: entry.name })), [menus]);

  // dark menu tokens on the header's own colour; the 更多 popup takes the same colour
  const theme = useMemo(
    () => ({
      components: {
        Menu: {
          darkItemBg: 'transparent',
          darkPopupBg: background,
          darkItemColor: 'rgba(255,255,255,0.85)',
          darkItemHoverColor: '#fff',
          darkItemHoverBg: 'rgba(255,255,255,0.12)',
          darkItemSelectedBg: 'rgba(255,255,255,0.2)',
          darkItemSelectedColor: '#fff',
          horizontalLineHeight: '64px',
          itemPaddingInline: 18,
        },
      },
    }),
    [background],
  );

  return (
    <ConfigProvider theme={theme}>
      {/* clipped: right after login the menu shows every entry before it measures what goes under 更多 */}
      <div className={styles.topMenu} data-testid="top-menu">
        <Menu
          aria-label="主菜单"
          mode="horizontal"
          theme="dark"
          items={items}
          selectedKeys={[firstSegment(pathname)]}
          onClick={({ key }) => navigate(key)}
          overflowedIndicator={
            <span data-testid="top-menu-more">
              更多 <DownOutlined style={{ fontSize: 10 }} />
            </span>
          }
          style={{ minWidth: 0, background: 'transparent', borderBottom: 'none', fontSize: 15 }}
        />
      </div>
    </ConfigProvider>
  );
}
