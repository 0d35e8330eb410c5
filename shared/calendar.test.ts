import { describe, expect, it } from 'vitest';
import {
  assistantEmail,
  ASSISTANT_EMAIL_PLACEHOLDER,
  CALENDAR_SERVICES,
  CALENDAR_SERVICE_NAMES,
  connectionButtonLabel,
  isCalendarService,
  OAUTH_POPUP,
} from './calendar';

describe('assistantEmail', () => {
  it("is 'assistant' + the phone's digits at the provider's domain", () => {
    expect(assistantEmail('+1 (415) 555-0134')).toBe('assistant14155550134@ringly.example');
    expect(assistantEmail('4155550134')).toBe('assistant4155550134@ringly.example');
  });

  it('is the placeholder while no phone is set', () => {
    for (const phone of [undefined, null, '', '  ', '+']) {
      expect(assistantEmail(phone)).toBe(ASSISTANT_EMAIL_PLACEHOLDER);
    }
    expect(ASSISTANT_EMAIL_PLACEHOLDER).toMatch(/^assistant\D+@ringly\.example$/);
  });
});

describe('connectionButtonLabel', () => {
  const idle = { loading: false, connecting: false, status: undefined };

  it('names each service by its display name', () => {
    expect(CALENDAR_SERVICES.map((s) => connectionButtonLabel(s, idle).label)).toEqual([
      'Connect Google Calendar',
      'Connect Outlook (Microsoft 365)',
      'Connect Calendly',
      'Connect Acuity',
    ]);
  });

  it('follows loading, connecting, connected and expired in that order of precedence', () => {
    const s = 'calendly';
    expect(
      connectionButtonLabel(s, { ...idle, loading: true, connecting: true, status: 'connected' }),
    ).toEqual({
      label: 'Loading...',
      tone: 'neutral',
    });
    expect(connectionButtonLabel(s, { ...idle, connecting: true, status: 'expired' })).toEqual({
      label: 'Connecting...',
      tone: 'neutral',
    });
    expect(connectionButtonLabel(s, { ...idle, status: 'connected' })).toEqual({
      label: '✓ Calendly Connected',
      tone: 'connected',
    });
    expect(connectionButtonLabel('google_calendar', { ...idle, status: 'expired' })).toEqual({
      label: 'Reconnect Google Calendar',
      tone: 'expired',
    });
  });
});

describe('services and popup constants', () => {
  it('recognises exactly the four services', () => {
    expect(CALENDAR_SERVICES.every(isCalendarService)).toBe(true);
    expect(isCalendarService('outlook')).toBe(false);
    expect(isCalendarService('outlook_calendar')).toBe(true);
    expect(Object.keys(CALENDAR_SERVICE_NAMES).sort()).toEqual([...CALENDAR_SERVICES].sort());
  });

  it('uses the spec §9 popup size and timings', () => {
    expect(OAUTH_POPUP).toEqual({ width: 500, height: 600, timeoutMs: 300_000, pollIntervalMs: 1000 });
  });
});
