/**
 * The web build's two HTML pages (docs/decisions/092): `/` is answered with the prerendered landing page,
 * every other path falls back to the empty shell, which the SPA renders into.
 */
export const PRERENDERED_ROOT_PAGE = 'landing.html';
export const SPA_SHELL_PAGE = 'index.html';
