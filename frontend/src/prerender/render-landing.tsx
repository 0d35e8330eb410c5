import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from '../app/router';

/**
 * The landing page's HTML as the browser's first render makes it (main.tsx hydrates it): the same routes
 * under a StaticRouter at `/`. prerender waits for the lazy landing chunk, so the markup is complete.
 * Run by the build (vite.config.ts, prerenderLanding), never shipped to the browser.
 */
export async function renderLandingHtml(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location="/">
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}
