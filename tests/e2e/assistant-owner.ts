import { expect, type Page } from '@playwright/test';
import { GET_PAID_TEXTS } from '../../shared/get-paid';
import { addDays, weekdayOf, WEEKDAY_NAMES, zonedParts } from '../../shared/receptionist/business-time';
import { localPriceId } from '../../shared/plans';
import { apiUrl, completeSetupThroughApi, ownerApi, subscribeThroughLocalCheckout } from './support';
import { signUpThroughApi } from './seeded-owner';

/** Opening hours in Los Angeles, Monday to Saturday 9 to 5: inside them the assistant books. */
export const SALON_HOURS = [
  'Monday: 9:00 AM – 5:00 PM',
  'Tuesday: 9:00 AM – 5:00 PM',
  'Wednesday: 9:00 AM – 5:00 PM',
  'Thursday: 9:00 AM – 5:00 PM',
  'Friday: 9:00 AM – 5:00 PM',
  'Saturday: 9:00 AM – 5:00 PM',
  'Sunday: Closed',
];

/**
 * A salon owner on a free trial of Pro whose setup is complete, with opening hours in Los Angeles: the owner
 * the receptionist specs talk to (the salon's first objective is "Book Appointments with Deposit"). Seeded
 * through the identity service and the API (seeded-owner.ts): these specs are about the assistant, and the
 * sign-up page, the terms and the plan cards are clicked through by the auth, payments and referral specs.
 */
export async function salonOwner(page: Page, businessName: string) {
  const { email, userId } = await signUpThroughApi(page, {
    form: { businessName, businessType: 'salon' },
    termsAccepted: true,
    openPlans: false,
  });
  // The Pro card's Free Trial on /plans: the plan chosen, then its checkout paid.
  const api = await ownerApi(page);
  const proMonthly = localPriceId('pro', 'month');
  const chosen = await api('POST', `/oauth/users/${userId}/select-plan`, { price_id: proMonthly });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  await subscribeThroughLocalCheckout(page, proMonthly);
  await completeSetupThroughApi(page);
  const settings = await api('PUT', `/oauth/users/${userId}/config`, {
    business_hours: { weekday_text: SALON_HOURS },
    time_zone: 'America/Los_Angeles',
  });
  expect(settings.status).toBe(200);
  const config = await api('GET', `/oauth/users/${userId}/config`);
  const assistantNumber = String(config.body.assistant_phone);
  expect(assistantNumber).toMatch(/^\+1\d{10}$/);
  return { userId, email, assistantNumber };
}

/**
 * The owner connects their own Stripe account from the dashboard's Get paid card, finishing onboarding on
 * the local provider's page (Stripe's, deployed), and comes back to a ready account.
 */
export async function connectStripeFromDashboard(page: Page) {
  await page.goto('/dashboard?tab=overview');
  const card = page.getByTestId('get-paid');
  await expect(card.getByTestId('get-paid-state')).toHaveText(GET_PAID_TEXTS.badges.not_started);
  await card.screenshot({ path: '.local/test-results/get-paid-not-started.png' });
  await card.getByRole('button', { name: GET_PAID_TEXTS.actions.not_started }).click();
  await expect(page.getByTestId('local-connect-onboarding')).toBeVisible();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=overview$/);
  await expect(card.getByTestId('get-paid-state')).toHaveText(GET_PAID_TEXTS.badges.ready);
  return card;
}

/**
 * A weekday the salon is open, `daysAhead` days from today in Los Angeles (Sunday, closed, moves to Monday):
 * a caller asking for "<day> at 10am" gets that time whatever day the suite runs on. ("Wednesday" asked on
 * a Wednesday afternoon means today, whose morning is gone.)
 */
export function openDayAhead(daysAhead: number): string {
  const today = zonedParts(new Date(), 'America/Los_Angeles');
  let day = addDays(today, daysAhead);
  if (weekdayOf(day) === 6) day = addDays(day, 1);
  return WEEKDAY_NAMES[weekdayOf(day)]!;
}

/** A caller's number of its own per test, so parallel specs never share a thread. */
export const randomCaller = () => `+1628555${String(Math.floor(1000 + Math.random() * 9000))}`;

/** The local phone page (the local telephony provider's handset), dialled from `caller`. */
export async function openPhone(phone: Page, assistantNumber: string, caller: string) {
  await phone.goto(
    `${apiUrl()}/local/phone?to=${encodeURIComponent(assistantNumber)}&from=${encodeURIComponent(caller)}`,
  );
  await expect(phone.getByTestId('phone-assistant-number')).toHaveValue(assistantNumber);
}

/** Sends a text on the local phone page and waits for the assistant's answer to show in the thread. */
export async function textAssistant(phone: Page, message: string) {
  const received = phone.getByTestId('phone-received');
  const before = await received.count();
  await phone.getByTestId('phone-message').fill(message);
  await phone.getByTestId('phone-send').click();
  await expect(received).not.toHaveCount(before);
}

/** Says something on the call and waits for the assistant's next line in the transcript. */
export async function sayOnCall(phone: Page, words: string) {
  const replies = phone.getByTestId('call-assistant');
  const before = await replies.count();
  await phone.getByTestId('call-say-text').fill(words);
  await phone.getByTestId('call-say-send').click();
  await expect(replies).toHaveCount(before + 1);
  const reply = replies.nth(before);
  // The reply streams in: wait until it stops growing.
  let text = '';
  await expect
    .poll(async () => {
      const now = (await reply.textContent()) ?? '';
      const settled = now === text && now.length > 'Assistant: '.length;
      text = now;
      return settled;
    })
    .toBe(true);
  return text;
}
