import { expect, test, type Page } from '@playwright/test';
import { CALENDAR_MESSAGES } from '../../shared/calendar';
import { OVERVIEW_TEXTS } from '../../shared/overview';
import { PAYMENT_FAILED } from '../../shared/plans';
import { CALL_LOG_TEXTS } from '../../shared/call-log';
import type { AssistantStatus, OverviewResponse } from '../../shared/schemas/overview';
import { openPhone, salonOwner } from './assistant-owner';
import { appUrl } from './support';

test.use({ baseURL: appUrl() });

const SHOTS = '.local/test-results/owner-overview';

const figure = (page: Page, period: 'today' | 'week', key: string) =>
  page.getByTestId(`overview-${period}-${key}`);

test('after a local text and a local call, the Overview counts move, shows the live call and the log has both transcripts', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { assistantNumber } = await salonOwner(page, 'Overview Salon');
  await page.goto('/dashboard');
  await expect(page.getByTestId('assistant-status')).toHaveText('Active');
  await expect(figure(page, 'today', 'conversations')).toHaveText('0');
  await expect(page.getByTestId('no-live-call')).toBeVisible();
  await expect(page.getByText(OVERVIEW_TEXTS.timeToAnswerNone)).toBeVisible();

  // A caller texts the assistant from the local phone page.
  const caller = `+1628555${String(Math.floor(1000 + Math.random() * 9000))}`;
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, caller);
  const received = phone.getByTestId('phone-received');
  for (const [n, message] of [
    'Where are you located?',
    'Can I leave a message?',
    'Sam Lee',
    'Please call me back about prices',
  ].entries()) {
    await phone.getByTestId('phone-message').fill(message);
    await phone.getByTestId('phone-send').click();
    await expect(received).toHaveCount(n + 1);
  }

  // Then calls it; while the call is live the Overview says so.
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-assistant').first()).toContainText(
    'Thanks for calling Overview Salon',
  );
  await expect(phone.getByTestId('call-status')).toHaveText('In call');
  await page.bringToFront();
  await page.reload();
  await expect(page.getByTestId('on-a-call-now')).toContainText(OVERVIEW_TEXTS.onACallNow);
  await expect(page.getByTestId('on-a-call-now')).toContainText(caller.slice(-4));
  await expect(figure(page, 'today', 'conversations')).toHaveText('2');
  await expect(figure(page, 'week', 'conversations')).toHaveText('2');
  await page.screenshot({ path: `${SHOTS}/overview-live-call.png`, fullPage: true });

  await phone.bringToFront();
  await phone.getByTestId('call-say-text').fill('What are your hours?');
  await phone.getByTestId('call-say-send').click();
  await expect(phone.getByTestId('call-assistant')).toHaveCount(2);
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  // The Overview refreshes on its own (polling): the live call goes, time to answer shows.
  await page.bringToFront();
  await expect(page.getByTestId('no-live-call')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('time-to-answer')).toHaveText(/^\d+(\.\d)? (s|min)$/);
  await expect(figure(page, 'today', 'conversations')).toHaveText('2');
  // The message the assistant took waits until the owner marks it handled.
  await expect(figure(page, 'today', 'messages_waiting')).toHaveText('1');
  const message = page.getByTestId('waiting-message');
  await expect(message).toContainText('Sam Lee');
  await expect(message).toContainText('Please call me back about prices');
  await expect(message.getByRole('link', { name: /Call back/ })).toHaveAttribute('href', `tel:${caller}`);
  await page.screenshot({ path: `${SHOTS}/overview-after-calls.png`, fullPage: true });
  await message.getByRole('button', { name: OVERVIEW_TEXTS.markHandled }).click();
  await expect(message).toHaveCount(0);
  await expect(figure(page, 'today', 'messages_waiting')).toHaveText('0');

  // The call log shows both, each with its transcript.
  await page.getByRole('tab', { name: 'Call Log' }).click();
  const rows = page.getByTestId('call-log-row');
  await expect(rows).toHaveCount(2);
  for (const [channel, said] of [
    ['SMS', 'Where are you located?'],
    ['Call', 'What are your hours?'],
  ] as const) {
    const row = rows.filter({ has: page.getByText(channel, { exact: true }) });
    await expect(row).toHaveCount(1);
    await row.getByRole('button').first().click();
    await expect(page.getByTestId('conversation-transcript')).toContainText(said);
    await page.getByRole('button', { name: `← ${CALL_LOG_TEXTS.back}` }).click();
    await expect(page.getByTestId('conversation-transcript')).toHaveCount(0);
  }
});

