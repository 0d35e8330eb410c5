import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.css';
import { App } from './app/app';

// Renders at once: the public pages need no runtime config, and the account screens load it themselves
// (app/signed-in-shell.tsx), so the landing page's first paint waits for nothing but its own chunk.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
