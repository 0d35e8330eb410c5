import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CALL_LOG_TEXTS } from '../../shared/call-log';
import { NOTIFICATION_TEXTS, UNSUBSCRIBE_TEXTS } from '../../shared/notifications';
import { openPhone, randomCaller, salonOwner } from './assistant-owner';
import { apiUrl, appUrl, outboxMessages, PASSWORD, type OutboxMessage } from './support';

test.use({ baseURL: appUrl() });

const SHOTS = '.local/test-results/notifications';
/** Where completeSetupThroughApi's step 5 sends escalations, and so the summaries (shared by tests). */
const ESCALATION_EMAIL = 'dana@example.com';

/** A caller rings the assistant from the local phone page, asks one thing and hangs up. */
async function callAndHangUp(context: BrowserContext, assistantNumber: string, caller: string) {
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, caller);
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-status')).toHaveText('In call');
  await phone.getByTestId('call-say-text').fill('What are your hours?');
  await phone.getByTestId('call-say-send').click();
  await expect(phone.getByTestId('call-assistant')).toHaveCount(2);
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');
  await phone.close();
}

/** This business's summary e-mails (the escalation address is shared, the business name is not). */
const summariesOf = async (business: string): Promise<OutboxMessage[]> =>
  (await outboxMessages()).filter(
    (m) =>
      m.to === ESCALATION_EMAIL && m.kind === 'notification-summary' && m.subject.startsWith(`${business}:`),
  );

const linkIn = (mail: OutboxMessage, label: string) => {
  const match = mail.text.match(new RegExp(`${label}: (\\S+)`));
  expect(match, `${label} link in the e-mail`).not.toBeNull();
  return match![1]!;
};

/** Runs the notification sweep now: whatever is due is sent, so "nothing was sent" is final. */
async function runSweep(page: Page) {
  const response = await page.request.post(`${apiUrl()}/local/notifications/run?jobs=sweep`);
  expect(response.status()).toBe(200);
}

test('a local call e-mails its summary; its link opens the conversation; the Notifications section and the unsubscribe link turn summaries off', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const business = `Notify Salon ${Math.floor(Math.random() * 1e6)}`;
  const { email, assistantNumber } = await salonOwner(page, business);
  const caller = randomCaller();

  // A call ends: the summary e-mail reaches the local outbox within seconds.
  await callAndHangUp(context, assistantNumber, caller);
  await expect.poll(async () => (await summariesOf(business)).length, { timeout: 20_000 }).toBe(1);
  const [summary] = await summariesOf(business);
  expect(summary!.text).toContain('What are your hours?');

  // Its link opens that conversation in the call log.
  const conversationUrl = linkIn(summary!, 'Open the conversation');
  expect(conversationUrl).toMatch(/\/dashboard\?tab=calls&conversation=[^&]+&started_at=/);
  await page.goto(new URL(conversationUrl).pathname + new URL(conversationUrl).search);
  await expect(page.getByRole('tab', { name: 'Call Log' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('conversation-transcript')).toContainText('What are your hours?');
  await page.getByRole('button', { name: `← ${CALL_LOG_TEXTS.back}` }).click();
  await expect(page.getByTestId('call-log-row')).toHaveCount(1);

  // Signed out, the same link opens the conversation after signing in.
  const signedOut = await browser.newContext({ baseURL: appUrl() });
  const fresh = await signedOut.newPage();
  await fresh.goto(new URL(conversationUrl).pathname + new URL(conversationUrl).search);
  await expect(fresh).toHaveURL(/\/login$/);
  await fresh.getByLabel('Email').fill(email);
  await fresh.getByLabel('Password').fill(PASSWORD);
  await fresh.getByRole('button', { name: 'Log In' }).click();
  await expect(fresh.getByTestId('conversation-transcript')).toContainText('What are your hours?', {
    timeout: 20_000,
  });
  await signedOut.close();

  // A conversation that no longer exists is said so in words.
  await page.goto(
    `/dashboard?tab=calls&conversation=call-CA${'0'.repeat(32)}&started_at=${encodeURIComponent(new Date().toISOString())}`,
  );
  await expect(page.getByRole('alert')).toHaveText(CALL_LOG_TEXTS.notFound);

  // The owner turns summaries off in the Notifications section: the next call sends none.
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const summarySwitch = page.getByRole('switch', { name: NOTIFICATION_TEXTS.summaryLabel });
  await expect(summarySwitch).toBeChecked();
  await expect(page.getByLabel(NOTIFICATION_TEXTS.emailLabel)).toHaveValue(ESCALATION_EMAIL);
  await page.screenshot({ path: `${SHOTS}/notifications-defaults.png`, fullPage: true });
  await summarySwitch.uncheck();
  await page.getByRole('button', { name: NOTIFICATION_TEXTS.save }).click();
  await expect(page.getByRole('status')).toHaveText(NOTIFICATION_TEXTS.saved);
  await page.reload();
  await expect(page.getByRole('switch', { name: NOTIFICATION_TEXTS.summaryLabel })).not.toBeChecked();

  await callAndHangUp(context, assistantNumber, caller);
  await page.getByRole('tab', { name: 'Call Log' }).click();
  await expect(page.getByTestId('call-log-row')).toHaveCount(2);
  await runSweep(page);
  expect(await summariesOf(business)).toHaveLength(1);

  // Back on; then the first e-mail's unsubscribe link turns them off again, as the dashboard shows.
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('switch', { name: NOTIFICATION_TEXTS.summaryLabel }).check();
  await page.getByRole('button', { name: NOTIFICATION_TEXTS.save }).click();
  await expect(page.getByRole('status')).toHaveText(NOTIFICATION_TEXTS.saved);
  await page.goto(linkIn(summary!, 'Unsubscribe'));
  await expect(page.getByText(UNSUBSCRIBE_TEXTS.confirmQuestion('summary'))).toBeVisible();
  await page.getByRole('button', { name: UNSUBSCRIBE_TEXTS.confirmButton }).click();
  await expect(page.getByText(UNSUBSCRIBE_TEXTS.done('summary'))).toBeVisible();
  await page.goto('/dashboard?tab=notifications');
  await expect(page.getByRole('switch', { name: NOTIFICATION_TEXTS.summaryLabel })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: NOTIFICATION_TEXTS.digestLabel })).toBeChecked();
});

