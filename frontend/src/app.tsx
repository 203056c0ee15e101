import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AuthProvider } from './auth/auth-context';
import { RequireAuth, RootRedirect } from './auth/require-auth';
import { NotifierBridge } from './components/notifier-bridge';
import { lazyPage } from './components/page-loader';
import { useMenuRoutes } from './hooks/use-menu-routes';
import { centreLevelOfPath } from './menus/menu-redirect';
import type { MenuPage } from './menus/menu-routes';
import type { LevelPageProps } from './pages/level-page';
// The login page is part of the first download, not a lazy page: its antd parts then load in the same wave as React and
// antd's core instead of after them, and the form is usable about a quarter second sooner (test/bench/frontend.mjs).
import LoginPage from './pages/login';
import { BRAND_COLOR } from './utils/constants';
import { REDUCED_MOTION } from './utils/reduced-motion';

// the shell too: the login page does not download its menus, tabs and dialogs
const BasicLayout = lazyPage<Record<string, never>>(() => import('./layouts/basic-layout').then((m) => ({ default: m.BasicLayout })));
const HomePage = lazyPage(() => import('./pages/home'));
const PlaceholderPage = lazyPage(() => import('./pages/placeholder'));
const NotFoundPage = lazyPage(() => import('./pages/not-found'));
const MessagesPage = lazyPage(() => import('./pages/messages'));
const TableConfigurationPage = lazyPage(() => import('./pages/table-configuration'));
const DepartmentManagePage = lazyPage(() => import('./pages/data-manage/department'));
const UserManagePage = lazyPage(() => import('./pages/data-manage/user'));
const DiagnosisObjectPage = lazyPage(() => import('./pages/data-manage/diagnosis-object'));
const FileManagePage = lazyPage(() => import('./pages/link/files'));
const ImprovementPage = lazyPage<LevelPageProps>(() => import('./pages/quality-management/improvement'));
const StandardPage = lazyPage<LevelPageProps>(() => import('./pages/quality-management/standard'));
const WarningManagePage = lazyPage<LevelPageProps>(() => import('./pages/quality-management/warning'));
const DiagnosisLaunchPage = lazyPage(() => import('./pages/quality-management/launch'));
const IframePage = lazyPage(() => import('./pages/link/iframe'));
const MenuAddressPage = lazyPage(() => import('./pages/data-manage/menu-address'));
const MessagePushPage = lazyPage(() => import('./pages/data-manage/message-push'));
const YearTargetsPage = lazyPage(() => import('./pages/annual-wbs/year-targets'));
const TaskSummaryPage = lazyPage(() => import('./pages/annual-wbs/task-summary'));
const QualityReportPage = lazyPage<LevelPageProps>(() => import('./pages/quality-report'));
const CollectionFillPage = lazyPage(() => import('./pages/data-collection/fill'));
const CollectionAuditPage = lazyPage(() => import('./pages/data-collection/audit'));
const CollectionTaskPage = lazyPage(() => import('./pages/data-collection/task'));
const CollectionFormPage = lazyPage(() => import('./pages/data-collection/form'));
const CollectionConstantPage = lazyPage(() => import('./pages/data-collection/constant'));
const RivalAnalysisPage = lazyPage(() => import('./pages/analysis/rival'));
const IndicatorDataPage = lazyPage(() => import('./pages/analysis/indicator-data'));
const SchoolDataPage = lazyPage(() => import('./pages/analysis/schools'));
const OperationMonitoringPage = lazyPage(() => import('./pages/analysis/monitoring'));
const PortrayalPage = lazyPage(() => import('./pages/analysis/portrayal'));
const PortrayalManagePage = lazyPage(() => import('./pages/analysis/portrayal-manage'));
const SubscriptionPage = lazyPage(() => import('./pages/analysis/subscription'));
const DataScreenPage = lazyPage(() => import('./pages/data-screen'));
const DynamicScreenPage = lazyPage(() => import('./pages/data-screen/dynamic'));
const DashboardsPage = lazyPage(() => import('./pages/dashboards'));
const DevelopCentrePage = lazyPage<{ path: string; title: string }>(() => import('./pages/develop-centre'));
const TodosPage = lazyPage(() => import('./pages/todos'));
const TaskListsPage = lazyPage<{ kind: 'year' | 'department' | 'my' | 'warning' }>(() => import('./pages/annual-wbs/task-lists'));

const levelPage = (page: MenuPage): LevelPageProps => ({ level: centreLevelOfPath(page.path), title: page.name });

