import { App as AntApp, ConfigProvider } from 'antd';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { authRoutes, LoginModal } from './features/auth';
import { StaticPage } from './features/pages';
import { MainLayout } from './layout/MainLayout';
import { RemoteRoutes } from './federation/RemoteRoutes';
import { SessionKeeper } from './session/SessionKeeper';
import { theme } from '@swapstuff/sdk';

function SiteRoutes() {
  return useRoutes([
    ...authRoutes,
    {
      element: <MainLayout />,
      children: [
        { path: '/page/:slug', element: <StaticPage /> },
        { path: '*', element: <RemoteRoutes /> },
      ],
    },
  ]);
}

/** The one router, the one theme, the one login popup; every remote renders inside them. */
export function ShellApp() {
  return (
    <ConfigProvider theme={theme}>
      <AntApp>
        <BrowserRouter>
          <SessionKeeper />
          <LoginModal />
          <SiteRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
