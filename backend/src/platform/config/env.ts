import * as z from 'zod/mini';
import { useEnglishZodMessages } from '@shared/zod-english';
import { LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID } from '@shared/identity';
import { DEFAULT_LOCAL_TABLE_NAME } from '../dynamo/table-definition';
import { isBase64Key, screenVendorKeys, type VendorKeyProblems } from './vendor-keys';
import { STAGE_NAME_PATTERN } from '@shared/stage-name';

// Written with zod/mini: every function parses this at start, the telephony function before a caller's first
// ring, which then loads none of zod's classic API (docs/decisions/186-cold-start.md, session 43).
useEnglishZodMessages();

/*
 * The rules most fields share, one schema each: zod schemas are immutable, so one instance serves every
 * field of its kind with the same checks and messages (the path names the field). A schema per field built
 * about 1,100 zod objects at every function's init (docs/decisions/186-cold-start.md).
 */
/** A key or id that, when set, is not empty. */
const optionalNonEmpty = z.optional(z.string().check(z.minLength(1)));
const optionalUrl = z.optional(z.url());
const originToken = z.optional(z.string().check(z.minLength(32)));
/** A comma-separated list, its entries trimmed (and `normalize`d), blanks dropped. */
const commaList = (fallback: string, normalize = (entry: string) => entry) =>
  z.pipe(
    z._default(z.string(), fallback),
    z.transform((value: string) =>
      value
        .split(',')
        .map((entry) => normalize(entry.trim()))
        .filter(Boolean),
    ),
  );

/**
 * Backend configuration, parsed once and failing fast with every problem listed. Local defaults point at
 * the stand-ins that `npm start` runs; in AWS the CDK stack sets every value.
 */
