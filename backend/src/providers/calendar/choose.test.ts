import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CALENDAR_SERVICES } from '@shared/calendar';
import { loadConfig } from '../../platform/config/env';
import { createLocalCalendarStandIn } from '../../local/calendars/calendar-stand-in';
import { createCalendarProviders } from './choose';

const store = { doc: {} as DynamoDBDocumentClient, tableName: 'unused' };
const now = () => new Date();
/** As a local entry point builds them: with the local vendors handed in (they run only in local mode). */
const providersFor = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return createCalendarProviders(config, now, createLocalCalendarStandIn(config, store, now));
};
const modes = (env: Record<string, string>) => {
  const providers = providersFor(env);
  return CALENDAR_SERVICES.map((service) => providers.forService(service)?.mode ?? 'none');
};

describe('calendar provider choice', () => {
  it('runs every service locally by default, with the local consent server', () => {
    expect(modes({ APP_ENV: 'local' })).toEqual(['local', 'local', 'local', 'local']);
    expect(providersFor({ APP_ENV: 'local' }).localServer).toBeDefined();
  });

  it('uses the real adapter for each service whose client id is set', () => {
    expect(modes({ APP_ENV: 'local', CALENDLY_CLIENT_ID: 'id' })).toEqual([
      'local',
      'local',
      'real',
      'local',
    ]);
    expect(modes({ APP_ENV: 'local', MICROSOFT_CLIENT_ID: 'id' })).toEqual([
      'local',
      'real',
      'local',
      'local',
    ]);
  });

  it('reads and writes Outlook through Graph, real or local like its OAuth provider', () => {
    expect(providersFor({ APP_ENV: 'local' }).apiFor('outlook_calendar')).toBeDefined();
    expect(
      providersFor({ APP_ENV: 'local', MICROSOFT_CLIENT_ID: 'id' }).apiFor('outlook_calendar'),
    ).toBeDefined();
  });

  it('offers nothing in AWS without TOKEN_ENCRYPTION_KEY, and the real ones with it', () => {
    const aws = {
      APP_ENV: 'aws',
      GOOGLE_OAUTH_CLIENT_ID: '123-abc.apps.googleusercontent.com',
      ACUITY_CLIENT_ID: 'id',
      MICROSOFT_CLIENT_ID: '00000000-1111-2222-3333-444444444444',
    };
    expect(modes(aws)).toEqual(['none', 'none', 'none', 'none']);
    const key = randomBytes(32).toString('base64');
    expect(modes({ ...aws, TOKEN_ENCRYPTION_KEY: key })).toEqual(['real', 'real', 'none', 'real']);
    // Deployed without MICROSOFT_CLIENT_ID: no local consent page stands in, Outlook is simply not offered.
    const { MICROSOFT_CLIENT_ID: _, ...withoutMicrosoft } = aws;
    expect(modes({ ...withoutMicrosoft, TOKEN_ENCRYPTION_KEY: key })).toEqual([
      'real',
      'none',
      'none',
      'real',
    ]);
    expect(providersFor(aws).localServer).toBeUndefined();
  });

  it('refuses a TOKEN_ENCRYPTION_KEY that is not 32 bytes', () => {
    expect(() => loadConfig({ TOKEN_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      'TOKEN_ENCRYPTION_KEY: must be 32 bytes in base64',
    );
  });
});
