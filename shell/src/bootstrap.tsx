import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useSession } from '@swapstuff/sdk';
import './global.css';
// first: toasts and login requests sent before antd has loaded are kept for it
import './earlyEvents';
import { ShellApp } from './App';
import { ensureRemotesRegistered, preloadRemoteApp } from './federation/registry';
import { needsLogin, remoteFor } from './federation/remoteRoutes';

// Read the remote registry while React renders the header; an outlet waits for it, and a failure
// shows in the outlet (with Retry), never as a blank page.
ensureRemotesRegistered().catch((error: unknown) => console.error('[federation] /mf/remotes.json', error));

// The page's remote downloads alongside antd rather than after it (a visitor on a page that needs
// login is sent to /login instead: nothing to fetch then).
const { pathname } = window.location;
const owner = remoteFor(pathname);
if (owner && (!needsLogin(pathname) || useSession.getState().profile)) preloadRemoteApp(owner);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShellApp />
  </StrictMode>,
);
