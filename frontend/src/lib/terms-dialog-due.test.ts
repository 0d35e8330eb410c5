import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMS_ACCEPTED_STORAGE_KEY } from '@shared/plans';
import { termsDialogDue } from './terms-dialog-due';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const idToken = (claims: object, expiresInMs = 3_600_000) =>
  `${base64url({ alg: 'none' })}.${base64url({ exp: Math.floor((Date.now() + expiresInMs) / 1000), ...claims })}.sig`;

let items: Map<string, string>;
/** Amplify's localStorage layout for a signed-in owner (lib/stored-tokens.ts). */
const signIn = (claims: object, { clientId = 'client-1', expiresInMs = 3_600_000 } = {}) => {
  const sub = `owner-of-${clientId}`;
  items.set(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`, sub);
  items.set(
    `CognitoIdentityServiceProvider.${clientId}.${sub}.idToken`,
    idToken({ sub, ...claims }, expiresInMs),
  );
};
const newOwner = { email_verified: true, 'custom:country_code': '+1', 'custom:beta_tester': 'true' };

beforeEach(() => {
  items = new Map();
  vi.stubGlobal(
    'localStorage',
    new Proxy(
      {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => items.set(key, value),
        removeItem: (key: string) => items.delete(key),
      },
      // Object.keys(localStorage) lists the stored keys, as in a browser.
      {
        ownKeys: () => [...items.keys()],
        getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }),
      },
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('whether /plans opens on its terms dialog, from storage alone', () => {
  it('is due for a verified owner in the served region who has not accepted the terms here', () => {
    signIn(newOwner);
    expect(termsDialogDue()).toBe(true);
    signIn({ ...newOwner, email_verified: 'true', 'custom:country_code': undefined });
    expect(termsDialogDue()).toBe(true);
  });

  it('is not due once the terms were accepted on this browser', () => {
    signIn(newOwner);
    items.set(TERMS_ACCEPTED_STORAGE_KEY, 'true');
    expect(termsDialogDue()).toBe(false);
  });

  it('is not due when the page opens on another dialog or sends the owner away', () => {
    signIn({ ...newOwner, 'custom:country_code': '+44' }); // the international waitlist's dialog
    expect(termsDialogDue()).toBe(false);
    signIn({ ...newOwner, 'custom:beta_tester': 'false' }); // the beta waitlist's dialog
    expect(termsDialogDue()).toBe(false);
    signIn({ ...newOwner, email_verified: false }); // sent to sign in
    expect(termsDialogDue()).toBe(false);
  });

  it('is not due without exactly one unexpired stored session', () => {
    expect(termsDialogDue()).toBe(false);
    signIn(newOwner, { expiresInMs: -1000 });
    expect(termsDialogDue()).toBe(false);
    signIn(newOwner);
    signIn(newOwner, { clientId: 'client-2' }); // which app client is this site's is not known yet
    expect(termsDialogDue()).toBe(false);
  });

  it('is not due when the browser refuses storage', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(termsDialogDue()).toBe(false);
  });
});
