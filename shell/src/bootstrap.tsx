import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useSession } from '@swapstuff/sdk';
import './global.css';
// first: toasts and login requests sent before antd has loaded are kept for it
import './earlyEvents';
import { ShellApp } from './App';
import { ensureRemotesRegistered, preloadRemoteApp } from './federation/registry';

// Read the remote registry while React renders the header; the outlet and the remotes' menu entries wait
// for it, and a failure shows in the outlet (with Retry), never as a blank page. Then the page's remote
// downloads alongside antd rather than after it (a visitor on a page that needs login is sent to /login
// instead: nothing to fetch then).
ensureRemotesRegistered().then(
  (table) => {
    const owner = table.ownerOf(window.location.pathname);
    if (owner && (!owner.needsLogin || useSession.getState().profile)) preloadRemoteApp(owner.remote);
  },
  (error: unknown) => console.error('[federation] /mf/remotes.json', error),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShellApp />
  </StrictMode>,
);