const envSchema = z.object({
  APP_ENV: z._default(z.enum(['local', 'test', 'aws']), 'local'),
  /** The deployment stage (infra/lib/stage.ts); names metrics and log fields. */
  STAGE: z._default(z.string().check(z.regex(STAGE_NAME_PATTERN)), 'local'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535)), 3001),
  TABLE_NAME: z._default(z.string().check(z.minLength(3)), DEFAULT_LOCAL_TABLE_NAME),
  AWS_REGION: z._default(z.string(), 'us-east-1'),
  /** Set for DynamoDB Local; unset in AWS. */
  DYNAMODB_ENDPOINT: optionalUrl,
  COGNITO_USER_POOL_ID: z._default(z.string().check(z.includes('_')), LOCAL_USER_POOL_ID),
  COGNITO_CLIENT_ID: z._default(z.string().check(z.minLength(1)), LOCAL_USER_POOL_CLIENT_ID),
  /** The token issuer; for cognito-local `http://localhost:9229/<poolId>`, in AWS derived from region + pool. */
  COGNITO_ISSUER: optionalUrl,
  /** Where the issuer's JWKS is fetched from; defaults to `<issuer>/.well-known/jwks.json`. */
  COGNITO_JWKS_URL: optionalUrl,
  ALLOWED_ORIGINS: commaList('http://localhost:5173,http://127.0.0.1:5173'),
  /** Local providers (mail outbox and, later, payments, telephony…) are mounted only when on. */
  LOCAL_PROVIDERS: z.optional(z.enum(['true', 'false'])),
  LOCAL_OUTBOX_DIR: z._default(z.string(), '.local/outbox'),
  /** Where the local phone's call recordings are kept (docs/decisions/184-call-recordings.md). */
  LOCAL_RECORDINGS_DIR: z._default(z.string(), '.local/recordings'),
  /** Frontend log events accepted per client per minute. */
  FRONTEND_LOG_RATE_LIMIT: z._default(z.coerce.number().check(z.int(), z.gte(1)), 60),
  /** Stripe (plans, checkout, billing portal); the local payments provider runs when unset. */
  STRIPE_SECRET_KEY: optionalNonEmpty,
  /** Signs Stripe's webhook events; locally the local provider signs with LOCAL_STRIPE_WEBHOOK_SECRET. */
  STRIPE_WEBHOOK_SECRET: optionalNonEmpty,
  /** Signs the events of owners' connected accounts (Stripe Connect's own endpoint, docs/decisions/150). */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalNonEmpty,
  /** Another Stripe API host (tests point it at tests/fakes/stripe). */
  STRIPE_API_BASE: optionalUrl,
  /** OpenAI (descriptions, personality previews, objectives, speech); the local llm/speech run when unset. */
  OPENAI_API_KEY: optionalNonEmpty,
  /** Another OpenAI-compatible host (tests point it at tests/fakes/openai). */
  OPENAI_BASE_URL: optionalUrl,
  /** Google Places (business lookup); the local directory answers when unset. */
  GOOGLE_PLACES_API_KEY: optionalNonEmpty,
  GOOGLE_PLACES_BASE_URL: optionalUrl,
  /** Twilio (number search, purchase, release); the local number inventory answers when unset. */
  TWILIO_ACCOUNT_SID: optionalNonEmpty,
  TWILIO_AUTH_TOKEN: optionalNonEmpty,
  /** Another Twilio REST host (tests point it at tests/fakes/twilio). */
  TWILIO_API_BASE: optionalUrl,
  /**
   * Our own approved Trust Hub primary customer profile (BU…): every owner's A2P 10DLC registration is a
   * secondary profile under it (docs/decisions/169-a2p-10dlc-registration.md).
   */
  TWILIO_PRIMARY_CUSTOMER_PROFILE_SID: z.optional(
    z.string().check(z.regex(/^BU[0-9a-f]{32}$/, 'must be a Trust Hub customer profile sid (BU…)')),
  ),
  /** This API's public base URL, where Twilio's voice/SMS webhooks point; defaults to the request's origin. */
  PUBLIC_API_URL: optionalUrl,
  /**
   * In AWS: the value CloudFront sends in X-Origin-Verify (read at cold start from the secret named by
   * ORIGIN_VERIFY_SECRET_ARN, lambda-init.ts); requests without it are refused (http/origin-verify.ts).
   */
  ORIGIN_VERIFY_TOKEN: originToken,
  /**
   * The value before the last rotation (the secret's AWSPREVIOUS version), still accepted so CloudFront edges
   * that have not taken the new value yet keep working (docs/deploy.md "Rotating the origin-verify secret").
   */
  ORIGIN_VERIFY_PREVIOUS_TOKEN: originToken,
  /** The secret both come from: re-read when a request carries neither (http/origin-verify.ts). */
  ORIGIN_VERIFY_SECRET_ARN: optionalNonEmpty,
  /** The voice relay socket (wss://… of the WebSocket API); defaults to ws(s)://<public API>/relay. */
  VOICE_RELAY_URL: optionalUrl,
  /** Calendar OAuth clients (setup step 7); each service runs its local consent page while its id is unset. */
  GOOGLE_OAUTH_CLIENT_ID: optionalNonEmpty,
  GOOGLE_OAUTH_CLIENT_SECRET: optionalNonEmpty,
  GOOGLE_OAUTH_BASE_URL: optionalUrl,
  /** Outlook / Microsoft 365: the app registration's client id and secret (Microsoft identity platform). */
  MICROSOFT_CLIENT_ID: optionalNonEmpty,
  MICROSOFT_CLIENT_SECRET: optionalNonEmpty,
  /** One host for login.microsoftonline.com and graph.microsoft.com (tests point it at their fake). */
  MICROSOFT_BASE_URL: optionalUrl,
  CALENDLY_CLIENT_ID: optionalNonEmpty,
  CALENDLY_CLIENT_SECRET: optionalNonEmpty,
  CALENDLY_BASE_URL: optionalUrl,
  /** Signs the invitee.created webhooks of owners' Calendly subscriptions (we choose it when subscribing). */
  CALENDLY_WEBHOOK_SIGNING_KEY: optionalNonEmpty,
  ACUITY_CLIENT_ID: optionalNonEmpty,
  ACUITY_CLIENT_SECRET: optionalNonEmpty,
  ACUITY_BASE_URL: optionalUrl,
  /** Amazon SES sender (a verified identity): invitations go through SES when set, else the local outbox. */
  SES_FROM_ADDRESS: z.optional(z.email()),
  /** SES region; defaults to AWS_REGION. */
  SES_REGION: optionalNonEmpty,
  /** Another SES API host (tests point it at tests/fakes/ses). */
  SES_ENDPOINT: optionalUrl,
  /** The web app's public origin for links in e-mails (referral links); defaults to ALLOWED_ORIGINS' first. */
  PUBLIC_APP_URL: optionalUrl,
  /**
   * The notification jobs' SQS queue (docs/decisions/162): the stack sets it on the notifications function.
   * Unset locally, where an in-process queue runs the batches.
   */
  NOTIFICATIONS_QUEUE_URL: optionalUrl,
  /** Another SQS API host (tests point it at tests/fakes/sqs). */
  SQS_ENDPOINT: optionalUrl,
  /** The outbound webhooks' SQS queue (docs/decisions/178): unset locally, where an in-process queue runs. */
  WEBHOOKS_QUEUE_URL: optionalUrl,
  /**
   * Local only: comma-separated hosts a webhook endpoint may reach over http and on loopback (a receiver on
   * this machine, e.g. `127.0.0.1`). Ignored in AWS, where endpoints are https and public only.
   */
  WEBHOOK_LOCAL_ALLOWED_HOSTS: commaList('', (host) => host.toLowerCase()),
  /** 32 random bytes, base64 (`openssl rand -base64 32`): seals OAuth tokens at rest. Required in AWS. */
  TOKEN_ENCRYPTION_KEY: z.optional(z.string().check(z.refine(isBase64Key, 'must be 32 bytes in base64'))),
});

