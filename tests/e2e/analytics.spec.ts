import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { computeAnalytics, computeSuggestions, criterionLabel } from '../../shared/analytics';
import { ANALYTICS_MESSAGES, type AnalyticsTimeRange } from '../../shared/analytics';
import { OVERVIEW_TEXTS, overviewPeriods } from '../../shared/overview';
import { GET_PAID_TEXTS } from '../../shared/get-paid';
import { formatDollars } from '../../shared/receptionist/deposits';
import { isoDateOf, zonedParts } from '../../shared/receptionist/business-time';
import { formatAssistantPhone } from '../../frontend/src/features/dashboard/assistant-phone';
import { seedDemoOwner } from '../../scripts/local-stack/demo-owner';
import { apiUrl, appUrl, PASSWORD, uniqueEmail } from './support';

test.use({ baseURL: appUrl() });

const stack = () => ({
  cognitoUrl: process.env.E2E_COGNITO_URL!,
  apiUrl: apiUrl(),
  appUrl: appUrl(),
  dynamoDbEndpoint: process.env.E2E_DYNAMODB_URL!,
  tableName: process.env.E2E_TABLE_NAME!,
});

const money = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const pct = (rate: number) => `${Math.round(rate * 100)}%`;

async function signInToAnalytics(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/dashboard?tab=analytics');
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
}

