import { z } from 'zod';

/**
 * The vendor keys an operator puts in the Secrets Manager secret (docs/deploy.md lists them), each with the
 * shape the vendor issues. In AWS every key is checked on its own: a bad one is dropped and reported by name
 * (never by value), so only the routes that need it answer 503 while the rest of the API stays up.
 */
const prefixed = (pattern: RegExp, hint: string) => z.string().regex(pattern, hint);

export const VENDOR_KEY_RULES = {
  STRIPE_SECRET_KEY: prefixed(
    /^(sk|rk)_(live|test)_\w+$/,
    'must start with sk_live_, sk_test_, rk_live_ or rk_test_',
  ),
  STRIPE_WEBHOOK_SECRET: prefixed(/^whsec_\w+$/, 'must start with whsec_ (the endpoint’s signing secret)'),
  STRIPE_CONNECT_WEBHOOK_SECRET: prefixed(
    /^whsec_\w+$/,
    'must start with whsec_ (the Connect endpoint’s signing secret)',
  ),
  OPENAI_API_KEY: prefixed(/^sk-[\w-]{20,}$/, 'must start with sk- (an OpenAI API key)'),
  GOOGLE_PLACES_API_KEY: prefixed(
    /^AIza[\w-]{35}$/,
    'must be a Google API key (39 characters starting AIza)',
  ),
  TWILIO_ACCOUNT_SID: prefixed(/^AC[0-9a-f]{32}$/, 'must be AC followed by 32 hex digits'),
  TWILIO_AUTH_TOKEN: prefixed(/^[0-9a-f]{32}$/, 'must be 32 hex digits'),
  GOOGLE_OAUTH_CLIENT_ID: prefixed(
    /\.apps\.googleusercontent\.com$/,
    'must end in .apps.googleusercontent.com',
  ),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().min(8, 'is too short'),
  MICROSOFT_CLIENT_ID: prefixed(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'must be the app registration’s Application (client) ID, a GUID',
  ),
  MICROSOFT_CLIENT_SECRET: z.string().min(8, 'is too short'),
  CALENDLY_CLIENT_ID: z.string().min(8, 'is too short'),
  CALENDLY_CLIENT_SECRET: z.string().min(8, 'is too short'),
  CALENDLY_WEBHOOK_SIGNING_KEY: z.string().min(16, 'is too short (16 characters at least)'),
  ACUITY_CLIENT_ID: z.string().min(1, 'is empty'),
  ACUITY_CLIENT_SECRET: z.string().min(8, 'is too short'),
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64'),
} as const;

export type VendorKey = keyof typeof VENDOR_KEY_RULES;
export const VENDOR_KEYS = Object.keys(VENDOR_KEY_RULES) as VendorKey[];
export const isVendorKey = (key: string): key is VendorKey => key in VENDOR_KEY_RULES;

/** Why each rejected key was rejected, e.g. { TWILIO_AUTH_TOKEN: 'must be 32 hex digits' }. */
export type VendorKeyProblems = Partial<Record<VendorKey, string>>;

/** Keeps the valid vendor keys of env, drops the invalid ones and says why. Other variables pass unchanged. */
export function screenVendorKeys(env: Record<string, string | undefined>): {
  env: Record<string, string | undefined>;
  problems: VendorKeyProblems;
} {
  const screened = { ...env };
  const problems: VendorKeyProblems = {};
  for (const key of VENDOR_KEYS) {
    const value = env[key];
    if (value === undefined || value === '') {
      delete screened[key];
      continue;
    }
    const result = VENDOR_KEY_RULES[key].safeParse(value);
    if (!result.success) {
      problems[key] = result.error.issues[0]?.message ?? 'is invalid';
      delete screened[key];
    }
  }
  return { env: screened, problems };
}
