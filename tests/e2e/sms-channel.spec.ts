import { expect, test } from '@playwright/test';
import { ADVANCED_OPT_OUT, APPOINTMENT_REPLY_WORDS } from '../../shared/carrier-keywords';
import { GET_PAID_TEXTS } from '../../shared/get-paid';
import {
  connectStripeFromDashboard,
  openDayAhead,
  openPhone,
  randomCaller,
  salonOwner,
  textAssistant as text,
} from './assistant-owner';
import { appUrl } from './support';

test.use({ baseURL: appUrl() });

test('an owner connects Stripe; a caller texts, books and pays the deposit into it; the owner sees the money, and a cancellation refunds it; the test chat books too', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  // A salon owner: the first objective offered is "Book Appointments with Deposit".
  const { assistantNumber } = await salonOwner(page, 'Bella Hair Studio');
  const day = openDayAhead(2);
  // Deposits are off until the owner's own Stripe account can be paid; the card says so, then connects it.
  await page.goto('/dashboard?tab=overview');
  await expect(page.getByTestId('get-paid-deposits')).toHaveText(GET_PAID_TEXTS.deposits.needs_account);
  const card = await connectStripeFromDashboard(page);
  await expect(card.getByTestId('get-paid-deposits')).toHaveText(GET_PAID_TEXTS.deposits.on);
  await expect(card.getByTestId('get-paid-collected')).toHaveText('$0');
  // The owner refunds any cancellation before the start (a window of 0 hours).
  await card.getByLabel(GET_PAID_TEXTS.refundLabel).fill('0');
  await card.getByRole('button', { name: GET_PAID_TEXTS.save }).click();
  await expect(card.getByRole('status')).toHaveText(GET_PAID_TEXTS.saved);
  await page.screenshot({ path: '.local/test-results/get-paid-card.png', fullPage: true });

  // The caller texts the assistant number from the local phone page.
  const caller = randomCaller();
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, caller);
  await text(phone, `I want an appointment on ${day} at 10am`);
  await text(phone, 'yes, this is Ana');
  const thread = phone.getByTestId('phone-thread');
  await expect(thread).toContainText('$25 deposit');
  const link = phone.getByTestId('phone-received').filter({ hasText: 'deposit here' });
  await expect(link).toHaveCount(1);
  // The bubble's own text, without the time shown under it.
  const body = await link.evaluate((bubble) => bubble.firstChild?.textContent ?? '');
  const url = /(https?:\/\/\S+\/pay\/cs_\w+)/.exec(body)?.[1];
  expect(url).toBeTruthy();

  // The caller pays the deposit on the local payment page; the receipt arrives by text.
  const pay = await context.newPage();
  await pay.goto(url!);
  await expect(pay.getByTestId('payment-amount')).toHaveText('$25.00');
  await pay.getByRole('button', { name: /^Pay/ }).click();
  await expect(pay.getByTestId('payment-done')).toBeVisible();
  await expect(thread).toContainText('we received your $25 deposit', { timeout: 15_000 });

  // The money is in the owner's account: the Get paid card shows it.
  await page.goto('/dashboard?tab=overview');
  await expect(page.getByTestId('get-paid-collected')).toHaveText('$25');

  // The owner sees the appointment, the conversation and the revenue.
  await page.goto('/dashboard?tab=appointments');
  const row = page.getByTestId('appointment-row').filter({ hasText: 'Ana' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('10:00 AM');
  await expect(row).toContainText('Deposit $25 paid');
  // Cancelling from the dashboard frees the slot, refunds the deposit and texts the caller.
  await row.getByRole('button', { name: /^Cancel/ }).click();
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Cancelled. Ana was sent a text. ${GET_PAID_TEXTS.refunds.refunded}`,
  );
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Ana' })).toHaveCount(0);
  await expect(thread).toContainText('has been cancelled. Your deposit has been refunded.');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const revenue = page.locator('section', { has: page.getByRole('heading', { name: 'Revenue collected' }) });
  await expect(revenue).toContainText('$25');

  // The call log lists the conversation with its outcome, revenue and summary; it opens whole.
  await page.getByRole('tab', { name: 'Overview' }).click();
  // The refund came out of the owner's account, so their collected total is back to nothing.
  await expect(page.getByTestId('get-paid-collected')).toHaveText('$0');
  await page.getByRole('button', { name: 'View Call Logs' }).click();
  await expect(page.getByRole('tab', { name: 'Call Log' })).toHaveAttribute('aria-selected', 'true');
  const logRow = page.getByTestId('call-log-row').first();
  await expect(logRow).toContainText('SMS');
  await expect(logRow).toContainText('Deposit paid');
  await expect(logRow).toContainText('$25');
  await expect(logRow).toContainText(caller.slice(-4));
  // An English-only business has no language to filter by (spanish-call.spec.ts shows the filter).
  await expect(page.getByLabel('Caller number')).toBeVisible();
  await expect(page.locator('#call-log-language')).toHaveCount(0);
  await page.getByLabel('Outcome').selectOption('message_taken');
  await expect(page.getByText('No conversations match these filters.')).toBeVisible();
  await page.getByLabel('Outcome').selectOption('');
  await page.getByLabel('Caller number').fill(caller.slice(-7));
  await expect(page.getByTestId('call-log-row')).toHaveCount(1);
  await logRow.getByRole('button').click();
  await expect(page.getByTestId('conversation-transcript')).toContainText(
    `I want an appointment on ${day} at 10am`,
  );
  await expect(page.getByTestId('conversation-actions')).toContainText('Ana');
  await expect(page.getByTestId('call-back')).toHaveAttribute('href', `tel:${caller}`);
  await page.getByRole('button', { name: /Back to the call log/ }).click();

  // The owner's own test chat books through the same engine, with the booking shown inline.
  await page.getByRole('tab', { name: 'Overview' }).click();
  const input = page.getByLabel('Message to your assistant');
  await input.fill(`I want an appointment on ${openDayAhead(3)} at 11am`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('test-chat-engine')).toContainText('local engine');
  await expect(page.getByTestId('test-chat-thread')).toContainText('11:00 AM');
  await input.fill('yes, this is Sam');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('test-chat-action').filter({ hasText: /Booked .*Sam/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Sam' })).toHaveCount(1);
  // The test chat is in the log too, marked as a test.
  await page.getByRole('tab', { name: 'Call Log' }).click();
  await page.getByLabel('Channel').selectOption('test');
  await expect(page.getByTestId('call-log-row')).toHaveCount(1);
  await expect(page.getByTestId('call-log-row')).toContainText(/Booked .*Sam/);

  // Privacy: a shorter retention period, then everything about the texter erased.
  await page.getByLabel('Channel').selectOption('');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.getByLabel('Keep conversations and transcripts for').selectOption('30');
  await expect(privacy.getByRole('status')).toHaveText('Saved. Conversations are kept for 30 days.');
  await privacy.getByLabel('Erase everything about a caller').fill(caller);
  await privacy.getByRole('button', { name: 'Erase caller' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Erase caller' }).click();
  await expect(privacy.getByRole('status')).toHaveText(
    'Erased 1 conversation, 1 appointment and 0 messages.',
  );
  await expect(page.getByTestId('call-log-row').filter({ hasText: 'Deposit paid' })).toHaveCount(0);
});

test("a caller books by answering Yes and cancels in the confirmation's words; a bare Cancel unsubscribes until START", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { assistantNumber } = await salonOwner(page, 'Corner Cuts');
  const day = openDayAhead(2);
  const caller = randomCaller();
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, caller);
  const received = phone.getByTestId('phone-received');

  // "Shall I book it for you?" answered with a one-word Yes continues the booking.
  await text(phone, `I want an appointment on ${day} at 10am`);
  await expect(received.last()).toContainText('10:00 AM is open. Shall I book it for you?');
  await text(phone, 'Yes');
  await expect(received.last()).toContainText('What name should I put the booking under?');
  await text(phone, 'Ana');
  const confirmation = received.filter({ hasText: "Corner Cuts: you're booked" });
  await expect(confirmation).toHaveCount(1);
  await expect(confirmation).toContainText(
    `Reply ${APPOINTMENT_REPLY_WORDS.change} to move it or ${APPOINTMENT_REPLY_WORDS.cancel} to cancel it.`,
  );

  // A bare "Cancel" is a carrier keyword: Twilio's auto-reply unsubscribes the caller, and the booking stays.
  await text(phone, 'Cancel');
  await expect(received.last()).toContainText(ADVANCED_OPT_OUT.replies.opt_out({ name: 'Corner Cuts' }));
  await page.goto('/dashboard?tab=appointments');
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Ana' })).toHaveCount(1);
  // Nothing reaches an unsubscribed caller: their next text is delivered, and gets no answer.
  const before = await received.count();
  await phone.getByTestId('phone-message').fill('Please cancel my appointment');
  const delivered = phone.waitForResponse(
    (r) => r.url().endsWith('/local/phone/messages') && r.request().method() === 'POST',
  );
  await phone.getByTestId('phone-send').click();
  expect(await (await delivered).json()).toMatchObject({ replies: [] });
  await expect(phone.getByTestId('phone-sent').last()).toContainText('Please cancel my appointment');
  await expect(received).toHaveCount(before);

  // START re-subscribes; HELP names the business and how to reach it.
  await text(phone, 'START');
  await expect(received.last()).toContainText(
    'Corner Cuts: you are subscribed to texts from this number again',
  );
  await text(phone, 'help');
  await expect(received.last()).toContainText('Corner Cuts: this number is answered by an AI receptionist.');
  await expect(received.last()).toContainText('To reach the business, call (');

  // The confirmation's own words cancel it.
  await text(phone, APPOINTMENT_REPLY_WORDS.cancel);
  await expect(received.filter({ hasText: 'Done: your appointment on' })).toHaveCount(1);
  await expect(received.filter({ hasText: 'Corner Cuts: your appointment on' })).toContainText(
    'is cancelled.',
  );
  await page.reload();
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Ana' })).toHaveCount(0);
  await phone.screenshot({ path: '.local/test-results/sms-keywords-phone.png', fullPage: true });
});
