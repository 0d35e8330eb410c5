import { expect, test, type Page, type Request } from '@playwright/test';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { NO_MODULES_TEXT, OBJECTIVE_TEMPLATES } from '../../shared/objective-templates';
import { connectStripeFromDashboard } from './assistant-owner';
import { apiFromPage, appUrl, completeSetupThroughApi, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/** Capability modules are enabled by support, not by the owner (spec §6): written to the table directly. */
async function enableModulesAsSupport(userId: string, modules: string[]) {
  const { doc } = createDynamoClients({ region: 'us-east-1', endpoint: process.env.E2E_DYNAMODB_URL });
  await doc.send(
    new UpdateCommand({
      TableName: process.env.E2E_TABLE_NAME,
      Key: keys.businessConfig(userId),
      UpdateExpression: 'SET authorized_modules = :modules',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':modules': modules },
    }),
  );
}

test('an owner without a config who opens /dashboard lands on /setup', async ({ page }) => {
  await signUpThroughApi(page, { email: uniqueEmail('noconfig') });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);
});

test('a config that fails to load sends the owner to /setup', async ({ page }) => {
  await signUpThroughApi(page, { email: uniqueEmail('loadfail'), openPlans: false });
  await completeSetupThroughApi(page);
  await page.route(/\/oauth\/users\/[^/]+\/config(\?.*)?$/, (route) =>
    route.request().method() === 'GET' && !page.url().includes('/setup')
      ? route.fulfill({ status: 500, json: { error: 'internal', message: 'boom' } })
      : route.continue(),
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/setup$/);
});

test('an owner with complete setup sees the overview: name, number, Call Assistant and Coming Soon', async ({
  page,
}) => {
  await signUpThroughApi(page, { email: uniqueEmail('overview'), openPlans: false });
  const { userId } = await completeSetupThroughApi(page);
  const config = (await apiFromPage(page, 'GET', `/oauth/users/${userId}/config`)).body as {
    assistant_phone: string;
  };
  const national = config.assistant_phone.replace(/^\+1/, '');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Bright Smile Dental!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Setup' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByTestId('assistant-status')).toHaveText('Active');
  await expect(page.getByTestId('assistant-phone')).toHaveText(
    `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`,
  );
  await expect(page.getByTestId('assistant-phone')).toHaveText(/^\d{3}-\d{3}-\d{4}$/);
  // On a desktop, Call Assistant starts the in-browser test call (issue 11 §5; tests/e2e/voice-calls.spec.ts);
  // on a phone it stays the tel: link.
  await expect(page.getByRole('button', { name: 'Call Assistant' })).toBeEnabled();

  // View Call Logs: 'Coming Soon!' records the owner's interest, then closes itself.
  await page.getByRole('button', { name: 'View Call Logs' }).click();
  const modal = page.getByRole('dialog', { name: 'Coming Soon!' });
  await expect(modal).toBeVisible();
  const recorded = page.waitForRequest((r) => r.url().endsWith('/oauth/feature-engagement/interested'));
  await modal.getByRole('button', { name: "Yes, I'm interested" }).click();
  const request = await recorded;
  expect(request.postDataJSON()).toMatchObject({ feature_id: 'call_logs', feature_name: 'Call Logs' });
  expect((await request.response())?.status()).toBe(200);
  await expect(modal.getByRole('status')).toContainText('noted your interest');
  await expect(modal).toHaveCount(0, { timeout: 5_000 });

  // The quick actions move between tabs and to the wizard.
  await page.getByRole('button', { name: 'Configure Objectives' }).click();
  await expect(page).toHaveURL(/\?tab=objectives$/);
  await expect(page.getByRole('heading', { name: 'Current Objective' })).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Modify Setup' }).click();
  await expect(page).toHaveURL(/\/setup$/);
});

