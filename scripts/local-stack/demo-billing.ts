import { isSubscribed, localPriceId } from '../../shared/plans';
import { getPaidStatusSchema, onboardingLinkSchema } from '../../shared/schemas/get-paid';
import { checkoutResponseSchema, subscriptionStatusSchema } from '../../shared/schemas/subscription';
import type { DemoStack } from './demo-owner';

/**
 * The demo owner's money, set up through the API and the local payment provider exactly as an owner's
 * clicks do it (checkout, Connect onboarding), so the subscription and payout account are real local ones.
 */

/** The demo's plan: the one a salon owner would pick first. */
const DEMO_PRICE_ID = localPriceId('essential', 'month');

/** The owner's API, as the web app calls it (their ID token); a non-2xx answer is an error. */
const ownerApi = (stack: DemoStack, idToken: string) => async (path: string, body?: object) => {
  const response = await fetch(new URL(path, stack.apiUrl), {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
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
