import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { App as AntApp, ConfigProvider, Layout, message } from 'antd';
import { BrowserRouter } from 'react-router-dom';
import { bus } from '@swapstuff/sdk';
import { QueryProvider } from '@swapstuff/sdk/query';
import { theme } from './theme';

/**
 * A remote's standalone dev page: its App inside the same router, theme, QueryClient and toast bridge the
 * shell gives it, so a remote can be built and tried alone (npm run dev -w mfe-…).
 */
export function renderStandalone(App: ComponentType, name: string) {
  bus.on('toast', ({ type, content }) => void message[type](content));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider theme={theme}>
        <AntApp>
          <BrowserRouter>
            <Layout style={{ minHeight: '100vh' }}>
              <Layout.Header style={{ display: 'flex', alignItems: 'center', borderBottom: '1px solid #e4ece9' }}>
                <strong>Swapstuff · {name} (standalone)</strong>
              </Layout.Header>
              <Layout.Content>
                <QueryProvider>
                  <App />
                </QueryProvider>
              </Layout.Content>
            </Layout>
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  );
}
