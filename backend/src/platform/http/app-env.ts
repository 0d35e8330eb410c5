import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthVariables } from '../auth/middleware';

/** The Hono environment every route shares: what the auth middleware sets on a request. */
export type AppEnv = { Variables: Partial<AuthVariables> };

/** The app every entry point mounts its routes on. */
export type AppBase = OpenAPIHono<AppEnv>;
