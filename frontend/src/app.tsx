import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from './auth/auth-context';
import { RequireAuth, RootRedirect } from './auth/require-auth';
import { NotifierBridge } from './components/notifier-bridge';
import { lazyPage } from './components/page-loader';
import { BasicLayout } from './layouts/basic-layout';
import { BRAND_COLOR } from './utils/constants';

const LoginPage = lazyPage(() => import('./pages/login'));
const HomePage = lazyPage(() => import('./pages/home'));
const NotFoundPage = lazyPage(() => import('./pages/not-found'));
const TableConfigurationPage = lazyPage(() => import('./pages/table-configuration'));

/** Routes of spec 000 §2. */
export function AppRoutes() {
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
        <Route path="/index" element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App({ startupError }: { startupError?: string }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: BRAND_COLOR } }}>
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
