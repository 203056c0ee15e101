import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Layout, type MenuProps } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { BrandLogo } from '../components/brand-logo';
import { DelayedSpin, PageBoundary } from '../components/page-loader';
import { useSystemSetting } from '../hooks/use-system-setting';
import styles from './basic-layout.module.css';

const userMenu: MenuProps['items'] = [{ key: 'logout', icon: <LogoutOutlined />, label: '退出登录' }];

/** The protected shell. A placeholder: the top menu, sidebar and tab strip come with the next issue. */
export function BasicLayout() {
  const { user, signOut } = useAuth();
  const { systemName, logoUrl } = useSystemSetting();
  const { pathname } = useLocation();

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void signOut();
  };

  return (
    <Layout className={styles.shell}>
      <Layout.Header className={styles.header}>
        <Link to="/index" className={styles.brand}>
          <BrandLogo src={logoUrl} size={34} tone="inverse" />
          <span className={styles.brandName}>{systemName}</span>
        </Link>
        <Dropdown menu={{ items: userMenu, onClick: onMenu }} placement="bottomRight">
          <span className={styles.user} data-testid="user-menu">
            <Avatar size="small" src={user?.displayPhoto || undefined} icon={<UserOutlined />} />
            <span>{user?.userName}</span>
            <DownOutlined style={{ fontSize: 10 }} />
          </span>
        </Dropdown>
      </Layout.Header>
      <Layout.Content className={styles.content}>
        {/* keyed by path: a page that failed shows 'Error!' until the person goes elsewhere */}
        <PageBoundary key={pathname}>
          <Suspense fallback={<DelayedSpin />}>
            <Outlet />
          </Suspense>
        </PageBoundary>
      </Layout.Content>
    </Layout>
  );
}
