import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '@shared/calendar';
import { OVERVIEW_TEXTS } from '@shared/overview';
import type { AssistantIssue } from '@shared/schemas/overview';
import { StatusIssues } from './status-issues';

const render = (issues: AssistantIssue[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <StatusIssues issues={issues} onOpenTab={() => undefined} />
    </MemoryRouter>,
  );

describe("the Overview's status: a calendar its vendor could not be reached at (decision 142, session 42)", () => {
  it('is a calm status line with no button: reconnecting would not help', () => {
    const html = render([{ kind: 'calendar_unreachable', service: 'outlook_calendar' }]);
    expect(html).toContain('data-testid="issue-calendar_unreachable"');
    expect(html).toContain(`<p role="status">${CALENDAR_MESSAGES.lastSyncFailed('outlook_calendar')}</p>`);
    expect(html).not.toContain('<button');
    expect(html).not.toContain('Reconnect');
  });

  it('an expired calendar beside it keeps its Reconnect button', () => {
    const html = render([
      { kind: 'calendar_expired', service: 'calendly' },
      { kind: 'calendar_unreachable', service: 'google_calendar' },
    ]);
    expect(html).toContain(`>${OVERVIEW_TEXTS.calendarExpired('calendly').action}</button>`);
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain(CALENDAR_MESSAGES.lastSyncFailed('google_calendar'));
  });
});