test('objectives: a template is generated, saved and kept; secondaries get the default weight and conditions; coverage tells the truth', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, { email: uniqueEmail('objectives'), openPlans: false });
  const { userId } = await completeSetupThroughApi(page);
  await page.goto('/dashboard?tab=objectives');

  // The setup's objective is current. Coverage comes from what is set up (issue 12 §4): the reserved
  // assistant number gives SMS (2 of intake's 4), and the missing calendar is the owner's to set up, not
  // support's.
  const current = page.getByTestId('current-objective');
  await expect(current).toContainText(OBJECTIVE_TEMPLATES.new_patient_intake.goal);
  await expect(page.getByTestId('coverage-badge')).toHaveText('50% coverage');
  await expect(page.getByTestId('coverage-gap-owner')).toContainText(
    'availability check, appointment creation: Set up a calendar in Setup, step 7',
  );
  await expect(page.getByTestId('coverage-gap-owner').getByRole('link')).toHaveAttribute(
    'href',
    '/setup?step=7',
  );
  await expect(page.getByText(NO_MODULES_TEXT)).toHaveCount(0);

  // Only the first 4 templates of the dental list are offered.
  const cards = page.locator('.objectives-template');
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(3)).toContainText(OBJECTIVE_TEMPLATES.capture_leads.display_name);

  // A template becomes the current objective through the generator.
  const generated = page.waitForResponse((r) => r.url().endsWith('/oauth/objective-templates/generate'));
  await cards.nth(3).click();
  const { objective } = (await (await generated).json()) as { objective: { goal: string } };
  expect(objective.goal).toContain('Bright Smile Dental');
  await expect(current).toContainText(objective.goal);

  // Save: the generated objective has no business_id yet, so it is POSTed.
  const saved = page.waitForRequest(
    (r) => r.url().endsWith(`/oauth/users/${userId}/objectives`) && r.method() !== 'GET',
  );
  await page.getByRole('button', { name: 'Save Objective', exact: true }).click();
  expect((await saved).method()).toBe('POST');
  await expect(page.getByText('Objective saved.')).toBeVisible();
  await page.reload();
  await expect(current).toContainText(objective.goal);

  // Secondaries: 0.3 / (existing + 1) with the default conditions; Save Objectives PUTs the hierarchy.
  await page.getByLabel('Secondary objective template').selectOption({
    label: OBJECTIVE_TEMPLATES.answer_faqs.display_name,
  });
  await page.getByRole('button', { name: 'Add Secondary Objective' }).click();
  const secondaries = page.getByTestId('secondary-objective');
  await expect(secondaries).toHaveCount(1);
  await expect(secondaries.nth(0).getByTestId('weight-value')).toHaveText('0.3');
  await expect(secondaries.nth(0).getByTestId('secondary-condition')).toHaveText([
    'after hours',
    'high volume',
  ]);
  await page.getByRole('button', { name: 'Add Secondary Objective' }).click();
  await expect(secondaries).toHaveCount(2);
  await expect(secondaries.nth(1).getByTestId('weight-value')).toHaveText('0.15');
  await expect(page.getByTestId('primary-objective').getByTestId('weight-value')).toHaveText('0.7');
  await page.getByLabel('Primary weight').fill('0.9');
  await expect(page.getByTestId('primary-objective').getByTestId('weight-value')).toHaveText('0.9');

  const savedMany = page.waitForRequest(
    (r) => r.url().endsWith(`/oauth/users/${userId}/objectives`) && r.method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save Objectives' }).click();
  expect((await savedMany).postDataJSON()).toMatchObject({
    objective_config: {
      objective_hierarchy: {
        primary_weight: 0.9,
        secondary_weights: [0.3, 0.15],
        conflict_resolution: 'priority_based',
      },
    },
  });
  await expect(page.getByText('Objectives saved.')).toBeVisible();
  await page.reload();
  await expect(secondaries).toHaveCount(2);
  await expect(current).toContainText(objective.goal);
  await expect(page.getByTestId('primary-objective').getByTestId('weight-value')).toHaveText('0.9');

  // The owner cannot enable modules themselves (spec §6).
  const selfEnable = await apiFromPage(page, 'PUT', `/oauth/users/${userId}/config`, {
    authorized_modules: ['sms'],
  });
  expect(selfEnable.status).toBe(400);

  // The assistant number gives SMS: the lead objective (contact_validation, info_collection) is covered.
  await page.reload();
  await expect(page.getByText(NO_MODULES_TEXT)).toHaveCount(0);
  await expect(page.getByTestId('coverage-badge')).toHaveText('100% coverage');
  await expect(page.getByTestId('coverage-badge')).toHaveAttribute('data-color', 'green');

  // New patient intake needs 4 capabilities; SMS gives 2 of them → 50%, yellow.
  const intake = page.waitForResponse((r) => r.url().endsWith('/oauth/objective-templates/generate'));
  await cards.nth(0).click();
  await expect(current).toContainText(
    ((await (await intake).json()) as { objective: { goal: string } }).objective.goal,
  );
  await expect(page.getByTestId('coverage-badge')).toHaveText('50% coverage');
  await expect(page.getByTestId('coverage-badge')).toHaveAttribute('data-color', 'yellow');

  // Reduce no-shows needs a deposit and availability too: 1 of 3 → 33%, red. Each gap is the owner's to
  // close (deposits through Get paid), so nothing sends them to support; a pricing grant changes nothing.
  await enableModulesAsSupport(userId, ['pricing']);
  await page.reload();
  await cards.nth(1).click();
  await expect(page.getByTestId('coverage-badge')).toHaveText('33% coverage');
  await expect(page.getByTestId('coverage-badge')).toHaveAttribute('data-color', 'red');
  const depositGap = page.getByTestId('coverage-gap-owner').filter({ hasText: 'deposit collection' });
  await expect(depositGap.getByRole('link')).toHaveText('Connect Stripe under Get paid on the dashboard');
  await expect(page.getByText(NO_MODULES_TEXT)).toHaveCount(0);

  // The link leads to the Get paid card; a connected Stripe account gives booking (deposits, availability).
  await depositGap.getByRole('link').click();
  await expect(page.getByTestId('get-paid')).toBeVisible();
  await connectStripeFromDashboard(page);
  await page.goto('/dashboard?tab=objectives');
  await cards.nth(1).click();
  await expect(page.getByTestId('coverage-badge')).toHaveText('100% coverage');
  await expect(page.getByText(NO_MODULES_TEXT)).toHaveCount(0);
});