test('urgent texts: the section asks for a valid mobile and at least one outcome, then saves', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await salonOwner(page, `Urgent Salon ${Math.floor(Math.random() * 1e6)}`);
  await page.goto('/dashboard?tab=notifications');
  await page.getByRole('switch', { name: NOTIFICATION_TEXTS.urgentLabel }).check();
  const mobile = page.getByLabel(NOTIFICATION_TEXTS.mobileLabel);
  await mobile.fill('+44 20 7946 0958');
  await page.getByRole('checkbox', { name: NOTIFICATION_TEXTS.reasonLabels.deposit_paid }).uncheck();
  await page.getByRole('button', { name: NOTIFICATION_TEXTS.save }).click();
  await expect(page.getByText(NOTIFICATION_TEXTS.invalidMobile)).toBeVisible();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/notifications-urgent-error.png`, fullPage: true });

  await mobile.fill('(415) 555-0177');
  await page.getByRole('button', { name: NOTIFICATION_TEXTS.save }).click();
  await expect(page.getByRole('status')).toHaveText(NOTIFICATION_TEXTS.saved);
  await page.screenshot({ path: `${SHOTS}/notifications-urgent-saved.png`, fullPage: true });
  await page.reload();
  await expect(page.getByLabel(NOTIFICATION_TEXTS.mobileLabel)).toHaveValue('415-555-0177');
  await expect(
    page.getByRole('checkbox', { name: NOTIFICATION_TEXTS.reasonLabels.deposit_paid }),
  ).not.toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: NOTIFICATION_TEXTS.reasonLabels.message_taken }),
  ).toBeChecked();

  // Unticking every outcome is refused in words, and nothing is saved.
  await page.getByRole('checkbox', { name: NOTIFICATION_TEXTS.reasonLabels.message_taken }).uncheck();
  await page.getByRole('checkbox', { name: NOTIFICATION_TEXTS.reasonLabels.transfer_failed }).uncheck();
  await page.getByRole('button', { name: NOTIFICATION_TEXTS.save }).click();
  await expect(page.getByText(NOTIFICATION_TEXTS.reasonRequired)).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('checkbox', { name: NOTIFICATION_TEXTS.reasonLabels.message_taken }),
  ).toBeChecked();
});
