import type { ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { PAGE_DATA } from '@swapstuff/contracts';
import { QueryProvider, queryClient } from '@swapstuff/sdk/query';
import { theme } from '@swapstuff/sdk/ui';
import { readPageData, useFirstViewServer } from './firstView';

/**
 * How long the answers a first view was rendered with count as fresh. The server loaded them a moment
 * ago: asking again as the page is taken over would only load the same again (and render it again, on a
 * phone's busy main thread). What the user changes still refreshes them at once (invalidation).
 */
const FIRST_VIEW_FRESH_MS = 30_000;

// The answers a page rendered on the server was rendered with: in the page's cache before anything
// renders here, so the browser's first render shows what the server's did (firstView.ts).
const answersInPage = readPageData<DehydratedState>(PAGE_DATA.firstView);
if (answersInPage) {
  hydrate(queryClient, answersInPage);
  for (const { queryKey } of answersInPage.queries)
    queryClient.setQueryDefaults(queryKey, { staleTime: FIRST_VIEW_FRESH_MS });
}

/**
 * The text of the content area in the theme's colour, size, line height and font, as antd's App component
 * would set it. App itself is not used: it brings antd's modal and notification code to every page, and
 * the site's one use of it, toasts, has message's own hook (Overlays.tsx).
 */
function ThemedText({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

/**
 * antd's theme for what renders inside it (the content area and the overlays) and the page's QueryClient,
 * which both so share one cache (an upload in the sheet refreshes the page under it). Loaded lazily, so
 * the frame (header, tabs, footer) never waits for antd or TanStack Query; both stay shared singletons,
 * which the remotes find already loaded.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  const server = useFirstViewServer();
  return (
    <ConfigProvider theme={theme}>
      <ThemedText>
        <QueryProvider client={server?.queryClient}>{children}</QueryProvider>
      </ThemedText>
    </ConfigProvider>
  );
}
