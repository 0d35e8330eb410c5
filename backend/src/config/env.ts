import { z } from 'zod';
import { LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID } from '@shared/identity';
import { DEFAULT_LOCAL_TABLE_NAME } from '../data/table-definition';

/**
 * Backend configuration, parsed once and failing fast with every problem listed. Local defaults point at
 * the stand-ins that `npm start` runs; in AWS the CDK stack sets every value.
 */
const envSchema = z.object({
  APP_ENV: z.enum(['local', 'test', 'aws']).default('local'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  TABLE_NAME: z.string().min(3).default(DEFAULT_LOCAL_TABLE_NAME),
  AWS_REGION: z.string().default('us-east-1'),
  /** Set for DynamoDB Local; unset in AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  COGNITO_USER_POOL_ID: z.string().includes('_').default(LOCAL_USER_POOL_ID),
  COGNITO_CLIENT_ID: z.string().min(1).default(LOCAL_USER_POOL_CLIENT_ID),
  /** The token issuer; for cognito-local `http://localhost:9229/<poolId>`, in AWS derived from region + pool. */
  COGNITO_ISSUER: z.url().optional(),
  /** Where the issuer's JWKS is fetched from; defaults to `<issuer>/.well-known/jwks.json`. */
  COGNITO_JWKS_URL: z.url().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .default('http://localhost:5173,http://127.0.0.1:5173')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** Local providers (mail outbox and, later, payments, telephony…) are mounted only when on. */
  LOCAL_PROVIDERS: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value),
  LOCAL_OUTBOX_DIR: z.string().default('.local/outbox'),
  /** Frontend log events accepted per client per minute. */
  FRONTEND_LOG_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
});

export type AppConfig = {
  appEnv: 'local' | 'test' | 'aws';
  port: number;
  tableName: string;
  region: string;
  dynamoDbEndpoint: string | undefined;
  cognito: { userPoolId: string; clientId: string; issuer: string; jwksUrl: string };
  allowedOrigins: string[];
  localProviders: boolean;
  localOutboxDir: string;
  frontendLogRateLimit: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid backend configuration:\n${problems}`);
  }
  const e = parsed.data;
  const issuer =
    e.COGNITO_ISSUER ??
    (e.APP_ENV === 'aws'
      ? `https://cognito-idp.${e.AWS_REGION}.amazonaws.com/${e.COGNITO_USER_POOL_ID}`
      : `http://localhost:9229/${e.COGNITO_USER_POOL_ID}`);
  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    tableName: e.TABLE_NAME,
    region: e.AWS_REGION,
    dynamoDbEndpoint: e.DYNAMODB_ENDPOINT ?? (e.APP_ENV === 'aws' ? undefined : 'http://localhost:8000'),
    cognito: {
      userPoolId: e.COGNITO_USER_POOL_ID,
      clientId: e.COGNITO_CLIENT_ID,
      issuer,
      jwksUrl: e.COGNITO_JWKS_URL ?? `${issuer}/.well-known/jwks.json`,
    },
    allowedOrigins: e.ALLOWED_ORIGINS,
    localProviders: e.LOCAL_PROVIDERS ? e.LOCAL_PROVIDERS === 'true' : e.APP_ENV !== 'aws',
    localOutboxDir: e.LOCAL_OUTBOX_DIR,
    frontendLogRateLimit: e.FRONTEND_LOG_RATE_LIMIT,
  };
}