test("a failed objective load shows the 'Configuration Error' panel, and Retry loads it", async ({
  page,
}) => {
  await signUpThroughApi(page, { email: uniqueEmail('objerror'), openPlans: false });
  await completeSetupThroughApi(page);
  let failing = true;
  await page.route(/\/oauth\/users\/[^/]+\/objectives(\?.*)?$/, (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 503, json: { error: 'unavailable', message: 'try later' } })
      : route.continue(),
  );
  await page.goto('/dashboard?tab=objectives');
  const panel = page.getByRole('alert').filter({ hasText: 'Configuration Error' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Failed to load objective (503)');
  await expect(page.getByRole('button', { name: 'Save Objective', exact: true })).toHaveCount(0);

  failing = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Configuration Error')).toHaveCount(0);
  await expect(page.getByTestId('current-objective')).toContainText(
    OBJECTIVE_TEMPLATES.new_patient_intake.goal,
  );
});

/** An owner with a finished setup, and the query strings of every config read their page makes from now. */
async function ownerCountingConfigReads(page: Page, label: string) {
  await signUpThroughApi(page, { email: uniqueEmail(label), openPlans: false });
  const { userId } = await completeSetupThroughApi(page);
  const isConfigRead = (request: Request) =>
    request.method() === 'GET' && new URL(request.url()).pathname === `/oauth/users/${userId}/config`;
  const configReads: string[] = [];
  page.on('request', (request) => {
    if (isConfigRead(request)) configReads.push(new URL(request.url()).search);
  });
  return { configReads, isConfigRead };
}

test('opening the dashboard reads the config once: the tabs use the copy the guard loaded', async ({
  page,
}) => {
  const { configReads } = await ownerCountingConfigReads(page, 'configonce');

  await page.goto('/dashboard');
  await expect(page.getByTestId('assistant-status')).toHaveText('Active');
  await page.getByRole('tab', { name: 'Objectives' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('assistant-status')).toHaveText('Active');
  expect(configReads).toHaveLength(1);

  // Each visit still reads it once, so the dashboard never shows a config older than the visit.
  await page.reload();
  await expect(page.getByTestId('assistant-status')).toHaveText('Active');
  expect(configReads).toHaveLength(2);
});

test("the dashboard's config read starts before the dashboard's own code has arrived, and is not asked twice", async ({
  page,
}) => {
  const { configReads, isConfigRead } = await ownerCountingConfigReads(page, 'earlyread');
  // The dashboard's code is held back, as on a slow phone, until the config read has been sent.
  let releaseCode!: () => void;
  const codeReleased = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route(/dashboard-page/, async (route) => {
    await codeReleased;
    await route.continue();
  });

  await page.goto('/dashboard', { waitUntil: 'commit' });
  await page.waitForRequest(isConfigRead, { timeout: 8_000 });
  releaseCode();
  await expect(page.getByTestId('assistant-status')).toHaveText('Active');
  expect(configReads).toHaveLength(1);
});
