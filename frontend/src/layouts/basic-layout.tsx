import { MenuOutlined } from '@ant-design/icons';
import { titleSegments } from '../utils/title-segments';
import { Button, Layout } from 'antd';
import { Suspense, lazy, useCallback, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { BrandLogo } from '../components/brand-logo';
import { DelayedSpin, PageBoundary } from '../components/page-loader';
import { useMenuRoutes } from '../hooks/use-menu-routes';
import { useNarrowWindow } from '../hooks/use-narrow-window';
import { useSystemSetting } from '../hooks/use-system-setting';
import { DATA_SCREEN_PATH, groupForPath } from '../menus/menus';
import { DATA_SCREEN_HEADER_COLOR } from '../utils/constants';
import styles from './basic-layout.module.css';
import { SideMenu } from './components/side-menu';
import { TabStrip } from './components/tab-strip';
import { MessageBell } from './components/message-bell';
import { PhoneMenu } from './components/phone-menu';
import { ThemeSwitch } from './components/theme-switch';
import { TopMenu } from './components/top-menu';
import { UserMenu, type UserAction } from './components/user-menu';
import { useOpenedTabs, useTheme } from './hooks';

// The user menu's two dialogs (the avatar upload, the forms) load when one is first opened: most visits never do.
const PersonalCenterModal = lazy(() => import('./components/personal-center-modal').then((m) => ({ default: m.PersonalCenterModal })));
const PushPreferencesModal = lazy(() => import('./components/push-preferences-modal').then((m) => ({ default: m.PushPreferencesModal })));
const ChangePasswordModal = lazy(() => import('./components/change-password-modal').then((m) => ({ default: m.ChangePasswordModal })));

/**
 * The protected shell (spec 000 §2): header, top menu, the group's sidebar, tab strip and the page. On a phone-narrow
 * window the top menu and the sidebar move into one drawer opened from the header (PhoneMenu), so the page has the
 * whole width and the user menu stays in reach.
 */
export function BasicLayout() {
  const { user, signOut, updateUser } = useAuth();
  const { systemName, logoUrl } = useSystemSetting();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { theme, color, setTheme } = useTheme();
  const { pages } = useMenuRoutes();
  const { tabs, close } = useOpenedTabs(pages, pathname);
  const narrow = useNarrowWindow();
  const [collapsed, setCollapsed] = useState(false);
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<'profile' | 'push' | 'password' | null>(null);
  // once opened the dialogs stay mounted, so they close with their animation
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const closeDialog = useCallback(() => setDialog(null), []);

  // a page's own child route (a centre's portrait) keeps its menu page's tab current
  const activeTab = tabs.some((t) => t.path === pathname) ? pathname : (tabs.find((t) => pathname.startsWith(`${t.path}/`))?.path ?? pathname);
  const group = groupForPath(user?.menus, pathname);
  const onDataScreen = pathname === DATA_SCREEN_PATH || pathname.startsWith(`${DATA_SCREEN_PATH}/`);
  // the data screens fill the window: no sidebar, no tab strip
  const hasSider = !narrow && !onDataScreen && !!group?.children?.length;
  const headerColor = onDataScreen ? DATA_SCREEN_HEADER_COLOR : color;

  const onUserAction = (action: UserAction) => {
    if (action === 'logout') void signOut();
    else if (action === 'todo') navigate('/todo');
    else {
      setDialogsLoaded(true);
      setDialog(action);
    }
  };

  return (
    <Layout className={styles.shell}>
      <Layout.Header className={narrow ? `${styles.header} ${styles.narrowHeader}` : styles.header} style={{ background: headerColor }}>
        {narrow && (
          <Button type="text" aria-label="展开菜单" icon={<MenuOutlined />} onClick={() => setPhoneMenuOpen(true)} className={styles.phoneMenuButton} />
        )}
        <Link to="/index" className={styles.brand}>
          <BrandLogo src={logoUrl} size={34} tone="inverse" />
          {/* the school's name over the platform's, each whole: one line cut the name with … even at 1920 px (issue 35) */}
          <span className={styles.brandName} title={systemName} data-testid="brand-name">
            {titleSegments(systemName).map((line, i) => (
              <span key={i} className={i === 0 ? styles.brandLine : styles.brandSubline}>
                {line}
              </span>
            ))}
          </span>
        </Link>
        {!narrow && <TopMenu menus={user?.menus} background={headerColor} />}
        {!narrow && <ThemeSwitch theme={theme} onChange={setTheme} />}
        <MessageBell />
        <UserMenu user={user} onAction={onUserAction} />
      </Layout.Header>
      {narrow && <PhoneMenu key={pathname} menus={user?.menus} open={phoneMenuOpen} onClose={() => setPhoneMenuOpen(false)} theme={theme} onTheme={setTheme} />}
      <Layout hasSider={hasSider}>
        {hasSider && <SideMenu key={group.key} group={group} collapsed={collapsed} dark={theme === 'dark'} />}
        <Layout className={styles.main}>
          {!onDataScreen && (
            <TabStrip
              tabs={tabs}
              activePath={activeTab}
              onClose={close}
              collapsed={collapsed}
              onToggle={hasSider ? () => setCollapsed((c) => !c) : undefined}
            />
          )}
          <Layout.Content className={onDataScreen ? styles.screenContent : styles.content}>
            {/* keyed by path: a page that failed shows 出错了！ until the person goes elsewhere */}
            <PageBoundary key={pathname}>
              <Suspense fallback={<DelayedSpin />}>
                <Outlet />
              </Suspense>
            </PageBoundary>
          </Layout.Content>
        </Layout>
      </Layout>
      {dialogsLoaded && (
        <PageBoundary>
          <Suspense fallback={null}>
            {user && <PersonalCenterModal open={dialog === 'profile'} user={user} onClose={closeDialog} onSaved={updateUser} />}
            <ChangePasswordModal open={dialog === 'password'} onClose={closeDialog} />
            <PushPreferencesModal open={dialog === 'push'} onClose={closeDialog} />
          </Suspense>
        </PageBoundary>
      )}
    </Layout>
  );
}
