import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/styles.css';
import { App } from './app/app';
import { paintRememberedScreen } from './app/remembered-screen';
import { preloadAccountScreen } from './app/router';

/** How long the first render of an account screen waits for its chunks before rendering lazily anyway. */
const ACCOUNT_CHUNKS_WAIT_MS = 10_000;

// The public pages render at once: they need no runtime config, and the account screens load it themselves
// (app/signed-in-shell.tsx), so the landing page's first paint waits for nothing but its own chunk.
// `/` arrives prerendered (landing.html, docs/decisions/092): its markup is hydrated, not drawn again. Every
// other page arrives with a static "Loading..." (index.html), which the first render replaces; /dashboard,
// opened again by the owner who last saw it, shows its remembered heading instead (docs/decisions/188).
const container = document.getElementById('root')!;
const painted = paintRememberedScreen(container, window.location.pathname);
const accountScreen = preloadAccountScreen(window.location.pathname, painted);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.hasAttribute('data-prerendered')) hydrateRoot(container, app);
else {
  const root = createRoot(container);
  // An account screen renders once its chunks are here, so no lazy level suspends (app/preloadable-lazy.tsx);
  // until then the static "Loading..." shows, as a fallback would. A chunk still missing after the wait is
  // left to the lazy route (its fallback, then the 120 s chunk timeout's error page).
  const chunksHere = accountScreen
    ? Promise.race([accountScreen, new Promise((resolve) => setTimeout(resolve, ACCOUNT_CHUNKS_WAIT_MS))])
    : Promise.resolve();
  void chunksHere.then(() => startTransition(() => root.render(app)));
}
