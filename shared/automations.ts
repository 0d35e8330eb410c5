/**
 * API keys and REST-hook subscriptions for the owner's automations (Zapier and the like;
 * docs/decisions/179-api-keys-and-rest-hooks.md): the key format, the scopes and what each allows, the
 * per-owner limits and the owner-facing words, once, for the API, the dashboard and the docs. The request and
 * answer schemas are in shared/schemas/automations.ts.
 */

/** Every key starts so: secret scanners and people recognise it, and a wrong paste fails fast. */
export const API_KEY_PREFIX = 'rk_live_';
/** Random base62 characters after the prefix: 40 × log2(62) ≈ 238 bits, far past guessing. */
export const API_KEY_RANDOM_CHARS = 40;
/** How many of the random characters the dashboard shows to tell keys apart (never enough to use one). */
export const API_KEY_SHOWN_CHARS = 8;
const BASE62 = '[0-9A-Za-z]';
const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}${BASE62}{${API_KEY_RANDOM_CHARS}}$`);

/** Whether a string has the shape of one of our keys (checked before any lookup). */
export const isApiKeyFormat = (value: string): boolean => API_KEY_PATTERN.test(value);

/** What the list shows of a key: its prefix and the first few random characters. */
export const shownPrefixOf = (key: string): string =>
  key.slice(0, API_KEY_PREFIX.length + API_KEY_SHOWN_CHARS);

/**
 * A key's scope. `read`: the samples and the polling lists. `subscribe`: that, and REST-hook subscriptions
 * (a Zapier trigger needs both: samples and polling while the Zap is built, the hook once it is on).
 */
export const API_KEY_SCOPES = ['read', 'subscribe'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Whether a key of scope `has` may call a route that needs `needs`. */
export const scopeAllows = (has: ApiKeyScope, needs: ApiKeyScope): boolean =>
  needs === 'read' || has === 'subscribe';

/** Live keys per owner: one per tool and a spare for rotation is a handful; the cap bounds what one stores. */
export const API_KEYS_PER_OWNER = 10;
/** Hook subscriptions per owner: a Zap per event with room for several tools. */
export const HOOKS_PER_OWNER = 25;
export const API_KEY_NAME_MAX_CHARS = 60;
/** A target URL's length cap (the longest real hook URLs, Zapier's included, are far shorter). */
export const HOOK_TARGET_URL_MAX_CHARS = 2048;
/** Requests one key may make a minute: polling every minute with room for a burst of subscriptions. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
/** Polling lists' default and largest lengths. */
export const POLL_DEFAULT_LIMIT = 25;
export const POLL_MAX_LIMIT = 100;

export const AUTOMATIONS_TEXTS = {
  missingKey: 'An API key is required: send it as "Authorization: Bearer rk_live_…" or "X-API-Key".',
  invalidKey: 'This API key is not valid. It may have been revoked: create a new one on the dashboard.',
  wrongScope: (needs: ApiKeyScope) => `This API key cannot do that: it needs the "${needs}" scope.`,
  tooManyRequests: 'Too many requests with this API key. Please wait a minute and try again.',
  keyLimitReached: (limit: number) =>
    `You already have ${limit} API keys. Revoke one you no longer use to create another.`,
  keyNotFound: 'No such API key (it may already be revoked).',
  hookLimitReached: (limit: number) =>
    `This business already has ${limit} hook subscriptions. Turn off a Zap or unsubscribe a hook first.`,
  hookNotFound: 'No such hook subscription.',
  signingUnavailable:
    'Hook subscriptions are unavailable: the signing-secret encryption key is not configured.',
  /** The dashboard's words. */
  sectionTitle: 'API keys',
  sectionIntro:
    'Connect Zapier or your own tools. A key reads your conversations and appointments; a subscribe key can also receive them the moment they happen.',
  keyShownOnce: "Copy this key now. You won't see it again.",
  revokeConfirm: (name: string) =>
    `Revoke “${name}”? Anything using it stops working at once, and its hook subscriptions are removed.`,
  scopeLabels: { read: 'Read', subscribe: 'Read and subscribe' } satisfies Record<ApiKeyScope, string>,
  scopeHints: {
    read: 'Samples and the latest conversations and appointments (polling).',
    subscribe: 'Everything a read key can do, and instant hooks (what Zapier uses).',
  } satisfies Record<ApiKeyScope, string>,
  nameLabel: 'Key name',
  namePlaceholder: 'e.g. Zapier',
  scopeLegend: 'What it may do',
  create: 'Create key',
  creating: 'Creating…',
  createdTitle: 'Your new API key',
  copy: 'Copy key',
  copied: 'Copied',
  done: 'Done',
  listTitle: 'Your keys',
  empty: 'No API keys yet.',
  loadFailed: 'Your API keys could not be loaded. Please reload the page.',
  limitNote: (count: number, limit: number) => `${count} of ${limit} keys`,
  createdOn: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  revoke: 'Revoke',
  revokeTitle: 'Revoke API key',
  cancel: 'Cancel',
} as const;