test('the demo owner sees figures computed from the seeded conversations, per range', async ({ page }) => {
  const owner = await seedDemoOwner(stack(), {
    email: uniqueEmail('demo'),
    password: PASSWORD,
    withHistory: true,
  });
  await signInToAnalytics(page, owner.email);

  const ranges: AnalyticsTimeRange[] = ['7d', '30d', '90d'];
  for (const range of ranges) {
    if (range !== '7d') await page.getByRole('button', { name: range, exact: true }).click();
    await expect(page.getByRole('button', { name: range, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const expected = computeAnalytics(owner.conversations, range, new Date(), owner.clock.timeZone);
    expect(expected.conversation_count).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Conversations' })).toContainText(
      String(expected.conversation_count),
    );
    const revenue = page.getByRole('region', { name: 'Revenue collected' });
    await expect(revenue).toContainText(money(expected.revenue_attribution.total_revenue));
    await expect(revenue).toContainText(
      `${money(expected.revenue_attribution.average_per_call)} per conversation`,
    );
    const rates = page.getByRole('region', { name: 'Completion rates' }).getByRole('listitem');
    await expect(rates).toHaveCount(Object.keys(expected.completion_rates).length);
    for (const [criterion, rate] of Object.entries(expected.completion_rates)) {
      await expect(rates.filter({ hasText: criterionLabel(criterion) })).toContainText(pct(rate));
    }
    const daysWithData = expected.performance_trends.filter((p) => p.completion_rate !== null).length;
    await expect(page.getByRole('img', { name: /Daily completion rate/ })).toHaveAccessibleName(
      new RegExp(`${daysWithData} of ${expected.performance_trends.length} days had conversations`),
    );
  }

  // Suggestions follow the range picked last (90 days), not a fixed 30.
  const suggestions = computeSuggestions(owner.conversations, new Date(), owner.clock, '90d');
  expect(suggestions.length).toBeGreaterThan(0);
  const list = page.getByRole('region', { name: 'Optimization suggestions' }).getByRole('listitem');
  await expect(list).toHaveCount(suggestions.length);
  await expect(list.first()).toContainText(suggestions[0]!.suggestion);
  await expect(list.first()).toContainText(`Confidence ${pct(suggestions[0]!.confidence)}`);
  await expect(list.first()).toContainText(suggestions[0]!.description);

  // Export CSV saves the picked range's conversations, one row each under a header.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  // Named by the API, with the date on the salon's own calendar (Los Angeles), not the browser's or UTC's.
  expect(download.suggestedFilename()).toBe(
    `conversations-90d-${isoDateOf(zonedParts(new Date(), owner.clock.timeZone))}.csv`,
  );
  const csv = await readFile((await download.path())!, 'utf8');
  const rows = csv.trim().split('\r\n');
  expect(rows[0]).toMatch(/^Started \(/);
  expect(rows).toHaveLength(
    computeAnalytics(owner.conversations, '90d', new Date(), owner.clock.timeZone).conversation_count + 1,
  );
});

test('a new owner sees the empty state, and a failed load offers Try Again', async ({ page }) => {
  const owner = await seedDemoOwner(stack(), {
    email: uniqueEmail('fresh'),
    password: PASSWORD,
    withHistory: false,
  });
  let failNext = true;
  await page.route('**/api/analytics/objectives**', async (route) => {
    if (!failNext) return route.continue();
    failNext = false;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' });
  });
  await signInToAnalytics(page, owner.email);

  const failure = page.getByRole('alert').filter({ hasText: ANALYTICS_MESSAGES.analyticsLoadFailed });
  await expect(failure).toBeVisible();
  await expect(page.getByText('$')).toHaveCount(0);
  await failure.getByRole('button', { name: ANALYTICS_MESSAGES.tryAgain }).click();

  await expect(page.getByText(ANALYTICS_MESSAGES.noConversations(7))).toBeVisible();
  await expect(page.getByText(ANALYTICS_MESSAGES.noSuggestions)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Conversations' })).toHaveCount(0);
  await page.getByRole('button', { name: '90d', exact: true }).click();
  await expect(page.getByText(ANALYTICS_MESSAGES.noConversations(90))).toBeVisible();
});

test('the demo owner is on a trial with a lived-in Overview, also after seeding again', async ({ page }) => {
  const options = { email: uniqueEmail('demo-trial'), password: PASSWORD, withHistory: true };
  const first = await seedDemoOwner(stack(), options);
  // `npm run demo` run twice: the trial the first run started is kept, not refused as a second checkout,
  // and the appointments and messages are replaced, not doubled.
  const again = await seedDemoOwner(stack(), options);
  await page.goto('/login');
  await page.getByLabel('Email').fill(options.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(OVERVIEW_TEXTS.badge.active, { exact: true })).toBeVisible();
  await expect(page.getByText(OVERVIEW_TEXTS.badge.paused, { exact: true })).toHaveCount(0);
  // What the Overview shows is this week's (in the business's zone): expected from the seeded records.
  const { weekStart } = overviewPeriods(new Date(), again.clock.timeZone);
  const thisWeek = (iso: string) => Date.parse(iso) >= weekStart.getTime();
  await expect(page.getByRole('heading', { name: OVERVIEW_TEXTS.upcomingTitle })).toBeVisible();
  await expect(page.getByText(OVERVIEW_TEXTS.upcomingEmpty)).toHaveCount(0);
  const answeredThisWeek = again.conversations.some((c) => thisWeek(c.started_at));
  await expect(page.getByText(OVERVIEW_TEXTS.timeToAnswerNone)).toHaveCount(answeredThisWeek ? 0 : 1);
  const waiting = again.messages.filter((m) => !m.handledAt && thisWeek(m.takenAt));
  await expect(page.getByText(OVERVIEW_TEXTS.messagesEmpty)).toHaveCount(waiting.length > 0 ? 0 : 1);
  await expect(page.getByRole('button', { name: OVERVIEW_TEXTS.markHandled })).toHaveCount(waiting.length);
  // The deposits went to a connected account, and the card counts all of them (once, after two runs).
  await expect(page.getByText(GET_PAID_TEXTS.states.ready)).toBeVisible();
  const collected = again.conversations.reduce((sum, c) => sum + c.amount_collected_cents, 0);
  await expect(page.getByTestId('get-paid-collected')).toHaveText(formatDollars(collected));
  // The number is a local one the owner holds (kept by the second run): a text to it gets the assistant.
  expect(again.assistantPhone).toMatch(/^\+1\d{10}$/);
  expect(again.assistantPhone).toBe(first.assistantPhone);
  await expect(page.getByText(formatAssistantPhone(again.assistantPhone!), { exact: true })).toBeVisible();
  const text = await page.request.post(`${apiUrl()}/local/phone/messages`, {
    data: { assistant: again.assistantPhone, caller: '+14155550123', body: 'Hi, are you open on Saturday?' },
  });
  expect(text.status()).toBe(200);
  expect(((await text.json()) as { replies: string[] }).replies.join(' ')).toMatch(/\S/);
});
