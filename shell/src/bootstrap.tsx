import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './global.css';
import { ShellApp } from './App';
import { ensureRemotesRegistered } from './federation/registry';

// Read the remote registry while React renders the header; an outlet waits for it, and a failure
// shows in the outlet (with Retry), never as a blank page.
ensureRemotesRegistered().catch((error: unknown) => console.error('[federation] /mf/remotes.json', error));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShellApp />
  </StrictMode>,
);
