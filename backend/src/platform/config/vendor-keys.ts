/**
 * The vendor keys an operator puts in the Secrets Manager secret (docs/deploy.md lists them), each with the
 * shape the vendor issues. In AWS every key is checked on its own: a bad one is dropped and reported by name
 * (never by value), so only the routes that need it answer 503 while the rest of the API stays up.
 * Plain checks rather than zod schemas: each function's init screens the keys, and building 19 schemas
 * there cost more than the checks (docs/decisions/186-cold-start.md). Each returns why a value is rejected.
 */
type KeyCheck = (value: string) => string | undefined;
const prefixed =
  (pattern: RegExp, hint: string): KeyCheck =>
  (value) =>
    pattern.test(value) ? undefined : hint;
const atLeast =
  (length: number, hint: string): KeyCheck =>
  (value) =>
    value.length >= length ? undefined : hint;

/** TOKEN_ENCRYPTION_KEY's shape (vendor screening and the env schema): 32 bytes in base64. */
export const isBase64Key = (value: string) => Buffer.from(value, 'base64').length === 32;

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
  GOOGLE_OAUTH_CLIENT_SECRET: atLeast(8, 'is too short'),
  MICROSOFT_CLIENT_ID: prefixed(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'must be the app registration’s Application (client) ID, a GUID',
  ),
  MICROSOFT_CLIENT_SECRET: atLeast(8, 'is too short'),
  CALENDLY_CLIENT_ID: atLeast(8, 'is too short'),
  CALENDLY_CLIENT_SECRET: atLeast(8, 'is too short'),
  CALENDLY_WEBHOOK_SIGNING_KEY: atLeast(16, 'is too short (16 characters at least)'),
  ACUITY_CLIENT_ID: atLeast(1, 'is empty'),
  ACUITY_CLIENT_SECRET: atLeast(8, 'is too short'),
  TOKEN_ENCRYPTION_KEY: (value) => (isBase64Key(value) ? undefined : 'must be 32 bytes in base64'),
} as const satisfies Record<string, KeyCheck>;

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
    const problem = VENDOR_KEY_RULES[key](value);
    if (problem) {
      problems[key] = problem;
      delete screened[key];
    }
  }
  return { env: screened, problems };
}
