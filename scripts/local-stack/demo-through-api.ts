import { isSubscribed, localPriceId } from '../../shared/plans';
import { getPaidStatusSchema, onboardingLinkSchema } from '../../shared/schemas/get-paid';
import {
  assistantPhoneResponseSchema,
  availablePhoneNumbersResponseSchema,
} from '../../shared/schemas/phone-numbers';
import { checkoutResponseSchema, subscriptionStatusSchema } from '../../shared/schemas/subscription';
import type { DemoStack } from './demo-owner';

/**
 * What the demo owner sets up through the API and the local providers exactly as an owner's clicks do it
 * (checkout, a number bought in step 4, Connect onboarding), so the subscription, the assistant's number and
 * the payout account are real local ones: the local phone can call and text the demo's assistant.
 */

/** The demo's plan: the one a salon owner would pick first. */
const DEMO_PRICE_ID = localPriceId('essential', 'month');

class ApiAnswerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The owner's API, as the web app calls it (their ID token); a non-2xx answer throws ApiAnswerError. */
const ownerApi = (stack: DemoStack, idToken: string) => async (path: string, body?: object) => {
  const response = await fetch(new URL(path, stack.apiUrl), {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!response.ok)
    throw new ApiAnswerError(
      response.status,
      `${path} answered ${response.status}: ${await response.text()}`,
    );
  return response.json() as Promise<unknown>;
};

/** Presses a button of the local payment provider's pages (a form POST answered with a redirect). */
async function pressLocalPaymentsButton(url: string, what: string) {
  const response = await fetch(url, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`${what} answered ${response.status}`);
}

/**
 * The 14-day trial, started the way /plans starts it: a checkout at the local payment provider, then its
 * "Pay" button, whose signed webhook sets the subscription. Nothing happens when one is already live, so
 * seeding again keeps the trial the first run started.
 */
export async function ensureTrial(stack: DemoStack, idToken: string) {
  const api = ownerApi(stack, idToken);
  const { status } = subscriptionStatusSchema.parse(await api('/oauth/subscription/status'));
  if (isSubscribed(status)) return;
  const checkout = checkoutResponseSchema.parse(
    await api('/oauth/subscription/checkout', {
      price_id: DEMO_PRICE_ID,
      success_url: `${stack.appUrl}/setup?payment=success&plan=${DEMO_PRICE_ID}`,
      cancel_url: `${stack.appUrl}/plans`,
    }),
  );
  await pressLocalPaymentsButton(`${checkout.checkout_url}/pay`, 'paying the demo checkout');
  const after = subscriptionStatusSchema.parse(await api('/oauth/subscription/status'));
  if (!isSubscribed(after.status)) throw new Error(`the demo trial did not start (status ${after.status})`);
}

/**
 * The Stripe account the demo's deposits were paid into, onboarded as the Get paid card does it (a Connect
 * onboarding link at the local provider, completed); answers the deposits collected so far.
 */
export async function ensurePayouts(stack: DemoStack, sub: string, idToken: string) {
  const api = ownerApi(stack, idToken);
  const path = `/oauth/users/${encodeURIComponent(sub)}/get-paid`;
  if (getPaidStatusSchema.parse(await api(path)).state !== 'ready') {
    const link = onboardingLinkSchema.parse(await api(`${path}/onboarding`, {}));
    await pressLocalPaymentsButton(`${new URL(link.url, stack.apiUrl)}/complete`, 'completing onboarding');
  }
  const status = getPaidStatusSchema.parse(await api(path));
  if (status.state !== 'ready') throw new Error(`the demo payout account is ${status.state}, not ready`);
  return status.collected_cents;
}

/**
 * The assistant's number, bought as step 4 buys it: a San Francisco (415) number if one is free, else any US
 * one; a number another owner reserved meanwhile (409) is skipped for the next.
 */
export async function buyAssistantNumber(stack: DemoStack, sub: string, idToken: string) {
  const api = ownerApi(stack, idToken);
  for (const query of ['country=US&area_code=415&limit=5', 'country=US&limit=5']) {
    const { numbers } = availablePhoneNumbersResponseSchema.parse(
      await api(`/oauth/phone-numbers/available?${query}`),
    );
    for (const { phone_number } of numbers) {
      try {
        const bought = assistantPhoneResponseSchema.parse(
          await api(`/oauth/users/${encodeURIComponent(sub)}/assistant-phone`, {
            assistant_phone: phone_number,
          }),
        );
        return bought.assistant_phone;
      } catch (error) {
        if (!(error instanceof ApiAnswerError && error.status === 409)) throw error;
      }
    }
  }
  throw new Error('no local number could be bought for the demo assistant');
}
