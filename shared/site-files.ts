/**
 * The web site's top-level files, without zod so the entry chunk may name them (docs/decisions/092). `/` is
 * answered with the prerendered landing page, every other path falls back to the empty shell, which the SPA
 * renders into; the deployment writes the runtime config beside them.
 */
export const PRERENDERED_ROOT_PAGE = 'landing.html';
export const SPA_SHELL_PAGE = 'index.html';
export const RUNTIME_CONFIG_PATH = '/config.json';
