import { expect, test } from '@playwright/test';
import { apiUrl, appUrl, PASSWORD, signUpThroughUi, uniqueEmail } from './support';

test.use({ baseURL: appUrl() });

/**
 * Issue 10 §10: the production build is served with a strict Content-Security-Policy (no inline script)
 * and the app itself breaks none of it: pages load, the identity service and the API are reachable.
 */
test('the app is served with a strict CSP that nothing on its pages violates', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  // A violation caught by the page (zod probing `new Function`) logs nothing; DevTools still reports it as
  // an issue, and Lighthouse's best practices count it.
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');
  const document = await page.goto('/');
  const policy = document!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain(new URL(apiUrl()).origin);
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();

  // A sign-in attempt talks to the identity service and the API's log endpoint.
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('csp'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByLabel('Business name')).toBeVisible();
  // Signed in: the account screens parse every API answer with zod.
  await signUpThroughUi(page, { email: uniqueEmail('csp-owner') });
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("the API's HTML pages carry their own CSP, with no inline script allowed", async ({ request }) => {
  const outbox = await request.get(`${apiUrl()}/local/outbox`);
  expect(outbox.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(outbox.headers()['content-security-policy']).toContain("script-src 'self';");
  const json = await request.get(`${apiUrl()}/health`);
  expect(json.headers()['content-security-policy']).toBeUndefined();
});
