import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryProvider } from '@swapstuff/sdk/query';
import { theme } from '@swapstuff/sdk/ui';

/**
 * antd's theme and App context (message, modal, notification hooks) and the page's QueryClient for what
 * renders inside it: the content area and the overlays, which so share one cache (an upload in the sheet
 * refreshes the page under it). Loaded lazily, so the frame (header, tabs, footer) never waits for antd
 * or TanStack Query; both stay shared singletons, which the remotes find already loaded.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp>
        <QueryProvider>{children}</QueryProvider>
      </AntApp>
    </ConfigProvider>
  );
}
