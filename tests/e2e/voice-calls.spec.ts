import { expect, test } from '@playwright/test';
import { openDayAhead, openPhone, randomCaller, salonOwner, sayOnCall as say } from './assistant-owner';
import { apiFromPage, appUrl } from './support';

test.use({ baseURL: appUrl() });

const MANAGER = '+14155550199';

test('a local call books an appointment; a call for the manager nobody answers ends in a message texted to them', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { userId, assistantNumber } = await salonOwner(page, 'Bella Hair Studio');
  // Messages the assistant takes are texted to the manager.
  const behavior = await apiFromPage(page, 'PUT', `/oauth/users/${userId}/behavior-settings`, {
    remember_past_callers: true,
    manager_number: MANAGER,
    manager_name: 'Dana Lee',
    escalation_email: 'dana@example.com',
    text_escalation_to_manager: true,
  });
  expect(behavior.status).toBe(200);

  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-assistant').first()).toContainText(
    'Thanks for calling Bella Hair Studio',
  );
  await expect(phone.getByTestId('call-status')).toHaveText('In call');
  await say(phone, `I want an appointment on ${openDayAhead(2)} at 10am`);
  const booked = await say(phone, 'yes, this is Ana');
  expect(booked).toMatch(/deposit|booked/i);
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  await page.goto('/dashboard?tab=appointments');
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Ana' })).toHaveCount(1);
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Ana' })).toContainText('10:00 AM');

  // Second call: the caller asks for the manager, whose line rings on the same page and rings out.
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-status')).toHaveText('In call');
  await say(phone, 'Can I speak to the manager please?');
  const managerLine = phone.getByTestId('manager-line');
  await expect(managerLine).toBeVisible();
  await expect(phone.getByTestId('manager-status')).toContainText(`Ringing: ${MANAGER}`);
  await expect(phone.getByTestId('manager-whisper')).toContainText('asked for a person');
  const comeBack = phone.getByTestId('call-assistant');
  const before = await comeBack.count();
  await phone.getByTestId('manager-ring-out').click();
  await expect(comeBack).toHaveCount(before + 1);
  await expect(comeBack.last()).toContainText("Dana Lee couldn't pick up");
  await say(phone, 'Sam Lee');
  await say(phone, 'Please call me back about moving my Wednesday appointment');
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  // The manager's texts, seen on the local phone as the manager's own number.
  await openPhone(phone, assistantNumber, MANAGER);
  await expect(phone.getByTestId('phone-thread')).toContainText('you missed a transferred call');
  await expect(phone.getByTestId('phone-thread')).toContainText('message from Sam Lee');
});

test("the owner's Call Assistant calls in the browser over the relay; on a phone it dials the number", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { assistantNumber } = await salonOwner(page, 'Test Call Salon');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Call Assistant' }).click();
  const call = page.getByTestId('test-call');
  await expect(call.getByTestId('test-call-state')).toHaveText('In call');
  await expect(call.getByTestId('test-call-assistant').first()).toContainText(
    'Thanks for calling Test Call Salon',
  );
  await call.getByLabel('Say to the assistant').fill('Where are you located?');
  await call.getByRole('button', { name: 'Say' }).click();
  await expect(call.getByTestId('test-call-owner')).toHaveText('You: Where are you located?');
  await expect(call.getByTestId('test-call-assistant').nth(1)).toContainText('500 Market St');
  await call.getByRole('button', { name: 'Hang up' }).click();
  await expect(call.getByTestId('test-call-state')).toHaveText('Call ended');
  await call.getByRole('button', { name: 'Close' }).click();
  await expect(call).toHaveCount(0);

  // On a phone, Call Assistant is the number itself.
  const phoneContext = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const mobile = await phoneContext.newPage();
  await mobile.goto(`${appUrl()}/dashboard`);
  await expect(mobile.getByRole('link', { name: 'Call Assistant' })).toHaveAttribute(
    'href',
    `tel:${assistantNumber}`,
  );
  await phoneContext.close();
});

test("a call to a lapsed owner's number is forwarded to the business's own line", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { assistantNumber } = await salonOwner(page, 'Lapsed Cuts');
  const config = await apiFromPage(page, 'GET', '/oauth/subscription/status');
  expect(config.body.status).toBe('trialing');
  await page.goto('/dashboard?tab=subscription');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('local-subscription-status')).toHaveText('canceled');

  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  await phone.getByTestId('phone-call').click();
  const transcript = phone.getByTestId('call-transcript');
  await expect(transcript).toContainText('Thanks for calling Lapsed Cuts. Please hold while we connect you.');
  await expect(transcript).toContainText(/Forwarded to the business line \+1\d{10}/);
  await expect(phone.getByTestId('call-status')).toContainText('Forwarded to +1');
  await expect(phone.getByTestId('call-say-text')).toBeHidden();
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');
});
