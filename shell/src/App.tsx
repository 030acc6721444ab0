import { Suspense, lazy, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { BrowserRouter, matchPath, useLocation, useRoutes } from 'react-router-dom';
import { shellPages } from '@swapstuff/contracts';
import { useHydrated } from '@swapstuff/sdk';
import { MainLayout } from './layout/MainLayout';
import { ContentLoading } from './layout/ContentLoading';
import { RemoteRoutes } from './federation/RemoteRoutes';
import { SessionKeeper } from './session/SessionKeeper';
import { LiveUpdates } from './session/LiveUpdates';
import { overlaysAsked } from './earlyEvents';

/*
 * The shell's first paint is its frame (header, tabs, footer, menus) in plain React and CSS. antd and
 * everything built on it load lazily, in parallel, into the content area and the overlays, so the
 * frame never waits for them (bench: shell initial JS ≤ 150 KB gz).
 */
const AntdRoot = lazy(() => import('./AntdRoot'));
const Overlays = lazy(() => import('./Overlays'));
const AuthPages = lazy(() => import('./AuthPages'));
const StaticPage = lazy(() => import('./features/pages/StaticPage').then((m) => ({ default: m.StaticPage })));

/**
 * The shell's auth screens (features/auth/routes.tsx), which render in their own two-panel layout. The
 * list is in contracts: the gateway answers 404 for a path that is neither the shell's nor a remote's.
 */
const AUTH_PATHS = shellPages.auth;

/** A page inside antd's theme: a loading placeholder until antd and the page's code are there. */
function Content({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<ContentLoading />}>
      <AntdRoot>
        <Suspense fallback={<ContentLoading />}>{children}</Suspense>
      </AntdRoot>
    </Suspense>
  );
}

function MainPages() {
  return useRoutes([
    { path: '/page/:slug', element: <StaticPage /> },
    { path: '*', element: <RemoteRoutes /> },
  ]);
}

/** The site's title, as the shell's build writes it into index.html (shell/webpack.config.js). */
const SITE_TITLE = 'Swapstuff';

/**
 * The gateway titles the page a visitor lands on (a listing's, a search's: bff/src/gateway/share-meta.ts);
 * moving to another page puts the site's title back before that page sets its own (a layout effect runs
 * before the pages' effects).
 */
function useLandingTitleUntilNavigation(pathname: string) {
  const landedOn = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname !== landedOn.current) document.title = SITE_TITLE;
  }, [pathname]);
}

function SiteRoutes() {
  const { pathname } = useLocation();
  useLandingTitleUntilNavigation(pathname);
  if (AUTH_PATHS.some((path) => matchPath(path, pathname))) {
    return (
      <Content>
        <AuthPages />
      </Content>
    );
  }
  return (
    <MainLayout>
      <Content>
        <MainPages />
      </Content>
    </MainLayout>
  );
}

/**
 * The overlays (toasts, the login popup, the remotes' sheet and modal): their code (antd's message, the
 * theme, the remotes' loaders) loads when the first of them is asked for, never with the page; what is asked
 * before they arrive is kept for them (earlyEvents.ts). They portal into <body>, which only a browser has, so
 * never during a server render or hydration. Their own component, so that mounting them re-renders nothing
 * else: a part of the page still waiting for its code to hydrate would be rendered anew, without its server
 * HTML, if its parent rendered again meanwhile.
 */
function BrowserOverlays() {
  const hydrated = useHydrated();
  const asked = useSyncExternalStore(overlaysAsked.subscribe, overlaysAsked.get, () => false);
  if (!hydrated || !asked) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}

/** The site inside its router: the one theme, the one login popup; every remote renders inside them. */
export function ShellContent() {
  return (
    <>
      <SessionKeeper />
      <LiveUpdates />
      <SiteRoutes />
      <BrowserOverlays />
    </>
  );
}

/** The shell in the browser; the server renders ShellContent in a router of its own (server/). */
export function ShellApp() {
  return (
    <BrowserRouter>
      <ShellContent />
    </BrowserRouter>
  );
}
