import { createMiddleware } from 'hono/factory';
import { apiPageContentSecurityPolicy } from '@shared/content-security-policy';

/**
 * Every HTML page the API renders (local providers' pages, deposit pages, the OAuth popup's result) gets a
 * Content-Security-Policy (issue 10 §10): scripts only from the API's own files, forms only to the API and
 * the app. JSON answers need none. Runs after the handler so it sees the answer's type.
 */
export const htmlContentSecurityPolicy = (appOrigins: string[]) => {
  const policy = apiPageContentSecurityPolicy(appOrigins);
  return createMiddleware(async (c, next) => {
    await next();
    if (c.res.headers.get('Content-Type')?.startsWith('text/html')) {
      c.res.headers.set('Content-Security-Policy', policy);
    }
  });
};
