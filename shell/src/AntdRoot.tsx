import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { theme } from '@swapstuff/sdk/ui';

/**
 * antd's theme and App context (message, modal, notification hooks) for what renders inside it: the
 * content area and the overlays. Loaded lazily, so the frame (header, tabs, footer) never waits for
 * antd; antd stays one shared singleton, which the remotes find already loaded.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
