import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/styles.css';
import { App } from './app/app';
import { preloadAccountScreen } from './app/router';

// Renders at once: the public pages need no runtime config, and the account screens load it themselves
// (app/signed-in-shell.tsx), so the landing page's first paint waits for nothing but its own chunk.
// `/` arrives prerendered (landing.html, docs/decisions/092): its markup is hydrated, not drawn again. Every
// other page arrives with a static "Loading..." (index.html), which the first render replaces.
preloadAccountScreen(window.location.pathname);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.hasAttribute('data-prerendered')) hydrateRoot(container, app);
else {
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