export type AppConfig = {
  appEnv: 'local' | 'test' | 'aws';
  stage: string;
  /** In AWS: vendor keys that were set but malformed, dropped so only their routes answer 503 (vendor-keys.ts). */
  vendorKeyProblems: VendorKeyProblems;
  port: number;
  tableName: string;
  region: string;
  dynamoDbEndpoint: string | undefined;
  cognito: { userPoolId: string; clientId: string; issuer: string; jwksUrl: string };
  allowedOrigins: string[];
  localProviders: boolean;
  localOutboxDir: string;
  localRecordingsDir: string;
  frontendLogRateLimit: number;
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    connectWebhookSecret: string | undefined;
    apiBase: string | undefined;
  };
  openai: { apiKey: string | undefined; baseUrl: string | undefined };
  googlePlaces: { apiKey: string | undefined; baseUrl: string | undefined };
  twilio: {
    accountSid: string | undefined;
    authToken: string | undefined;
    apiBase: string | undefined;
    primaryCustomerProfileSid?: string | undefined;
  };
  /** Checks X-Twilio-Signature on the SMS/voice webhooks: TWILIO_AUTH_TOKEN, locally the local token. */
  twilioWebhookAuthToken: string | undefined;
  publicApiUrl: string | undefined;
  /**
   * AWS only: the values X-Origin-Verify may carry (CloudFront adds it), current first, and the secret they
   * are re-read from after a rotation; unset locally, nothing checked.
   */
  originVerify: { tokens: string[]; secretArn: string | undefined } | undefined;
  voiceRelayUrl: string | undefined;
  ses: { fromAddress: string | undefined; region: string; endpoint: string | undefined };
  /** Where the notification jobs fan out (docs/decisions/162); no URL: the local in-process queue. */
  notificationsQueue: { url: string | undefined; endpoint: string | undefined };
  /** Outbound webhooks (docs/decisions/178): their queue, and the local receivers' hosts (never in AWS). */
  webhooks: { queueUrl: string | undefined; localAllowedHosts: string[] };
  /** Where links in e-mails point: PUBLIC_APP_URL, else the first allowed origin. */
  publicAppUrl: string | undefined;
  calendarOAuth: {
    vendors: Record<
      'google_calendar' | 'outlook_calendar' | 'calendly' | 'acuity',
      { clientId: string | undefined; clientSecret: string | undefined; baseUrl: string | undefined }
    >;
    tokenEncryptionKey: Buffer | undefined;
    calendlyWebhookSigningKey: string | undefined;
  };
};

/** Not a secret: the local Calendly signs its invitee.created webhooks with it on a developer's machine. */
export const LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY = 'local_calendly_signing_key_development_only';

/** Not a secret: the local telephony provider signs its SMS and call webhooks with it on a developer's machine. */
export const LOCAL_TWILIO_AUTH_TOKEN = 'local_twilio_auth_token_development_only';

/** Not a secret: the local payments provider signs its webhook events with it on a developer's machine. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_development_only';
/** Not a secret: the local payments provider signs its connected accounts' events with it. */
export const LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET = 'whsec_local_connect_development_only';

export class ConfigError extends Error {}