/** Serves the real Overview with another status, as the API reports it for each state. */
async function withStatus(page: Page, status: AssistantStatus) {
  await page.route(/\/oauth\/users\/[^/]+\/overview$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as OverviewResponse;
    await route.fulfill({ response, json: { ...body, status } });
  });
}

test('the status card says what stops the assistant and leads to the fix, in every state', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await salonOwner(page, 'Status Salon');
  const badge = page.getByTestId('assistant-status');

  await page.goto('/dashboard');
  await expect(badge).toHaveText('Active');
  await expect(page.getByTestId('assistant-issues')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/status-active.png`, fullPage: true });

  await withStatus(page, { state: 'paused', label: 'Paused', issues: [{ kind: 'payment_failed' }] });
  await page.reload();
  await expect(badge).toHaveText('Paused');
  await expect(page.getByTestId('payment-failed')).toContainText(PAYMENT_FAILED.title);
  await expect(page.getByRole('button', { name: PAYMENT_FAILED.action })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/status-payment-failed.png`, fullPage: true });

  await page.unrouteAll();
  await withStatus(page, { state: 'paused', label: 'Paused', issues: [{ kind: 'subscription_lapsed' }] });
  await page.reload();
  await expect(page.getByTestId('issue-subscription_lapsed')).toContainText(
    OVERVIEW_TEXTS.issues.subscription_lapsed.message,
  );
  await page.screenshot({ path: `${SHOTS}/status-lapsed.png`, fullPage: true });
  await page.getByRole('button', { name: OVERVIEW_TEXTS.issues.subscription_lapsed.action }).click();
  await expect(page).toHaveURL(/\?tab=subscription$/);

  await page.unrouteAll();
  await withStatus(page, {
    state: 'paused',
    label: 'Paused',
    issues: [{ kind: 'no_number' }, { kind: 'calendar_expired', service: 'google_calendar' }],
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('issue-no_number')).toContainText(OVERVIEW_TEXTS.issues.no_number.message);
  await expect(page.getByTestId('issue-calendar_expired')).toContainText(
    'Your Google Calendar connection has expired',
  );
  await page.screenshot({ path: `${SHOTS}/status-no-number-calendar.png`, fullPage: true });
  await page.getByRole('button', { name: OVERVIEW_TEXTS.issues.no_number.action }).click();
  await expect(page).toHaveURL(/\/setup\?step=4$/);
  await expect(page.getByText('Step 4 of 7 (Editing)')).toBeVisible();

  await page.goto('/dashboard');
  await expect(badge).toHaveText('Paused');
  await page.getByRole('button', { name: 'Reconnect Google Calendar' }).click();
  await expect(page).toHaveURL(/\/setup\?step=7$/);
  await expect(page.getByText('Step 7 of 7 (Editing)')).toBeVisible();

  await page.unrouteAll();
  await withStatus(page, {
    state: 'attention',
    label: 'Needs attention',
    issues: [{ kind: 'calendar_expired', service: 'calendly' }],
  });
  await page.goto('/dashboard');
  await expect(badge).toHaveText('Needs attention');
  await expect(page.getByRole('button', { name: 'Reconnect Calendly' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/status-calendar-expired.png`, fullPage: true });
});

test('a calendar the vendor could not be reached at is told calmly on the Overview, still Active', async ({
  page,
}) => {
  await salonOwner(page, 'Status Salon');
  await withStatus(page, {
    state: 'active',
    label: 'Active',
    issues: [{ kind: 'calendar_unreachable', service: 'google_calendar' }],
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('assistant-status')).toHaveText('Active');
  const note = page.getByTestId('issue-calendar_unreachable');
  await expect(note.getByRole('status')).toHaveText(CALENDAR_MESSAGES.lastSyncFailed('google_calendar'));
  await expect(note.getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/status-calendar-unreachable.png`, fullPage: true });
});
