import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '@shared/calendar';
import type { OAuthConnection } from '@shared/schemas/calendar';
import { AuthProvider } from '../../../auth';
import { ConnectionsStep } from './connections-step';

/** Step 7 as the server would render it from cached connections (effects do not run: nothing is fetched). */
function renderStep(connections: OAuthConnection[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(['oauth-connections'], connections);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>
          <ConnectionsStep
            userId="owner-1"
            email="owner@example.com"
            config={null}
            storeConfig={() => undefined}
          />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const FAILED_AT = '2026-11-29T15:04:00.000Z';

describe('the calendar step: a calendar the vendor could not be reached at (decision 142, session 41)', () => {
  it('says so calmly, as a status line, beside the connected calendar, and asks for no reconnect', () => {
    const html = renderStep([
      {
        service: 'google_calendar',
        status: 'connected',
        account: 'ana@example.com',
        last_sync_failed_at: FAILED_AT,
      },
    ]);
    expect(html).toContain('data-testid="google_calendar-sync-failed"');
    expect(html).toContain(CALENDAR_MESSAGES.lastSyncFailed('google_calendar'));
    expect(html).toMatch(/role="status"[^>]*data-testid="google_calendar-sync-failed"/);
    expect(CALENDAR_MESSAGES.lastSyncFailed('google_calendar')).toContain('no need to reconnect');
    // Still connected: not the expired connection's note.
    expect(html).not.toContain(CALENDAR_MESSAGES.expiredFallback('google_calendar'));
    expect(html).toContain('Connected as ana@example.com');
  });

  it('says nothing of it once a later use worked, or when the connection expired', () => {
    const working = renderStep([{ service: 'google_calendar', status: 'connected' }]);
    expect(working).not.toContain('sync-failed');
    expect(working).not.toContain(CALENDAR_MESSAGES.lastSyncFailed('google_calendar'));

    // An expired connection asks for a reconnect, nothing else (the API never pairs the two, nor does the step).
    // (Beside a connected calendar, so the step shows the personal calendars' list.)
    const expired = renderStep([
      { service: 'calendly', status: 'connected' },
      { service: 'outlook_calendar', status: 'expired', last_sync_failed_at: FAILED_AT },
    ]);
    expect(expired).toContain(CALENDAR_MESSAGES.expiredFallback('outlook_calendar'));
    expect(expired).not.toContain(CALENDAR_MESSAGES.lastSyncFailed('outlook_calendar'));
  });
});
