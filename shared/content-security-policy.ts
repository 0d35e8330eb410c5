/**
 * Content-Security-Policy texts (issue 10 §10), one builder for every place that serves the SPA (CloudFront
 * in infra/, Vite's dev and preview servers) and one for the API's own HTML pages, so they cannot drift.
 */

export type SpaPolicyOptions = {
  /** Where the app may fetch or open sockets besides itself: the API, its socket, the identity service. */
  connectSources: string[];
  /**
   * Vite's dev server only: React Fast Refresh injects an inline module script and HMR talks over a
   * websocket. Never set for a production build (preview, CloudFront).
   */
  devServer?: boolean;
  /** Behind HTTPS (CloudFront): upgrade any stray http:// subresource. Off on plain-http localhost. */
  upgradeInsecureRequests?: boolean;
};

const join = (directives: Array<string | false>) => directives.filter(Boolean).join('; ');

export function spaContentSecurityPolicy({
  connectSources,
  devServer = false,
  upgradeInsecureRequests = false,
}: SpaPolicyOptions): string {
  return join([
    "default-src 'self'",
    devServer ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    // Vite's dev client pings the server from a blob: worker.
    devServer && "worker-src 'self' blob:",
    // Inline style attributes and injected <style> tags from UI libraries.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Voice previews play from blob: URLs built from streamed audio.
    "media-src 'self' blob: data:",
    // blob: and data: are audio the app already holds (voice previews), read back with fetch.
    `connect-src ${["'self'", 'blob:', 'data:', ...connectSources, ...(devServer ? ['ws:', 'wss:'] : [])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    upgradeInsecureRequests && 'upgrade-insecure-requests',
  ]);
}

/**
 * The API's server-rendered pages (local providers' pages, deposit pages, the OAuth popup's result): no
 * inline script at all (their scripts are files served by the API), inline <style> of the page shell, and
 * forms that may post to the API itself and then redirect to the app (checkout's success_url).
 */
export function apiPageContentSecurityPolicy(appOrigins: string[]): string {
  return join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `form-action ${["'self'", ...appOrigins].join(' ')}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]);
}

/** Origins (scheme://host:port) of the URLs a runtime config points the app at, for connect-src. */
export const originsOf = (urls: Array<string | undefined>): string[] => [
  ...new Set(urls.filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin)),
];