/** The pages a menu entry's `component` may name; an area not built yet shows the placeholder. */
const MENU_PAGES: Record<string, (page: MenuPage) => ReactElement> = {
  Home: () => <HomePage />,
  DepartmentManage: () => <DepartmentManagePage />,
  UserManage: () => <UserManagePage />,
  DiagnosisObjectManage: () => <DiagnosisObjectPage />,
  FileManage: () => <FileManagePage />,
  // one page for the school (内部质量管理, every level) and each centre (its level): the menu's path names the level
  Improvement: (page) => <ImprovementPage key={page.path} {...levelPage(page)} />,
  Standard: (page) => <StandardPage key={page.path} {...levelPage(page)} />,
  WarningManage: (page) => <WarningManagePage key={page.path} {...levelPage(page)} />,
  DiagnosisLaunch: () => <DiagnosisLaunchPage />,
  MenuAddress: () => <MenuAddressPage />,
  MessagePushSettings: () => <MessagePushPage />,
  YearTarget: () => <YearTargetsPage />,
  TaskSummary: () => <TaskSummaryPage />,
  QualityReport: (page) => <QualityReportPage key={page.path} {...levelPage(page)} />,
  YearTask: () => <TaskListsPage key="year" kind="year" />,
  DepartmentTask: () => <TaskListsPage key="department" kind="department" />,
  MyTask: () => <TaskListsPage key="my" kind="my" />,
  WarningTask: () => <TaskListsPage key="warning" kind="warning" />,
  CollectionFill: () => <CollectionFillPage />,
  CollectionAudit: () => <CollectionAuditPage />,
  CollectionTask: () => <CollectionTaskPage />,
  CollectionForm: () => <CollectionFormPage />,
  CollectionConstant: () => <CollectionConstantPage />,
  RivalAnalysis: () => <RivalAnalysisPage />,
  IndicatorData: () => <IndicatorDataPage />,
  SchoolData: () => <SchoolDataPage />,
  OperationMonitoring: () => <OperationMonitoringPage />,
  Portrayal: () => <PortrayalPage />,
  PortrayalManage: () => <PortrayalManagePage />,
  Subscription: () => <SubscriptionPage />,
  DataScreen: () => <DataScreenPage />,
  DynamicScreen: () => <DynamicScreenPage />,
  Dashboards: () => <DashboardsPage />,
  DevelopCentre: (page) => <DevelopCentrePage key={page.path} path={page.path} title={page.name} />,
  Iframe: (page) => (page.externalUrl ? <IframePage title={page.name} url={page.externalUrl} /> : <PlaceholderPage title={page.name} />),
  Placeholder: (page) => <PlaceholderPage title={page.name} />,
};

/** Routes below a menu page that its own component draws (e.g. a centre's `<path>/portrait/:objectId`). */
const MENU_CHILD_ROUTES: Record<string, string[]> = {
  DevelopCentre: ['portrait/:objectId'],
};

function menuPage(page: MenuPage): ReactElement {
  return (MENU_PAGES[page.component] ?? MENU_PAGES.Placeholder)(page);
}

/** Routes of spec 000 §2; inside the shell they come from the login user's menus. */
export function AppRoutes() {
  const { pages, redirects } = useMenuRoutes();
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        path="/tableConfiguration/:id"
        element={
          <RequireAuth>
            <TableConfigurationPage />
          </RequireAuth>
        }
      />
      <Route path="/" element={<RootRedirect />} />
      <Route
        element={
          <RequireAuth>
            <BasicLayout />
          </RequireAuth>
        }
      >
        {pages.map((page) => (
          <Route key={page.path} path={page.path} element={menuPage(page)} />
        ))}
        {pages.flatMap((page) =>
          (MENU_CHILD_ROUTES[page.component] ?? []).map((child) => <Route key={`${page.path}/${child}`} path={`${page.path}/${child}`} element={menuPage(page)} />),
        )}
        {/* 我的待办: every signed-in person's, not a menu entry (the user menu and the home counters lead here) */}
        <Route path="/todo" element={<TodosPage />} />
        {redirects.map((r) => (
          <Route key={r.path} path={r.path} element={<Navigate to={r.to} replace />} />
        ))}
        {/* every signed-in person's messages: not a menu entry, the header's bell opens it */}
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App({ startupError }: { startupError?: string }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: BRAND_COLOR, motion: !REDUCED_MOTION } }}>
      <AntApp>
        {/* first, so the request layer has antd before any page effect sends a request */}
        <NotifierBridge startupError={startupError} />
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </AntApp>
    </ConfigProvider>
  );
}
