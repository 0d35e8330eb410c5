/**
 * Identity facts both sides agree on: the user-pool custom attributes (spec §3 "Signed-in user")
 * and the fixed ids of the local user pool, so a restart of `npm start` keeps every account.
 */
export const CUSTOM_ATTRIBUTES = [
  'business_id',
  'business_name',
  'business_type',
  'country_code',
  'beta_tester',
  'assistant_phone',
  'business_phone',
] as const;
export type CustomAttribute = (typeof CUSTOM_ATTRIBUTES)[number];

/** A user-pool id must contain an underscore (spec §5). */
export const LOCAL_USER_POOL_ID = 'local_Receptionist1';
export const LOCAL_USER_POOL_CLIENT_ID = 'receptionistlocalwebclient';

/** The beta flag arrives as a string; the token fallback reads a missing value as 'true' (spec §3). */
export const BETA_TESTER_QUERY = { name: 'betatester', value: 'smb' } as const;

/** Browser storage key for a referral code taken from `/signup?ref=` (spec §2). */
export const REFERRAL_STORAGE_KEY = 'referral_code';

/** Social sign-in exists in the design but waits for third-party approval (spec §1). */
export const OAUTH_ENABLED = false;

/** Usernames of social-login users start with one of these; they are exempt from the e-mail check (spec §6). */
export const SOCIAL_USERNAME_PREFIXES = [
  'google_',
  'facebook_',
  'loginwithamazon_',
  'signinwithapple_',
] as const;

export const isSocialUsername = (username: string): boolean =>
  SOCIAL_USERNAME_PREFIXES.some((prefix) => username.toLowerCase().startsWith(prefix));
