import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useSession } from '@swapstuff/sdk';
import './global.css';
// first: toasts and login requests sent before antd has loaded are kept for it
import './earlyEvents';
import { ShellApp } from './App';
import { ensureRemotesRegistered, preloadRemoteApp } from './federation/registry';

// The remote registry (in the page, or read now) while React renders the header; the outlet and the remotes'
// menu entries wait for it, and a failure shows in the outlet (with Retry), never as a blank page. Then the
// page's remote downloads alongside antd rather than after it (a visitor on a page that needs login is sent
// to /login instead: nothing to fetch then).
ensureRemotesRegistered().then(
  (table) => {
    const owner = table.ownerOf(window.location.pathname);
    if (owner && (!owner.needsLogin || useSession.getState().profile)) preloadRemoteApp(owner.remote);
  },
  (error: unknown) => console.error('[federation] /mf/remotes.json', error),
);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <ShellApp />
  </StrictMode>
);
// A first view the gateway rendered (firstView.ts) is taken over where it stands: React hydrates the frame
// and each part of the content as its code arrives. As a transition, so in slices between which the page
// answers the user (hydrating in one go is one long task: Lighthouse's blocking time). Where the browser's
// render differs (a visitor's remembered layout), React renders that part anew.
if (root.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('[first view] rendered again in the browser:', error),
    });
  });
} else {
  createRoot(root).render(app);
}
