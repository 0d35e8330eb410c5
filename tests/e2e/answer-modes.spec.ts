import { expect, test, type Page } from '@playwright/test';
import { ANSWER_MODE_TEXTS } from '../../shared/answer-mode-values';
import type { CallLogPage } from '../../shared/schemas/call-log';
import {
  CALL_LOG_TEXTS,
  CALL_ROUTE_LABELS,
  OUTCOME_LABELS,
  OWNER_ANSWERED_SUMMARY,
  OWNER_MISSED_SUMMARY,
} from '../../shared/call-log';
import { openPhone, randomCaller, salonOwner } from './assistant-owner';
import { apiFromPage, appUrl } from './support';

test.use({ baseURL: appUrl(), timezoneId: 'America/Los_Angeles' });

/**
 * The assistant has the call: the relay's setup stored when it answered, which the call log's newest entry
 * shows. The local phone shows the greeting as it opens the relay's socket, a moment before the setup is
 * stored, so a caller who hangs up at once may have hung up before the assistant answered.
 */
async function assistantAnswered(page: Page, userId: string) {
  await expect
    .poll(async () => {
      const page1 = await apiFromPage(page, 'GET', `/oauth/users/${userId}/conversations`);
      return (page1.body as CallLogPage).entries[0]?.answered;
    })
    .toBe(true);
}

/** The owner picks when the assistant answers on the dashboard's Overview and saves. */
async function chooseMode(page: Page, mode: 'ring_first' | 'after_hours', ringSeconds?: number) {
  await page.goto('/dashboard?tab=overview');
  const settings = page.getByTestId('answer-mode-settings');
  await expect(settings).toContainText(ANSWER_MODE_TEXTS.title);
  await settings.getByTestId(`answer-mode-${mode}`).check();
  if (ringSeconds !== undefined) await settings.getByTestId('ring-seconds').fill(String(ringSeconds));
  await settings.getByTestId('answer-mode-save').click();
  await expect(settings.getByTestId('answer-mode-status')).toHaveText(ANSWER_MODE_TEXTS.saved);
}

test('ring me first: an unanswered business phone rings for the chosen seconds, then the assistant answers', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { userId, assistantNumber } = await salonOwner(page, 'Sunset Cuts');
  await chooseMode(page, 'ring_first', 10);
  const config = await apiFromPage(page, 'GET', `/oauth/users/${userId}/config`);
  expect(config.body).toMatchObject({ answer_mode: 'ring_first', ring_seconds: 10 });

  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  await phone.getByTestId('phone-call').click();
  const startedAt = Date.now();
  await expect(phone.getByTestId('business-line')).toBeVisible();
  await expect(phone.getByTestId('business-status')).toContainText('rings out after 10 s');
  // Nobody touches the business phone: after the 10 seconds the assistant picks up.
  await expect(phone.getByTestId('call-assistant').first()).toContainText(
    'Thanks for calling Sunset Cuts, the team is with clients right now',
    { timeout: 20_000 },
  );
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(9_500);
  await expect(phone.getByTestId('business-status')).toHaveText('Rang out: nobody answered');
  await assistantAnswered(page, userId);
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  // The call log says how the call reached the assistant.
  await page.goto('/dashboard?tab=calls');
  await expect(page.getByTestId('call-log-route').first()).toHaveText(
    'You did not pick up: your assistant answered',
  );
});

test('ring me first: a call the owner picks up on the business phone is in the call log as answered by them', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { assistantNumber } = await salonOwner(page, 'Sunset Cuts');
  await chooseMode(page, 'ring_first', 30);

  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('business-line')).toBeVisible();
  await phone.getByTestId('business-answer').click();
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');
  await expect(phone.getByTestId('call-assistant')).toHaveCount(0);

  await page.goto('/dashboard?tab=calls');
  const row = page.getByTestId('call-log-row').first();
  await expect(row.getByTestId('call-log-route')).toHaveText(CALL_ROUTE_LABELS.owner);
  await expect(row).toContainText(OWNER_ANSWERED_SUMMARY);
  await page.screenshot({ path: '.local/test-results/call-log-owner-answered.png', fullPage: true });
  await row.getByRole('button').first().click();
  await expect(page.getByTestId('conversation-route')).toHaveText(CALL_ROUTE_LABELS.owner);
  await expect(page.getByTestId('conversation-owner-answered')).toHaveText(CALL_LOG_TEXTS.ownerAnswered);
  await page.screenshot({ path: '.local/test-results/call-log-owner-answered-detail.png', fullPage: true });
});

test('after hours only: 11:00 on a weekday goes to the business line, 21:00 to the assistant', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { userId, assistantNumber } = await salonOwner(page, 'Sunset Cuts');
  await chooseMode(page, 'after_hours');

  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  // Tuesday 1 December 2026 at 11:00 in Los Angeles (the salon's time zone, and this browser's).
  await phone.locator('details.call-when summary').click();
  await phone.getByTestId('phone-call-at').fill('2026-12-01T11:00');
  await phone.getByTestId('phone-call').click();
  // The business phone rings (Twilio's own 30 s); the owner picks up there.
  await expect(phone.getByTestId('business-status')).toContainText('+14155550142 (rings out after 30 s)');
  await phone.getByTestId('business-answer').click();
  await expect(phone.getByTestId('business-status')).toContainText('You picked up');
  await expect(phone.getByTestId('call-assistant')).toHaveCount(0);
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  // Again at 11:00, and nobody picks up: the caller gives up while it rings.
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('business-status')).toContainText('rings out after 30 s');
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  await phone.getByTestId('phone-call-at').fill('2026-12-01T21:00');
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-assistant').first()).toContainText(
    "Thanks for calling Sunset Cuts, we're closed right now, but I can book you for tomorrow",
  );
  await assistantAnswered(page, userId);
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  await page.goto('/dashboard?tab=calls');
  // Newest first: the assistant's evening call, then the two the business phone had in opening hours.
  const routes = page.getByTestId('call-log-route');
  await expect(routes).toHaveText([
    'Answered after hours',
    CALL_ROUTE_LABELS.ownerMissed.canceled,
    CALL_ROUTE_LABELS.owner,
  ]);
  const missed = page.getByTestId('call-log-row').nth(1);
  await expect(missed).toContainText(OUTCOME_LABELS.missed);
  await expect(missed).toContainText(OWNER_MISSED_SUMMARY);
  await page.screenshot({ path: '.local/test-results/call-log-business-line.png', fullPage: true });
  await missed.getByRole('button').first().click();
  await expect(page.getByTestId('conversation-owner-missed')).toHaveText(CALL_LOG_TEXTS.ownerMissed);
  await page.screenshot({ path: '.local/test-results/call-log-business-line-missed.png', fullPage: true });
});
