import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetDashboard,
  REMEMBERED_DASHBOARD_KEY,
  rememberDashboard,
  rememberedDashboardHeading,
} from './remembered-dashboard';

vi.mock('./runtime-config', () => ({
  runtimeConfig: () => ({ cognito: { userPoolClientId: 'client-1' } }),
}));

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const idToken = (sub: string, expiresInMs: number) =>
  `${base64url({ alg: 'none' })}.${base64url({ sub, exp: Math.floor((Date.now() + expiresInMs) / 1000) })}.sig`;

let items: Map<string, string>;
/** Amplify's localStorage layout for a signed-in owner (lib/stored-tokens.ts). */
const signIn = (sub: string, expiresInMs = 3_600_000) => {
  items.set('CognitoIdentityServiceProvider.client-1.LastAuthUser', sub);
  items.set(`CognitoIdentityServiceProvider.client-1.${sub}.idToken`, idToken(sub, expiresInMs));
};
const bella = { clientId: 'client-1', userId: 'owner-1', heading: 'Welcome back, Bella Hair Studio!' };

beforeEach(() => {
  items = new Map();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard’s remembered heading', () => {
  it('is shown again while the stored session is the same owner’s and unexpired', () => {
    signIn('owner-1');
    rememberDashboard(bella);
    expect(rememberedDashboardHeading()).toBe('Welcome back, Bella Hair Studio!');
  });

  it('is not shown to another owner signed in on the same browser, nor without a session', () => {
    rememberDashboard(bella);
    expect(rememberedDashboardHeading()).toBeUndefined();
    signIn('owner-2');
    expect(rememberedDashboardHeading()).toBeUndefined();
  });

  it('is not shown once the session’s token has expired (the guard sends the owner to sign in)', () => {
    signIn('owner-1', -1000);
    rememberDashboard(bella);
    expect(rememberedDashboardHeading()).toBeUndefined();
  });

  it('is not shown for another app client’s session (another deployment’s storage)', () => {
    signIn('owner-1');
    rememberDashboard({ ...bella, clientId: 'client-2' });
    expect(rememberedDashboardHeading()).toBeUndefined();
  });

  it('ignores what it cannot read: bad JSON, missing fields, storage the browser refuses', () => {
    signIn('owner-1');
    items.set(REMEMBERED_DASHBOARD_KEY, '{not json');
    expect(rememberedDashboardHeading()).toBeUndefined();
    items.set(REMEMBERED_DASHBOARD_KEY, JSON.stringify({ ...bella, heading: 7 }));
    expect(rememberedDashboardHeading()).toBeUndefined();
    items.set(REMEMBERED_DASHBOARD_KEY, 'null');
    expect(rememberedDashboardHeading()).toBeUndefined();
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(() => rememberDashboard(bella)).not.toThrow();
    expect(() => forgetDashboard()).not.toThrow();
    expect(rememberedDashboardHeading()).toBeUndefined();
  });

  it('is forgotten, and forgotten by signing out (clearStoredSession)', async () => {
    signIn('owner-1');
    rememberDashboard(bella);
    forgetDashboard();
    expect(rememberedDashboardHeading()).toBeUndefined();
    rememberDashboard(bella);
    const { clearStoredSession } = await import('./stored-session');
    clearStoredSession();
    expect(items.has(REMEMBERED_DASHBOARD_KEY)).toBe(false);
  });
});