/** Where links we text or hand to vendors (deposit pages, webhooks) point: the public API URL, or this server. */
export const publicBaseUrl = (config: Pick<AppConfig, 'publicApiUrl' | 'port'>) =>
  (config.publicApiUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');

/** Where links in e-mails point: the web app's public URL, or the local Vite server. */
export const publicAppUrl = (config: Pick<AppConfig, 'publicAppUrl'>) =>
  (config.publicAppUrl ?? 'http://localhost:5173').replace(/\/+$/, '');

/**
 * Settings that only make sense on a developer's machine or in tests: stand-in providers and other vendor
 * hosts. In AWS they are ignored, whatever sets them, so a stray variable can never route money or calls to
 * a fake.
 */
export const LOCAL_ONLY_SETTINGS = [
  'LOCAL_PROVIDERS',
  'STRIPE_API_BASE',
  'OPENAI_BASE_URL',
  'GOOGLE_PLACES_BASE_URL',
  'TWILIO_API_BASE',
  'GOOGLE_OAUTH_BASE_URL',
  'MICROSOFT_BASE_URL',
  'CALENDLY_BASE_URL',
  'ACUITY_BASE_URL',
  'SES_ENDPOINT',
  'SQS_ENDPOINT',
  'WEBHOOK_LOCAL_ALLOWED_HOSTS',
] as const;

function forAws(env: Record<string, string | undefined>) {
  const withoutLocal = Object.fromEntries(
    Object.entries(env).filter(([key]) => !(LOCAL_ONLY_SETTINGS as readonly string[]).includes(key)),
  );
  return screenVendorKeys(withoutLocal);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const screened = env.APP_ENV === 'aws' ? forAws(env) : { env, problems: {} };
  // Parsed once per process: compiling zod's fast path for this 60-field object (new Function) took longer
  // than the parse itself, a few ms of every cold start (issue 16 §2).
  const parsed = envSchema.safeParse(screened.env, { jitless: true });
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
    stage: e.STAGE,
    vendorKeyProblems: screened.problems,
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
    localRecordingsDir: e.LOCAL_RECORDINGS_DIR,
    frontendLogRateLimit: e.FRONTEND_LOG_RATE_LIMIT,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      // In AWS the secret comes from configuration only; locally the local provider's own secret applies.
      webhookSecret:
        e.STRIPE_WEBHOOK_SECRET ?? (e.APP_ENV === 'aws' ? undefined : LOCAL_STRIPE_WEBHOOK_SECRET),
      connectWebhookSecret:
        e.STRIPE_CONNECT_WEBHOOK_SECRET ??
        (e.APP_ENV === 'aws' ? undefined : LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET),
      apiBase: e.STRIPE_API_BASE,
    },
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
    googlePlaces: { apiKey: e.GOOGLE_PLACES_API_KEY, baseUrl: e.GOOGLE_PLACES_BASE_URL },
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      apiBase: e.TWILIO_API_BASE,
      primaryCustomerProfileSid: e.TWILIO_PRIMARY_CUSTOMER_PROFILE_SID,
    },
    // In AWS only the real token; locally the local provider's token when Twilio is not configured.
    twilioWebhookAuthToken:
      e.TWILIO_AUTH_TOKEN ?? (e.APP_ENV === 'aws' ? undefined : LOCAL_TWILIO_AUTH_TOKEN),
    publicApiUrl: e.PUBLIC_API_URL,
    originVerify:
      e.APP_ENV === 'aws' && e.ORIGIN_VERIFY_TOKEN
        ? {
            tokens: [e.ORIGIN_VERIFY_TOKEN, e.ORIGIN_VERIFY_PREVIOUS_TOKEN].filter(
              (token): token is string => token !== undefined,
            ),
            secretArn: e.ORIGIN_VERIFY_SECRET_ARN,
          }
        : undefined,
    voiceRelayUrl: e.VOICE_RELAY_URL,
    ses: { fromAddress: e.SES_FROM_ADDRESS, region: e.SES_REGION ?? e.AWS_REGION, endpoint: e.SES_ENDPOINT },
    notificationsQueue: { url: e.NOTIFICATIONS_QUEUE_URL, endpoint: e.SQS_ENDPOINT },
    webhooks: { queueUrl: e.WEBHOOKS_QUEUE_URL, localAllowedHosts: e.WEBHOOK_LOCAL_ALLOWED_HOSTS },
    publicAppUrl: e.PUBLIC_APP_URL ?? e.ALLOWED_ORIGINS[0],
    calendarOAuth: {
      vendors: {
        google_calendar: {
          clientId: e.GOOGLE_OAUTH_CLIENT_ID,
          clientSecret: e.GOOGLE_OAUTH_CLIENT_SECRET,
          baseUrl: e.GOOGLE_OAUTH_BASE_URL,
        },
        outlook_calendar: {
          clientId: e.MICROSOFT_CLIENT_ID,
          clientSecret: e.MICROSOFT_CLIENT_SECRET,
          baseUrl: e.MICROSOFT_BASE_URL,
        },
        calendly: {
          clientId: e.CALENDLY_CLIENT_ID,
          clientSecret: e.CALENDLY_CLIENT_SECRET,
          baseUrl: e.CALENDLY_BASE_URL,
        },
        acuity: {
          clientId: e.ACUITY_CLIENT_ID,
          clientSecret: e.ACUITY_CLIENT_SECRET,
          baseUrl: e.ACUITY_BASE_URL,
        },
      },
      tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY ? Buffer.from(e.TOKEN_ENCRYPTION_KEY, 'base64') : undefined,
      calendlyWebhookSigningKey:
        e.CALENDLY_WEBHOOK_SIGNING_KEY ??
        (e.APP_ENV === 'aws' ? undefined : LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY),
    },
  };
}
