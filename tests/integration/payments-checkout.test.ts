import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { isLocalPaymentsProvider } from '../../backend/src/local/stripe/local-payments';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const APP_ORIGIN = 'http://localhost:5173';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });
const checkoutBody = (priceId = 'price_pro_monthly', overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    price_id: priceId,
    success_url: `${APP_ORIGIN}/setup?payment=success&plan=${priceId}`,
    cancel_url: `${APP_ORIGIN}/plans?payment=cancelled`,
    ...overrides,
  });

describe('plans, checkout and the local checkout page', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'payer');
  const other = await createConfirmedUser(services, 'other');
  const token = owner.tokens.IdToken;

  const status = async (idToken = token) =>
    (await (await app.request('/oauth/subscription/status', { headers: bearer(idToken) })).json()) as {
      status: string;
      price_id: string | null;
      plan_id: string | null;
    };

  it('lists the catalogue: essential 99, pro 199, enterprise 399 a month, with yearly variants', async () => {
    const response = await app.request('/oauth/subscription/products', { headers: bearer(token) });
    expect(response.status).toBe(200);
    const { products } = (await response.json()) as {
      products: Array<{ name: string; amount: number; interval: string; metadata: Record<string, string> }>;
    };
    const monthly = products.filter((p) => p.interval === 'month');
    expect(monthly.map((p) => [p.name, p.amount / 100, p.metadata.ValueOrder])).toEqual([
      ['Essential', 99, '1'],
      ['Pro', 199, '2'],
      ['Enterprise', 399, '3'],
    ]);
    expect(products.filter((p) => p.interval === 'year')).toHaveLength(3);
  });

  it('refuses checkout return URLs on a foreign origin, and unknown or waitlisted prices', async () => {
    for (const overrides of [
      { success_url: 'https://evil.test/setup?payment=success' },
      { cancel_url: 'https://evil.test/plans' },
      { success_url: 'http://localhost:5999/setup' },
    ]) {
      const response = await app.request('/oauth/subscription/checkout', {
        method: 'POST',
        headers: bearer(token),
        body: checkoutBody('price_pro_monthly', overrides),
      });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
    }
    const unknown = await app.request('/oauth/subscription/checkout', {
      method: 'POST',
      headers: bearer(token),
      body: checkoutBody('price_nope'),
    });
    expect(unknown.status).toBe(400);
    const waitlisted = await app.request('/oauth/subscription/checkout', {
      method: 'POST',
      headers: bearer(token),
      body: checkoutBody('price_enterprise_monthly'),
    });
    expect(waitlisted.status).toBe(400);
    expect(
      await doc.send(new GetCommand({ TableName: tableName, Key: keys.billingCustomer(owner.sub) })),
    ).not.toHaveProperty('Item');
  });

  it('answers a business_id the owner does not have with the message the plans page recognises', async () => {
    const response = await app.request('/oauth/subscription/checkout', {
      method: 'POST',
      headers: bearer(other.tokens.IdToken),
      body: checkoutBody('price_pro_monthly', { business_id: 'biz-unknown' }),
    });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('business_id not found');
  });

  it('a double submit makes one customer and one session; paying makes the owner trialing', async () => {
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        app.request('/oauth/subscription/checkout', {
          method: 'POST',
          headers: bearer(token),
          body: checkoutBody(),
        }),
      ),
    );
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(200);
    const a = (await first!.json()) as { checkout_url: string; session_id: string };
    const b = (await second!.json()) as { checkout_url: string; session_id: string };
    expect(a.session_id).toBe(b.session_id);
    expect(a.checkout_url).toBe(`http://localhost/local/payments/checkout/${a.session_id}`);

    const customers = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': `USER#${owner.sub}`, ':sk': 'BILLING_CUSTOMER' },
      }),
    );
    expect(customers.Items).toHaveLength(1);
    const customerId = customers.Items![0]!.customer_id as string;
    const customer = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: { pk: `LOCALSTRIPE#CUSTOMER#${customerId}`, sk: 'CUSTOMER' },
      }),
    );
    expect(customer.Item?.metadata).toEqual({ cognito_user_id: owner.sub });

    const page = await app.request(new URL(a.checkout_url).pathname);
    expect(page.status).toBe(200);
    const pageText = await page.text();
    expect(pageText).toContain('Pro');
    expect(pageText).toContain('$199');
    expect(pageText).toContain('14-day free trial');

    expect((await status()).status).toBe('none');
    const paid = await app.request(`${new URL(a.checkout_url).pathname}/pay`, { method: 'POST' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${APP_ORIGIN}/setup?payment=success&plan=price_pro_monthly`);
    expect(await status()).toMatchObject({
      status: 'trialing',
      price_id: 'price_pro_monthly',
      plan_id: 'Pro',
    });

    // Paying twice (a double click on Pay) makes no second subscription.
    await app.request(`${new URL(a.checkout_url).pathname}/pay`, { method: 'POST' });
    const payments = deps.providers.payments;
    if (!isLocalPaymentsProvider(payments)) throw new Error('expected the local provider');
    expect(await payments.customerSubscriptions(customerId)).toHaveLength(1);

    // A later checkout reuses the same customer, and an owner already trialing cannot start another.
    const again = await app.request('/oauth/subscription/checkout', {
      method: 'POST',
      headers: bearer(token),
      body: checkoutBody('price_essential_yearly'),
    });
    expect(again.status).toBe(409);
  });

  it("'Upgrade' opens the portal on confirming the chosen plan; Confirm changes it and returns to the app", async () => {
    const portalFor = (body: Record<string, unknown>, bearerToken = token) =>
      app.request('/oauth/subscription/portal', {
        method: 'POST',
        headers: bearer(bearerToken),
        body: JSON.stringify({ return_url: `${APP_ORIGIN}/dashboard?tab=subscription`, ...body }),
      });
    // The owner trials Pro monthly (previous test); unknown, waitlist and current plans are refused.
    expect((await portalFor({ price_id: 'price_missing' })).status).toBe(400);
    expect((await portalFor({ price_id: 'price_enterprise_monthly' })).status).toBe(400);
    const same = await portalFor({ price_id: 'price_pro_monthly' });
    expect(same.status).toBe(409);
    expect(await same.json()).toMatchObject({ error: 'already_on_plan' });
    expect((await portalFor({ price_id: '' })).status).toBe(400);

    const response = await portalFor({ price_id: 'price_pro_yearly' });
    expect(response.status).toBe(200);
    const portalPath = new URL(((await response.json()) as { portal_url: string }).portal_url).pathname;
    const confirmPage = await (await app.request(portalPath)).text();
    expect(confirmPage).toContain('Confirm your new plan');
    expect(confirmPage).toMatch(/data-testid="local-update-to">\s*Pro — \$1,990\/year/);
    expect((await status()).price_id).toBe('price_pro_monthly');

    const confirmed = await app.request(`${portalPath}/confirm-update`, { method: 'POST' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${APP_ORIGIN}/dashboard?tab=subscription`);
    // The signed webhook reached the app before the redirect.
    expect(await status()).toMatchObject({ status: 'trialing', price_id: 'price_pro_yearly' });
    // Once changed, the same session shows the portal's home.
    expect(await (await app.request(portalPath)).text()).not.toContain('Confirm your new plan');
    // An owner without a subscription has nothing to change.
    expect((await portalFor({ price_id: 'price_pro_yearly' }, other.tokens.IdToken)).status).toBe(404);
  });

  it('the billing portal cancels: the owner becomes canceled', async () => {
    const response = await app.request('/oauth/subscription/portal', {
      method: 'POST',
      headers: bearer(token),
      body: JSON.stringify({ return_url: `${APP_ORIGIN}/dashboard` }),
    });
    expect(response.status).toBe(200);
    const { portal_url: portalUrl } = (await response.json()) as { portal_url: string };
    const portalPath = new URL(portalUrl).pathname;
    const portalPage = await (await app.request(portalPath)).text();
    const subscriptionId = portalPage.match(/subscriptions\/(sub_[a-z0-9]+)\/cancel/)?.[1];
    expect(subscriptionId).toBeTruthy();
    const canceled = await app.request(`${portalPath}/subscriptions/${subscriptionId}/cancel`, {
      method: 'POST',
      body: new URLSearchParams(),
    });
    expect(canceled.status).toBe(303);
    expect((await status()).status).toBe('canceled');

    const foreign = await app.request('/oauth/subscription/portal', {
      method: 'POST',
      headers: bearer(token),
      body: JSON.stringify({ return_url: 'https://evil.test/' }),
    });
    expect(foreign.status).toBe(400);
    const noCustomer = await app.request('/oauth/subscription/portal', {
      method: 'POST',
      headers: bearer(other.tokens.IdToken),
      body: JSON.stringify({ return_url: `${APP_ORIGIN}/dashboard` }),
    });
    expect(noCustomer.status).toBe(404);
  });

  it("per-user routes refuse another owner's token with 403", async () => {
    const selection = await app.request(`/oauth/users/${owner.sub}/select-plan`, {
      method: 'POST',
      headers: bearer(other.tokens.IdToken),
      body: JSON.stringify({ price_id: 'price_pro_monthly' }),
    });
    expect(selection.status).toBe(403);
    const profile = await app.request(`/oauth/users/${owner.sub}/customer-profile`, {
      headers: bearer(other.tokens.IdToken),
    });
    expect(profile.status).toBe(403);
  });

  it('saves the plan selection and shows it in the customer profile', async () => {
    const unknown = await app.request(`/oauth/users/${other.sub}/select-plan`, {
      method: 'POST',
      headers: bearer(other.tokens.IdToken),
      body: JSON.stringify({ price_id: 'price_missing' }),
    });
    expect(unknown.status).toBe(400);
    const saved = await app.request(`/oauth/users/${other.sub}/select-plan`, {
      method: 'POST',
      headers: bearer(other.tokens.IdToken),
      body: JSON.stringify({ price_id: 'price_essential_yearly' }),
    });
    expect(saved.status).toBe(200);
    const profile = await app.request(`/oauth/users/${other.sub}/customer-profile`, {
      headers: bearer(other.tokens.IdToken),
    });
    expect(await profile.json()).toMatchObject({
      user_id: other.sub,
      selected_price_id: 'price_essential_yearly',
      customer_id: null,
      subscription: { status: 'none' },
    });
  });
});
