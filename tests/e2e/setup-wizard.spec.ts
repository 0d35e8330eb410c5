import { expect, test, type Page } from '@playwright/test';
import { apiFromPage, appUrl, signUpThroughUi, subscribeThroughLocalCheckout, uniqueEmail } from './support';
import { signUpThroughApi } from './seeded-owner';

test.use({ baseURL: appUrl() });

/** Completes steps 1..upTo through the API, as an earlier visit to the wizard would have left them. */
async function completeStepsThroughApi(page: Page, userId: string, upTo: number) {
  const ok = async (method: string, path: string, body?: unknown) => {
    const response = await apiFromPage(page, method, path, body);
    expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
    return response.body;
  };
  await ok('POST', '/oauth/config/create', {
    business_name: 'Maple Auto Repair',
    phone_number: '+16045550123',
    website: 'https://maple.example.com',
    address: '10 Main St, Vancouver, BC',
  });
  if (upTo < 2) return;
  await ok('PUT', `/oauth/users/${userId}/config`, {
    business_description: 'Friendly car repairs in Vancouver.',
    assistant_name: 'Max',
  });
  if (upTo < 3) return;
  await ok('POST', `/oauth/users/${userId}/personality`, {
    personality_traits: {
      formality: 'Business Casual',
      verbosity: 'Concise',
      empathy: 'Polite and Neutral',
      proactivity: 'Suggestive',
      humor: 'Completely Serious',
    },
  });
  const voices = (await ok('GET', '/api/voices/available')).voices as Record<
    string,
    Array<{ voice_id: string; provider: string }>
  >;
  const voice = voices.male![0]!;
  await ok('PUT', `/oauth/users/${userId}/voice-settings`, {
    selected_voice: { provider: voice.provider, voice_id: voice.voice_id },
  });
  if (upTo < 4) return;
  await subscribeThroughLocalCheckout(page);
  const { numbers } = (await ok(
    'GET',
    '/oauth/phone-numbers/available?country=CA&area_code=604&limit=3',
  )) as {
    numbers: Array<{ phone_number: string }>;
  };
  await ok('POST', `/oauth/users/${userId}/assistant-phone`, { assistant_phone: numbers[0]!.phone_number });
  if (upTo < 5) return;
  await ok('PUT', `/oauth/users/${userId}/behavior-settings`, {
    remember_past_callers: true,
    manager_number: '+16045550188',
    manager_name: 'Robin',
    escalation_email: 'robin@example.com',
    text_escalation_to_manager: false,
  });
  if (upTo < 6) return;
  const { templates } = (await ok('GET', '/oauth/objective-templates/discover')) as {
    templates: Array<{
      id: string;
      goal: string;
      required_capabilities: string[];
      success_criteria: string[];
    }>;
  };
  const template = templates[0]!;
  await ok('POST', `/oauth/users/${userId}/objectives`, {
    goal: template.goal,
    required_capabilities: template.required_capabilities,
    success_criteria: template.success_criteria,
    template_id: template.id,
  });
}

/** Every alert() the page raises, accepted. */
function collectAlerts(page: Page) {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

const mainButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stepLabel = (page: Page) => page.getByTestId('step-label');

test('a new owner goes through all seven steps, lands on /dashboard, and /setup then edits', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const alerts = collectAlerts(page);
  const { email, userId } = await signUpThroughUi(page, { email: uniqueEmail('wizard') });
  // Step 4 buys a number, which needs the free trial started.
  await subscribeThroughLocalCheckout(page);

  await page.goto('/setup');
  await expect(page.getByRole('heading', { name: 'Setup Your Assistant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(stepLabel(page)).toHaveText('Step 1 of 7');
  await expect(page.getByRole('button', { name: 'Previous step' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Step 1:/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Step 2:/ })).toBeDisabled();
  // From here each save keeps the config it answered with: the wizard never reads the config again.
  const configReads: string[] = [];
  page.on('request', (request) => {
    if (
      request.method() === 'GET' &&
      new URL(request.url()).pathname.endsWith(`/oauth/users/${userId}/config`)
    )
      configReads.push(request.url());
  });

  // Step 1: manual entry; an empty form does not save.
  await page.getByRole('tab', { name: 'Enter manually' }).click();
  await mainButton(page, 'Save & Continue →').click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
  await expect(page.getByTestId('setup-notice')).toHaveText(
    'Failed to save step 1. Please check the console for details.',
  );
  expect(alerts, 'the save texts show in the page, not in a native alert').toEqual([]);
  await expect(stepLabel(page)).toHaveText('Step 1 of 7');
  await page.getByLabel('Business name').fill('Bright Smile Dental');
  await page.getByLabel('Business phone').fill('(415) 555-0142');
  await page.getByLabel('Website').fill('brightsmile.example.com');
  await page.getByLabel('Address').fill('1 Market St, San Francisco, CA 94105');
  await mainButton(page, 'Save & Continue →').click();

  // Step 2: the description is written for the new config.
  await expect(stepLabel(page)).toHaveText('Step 2 of 7');
  const description = page.getByRole('textbox', { name: 'Business description' });
  await expect(description).toBeEnabled({ timeout: 20_000 });
  await expect(description).not.toHaveValue('');
  await expect(page.getByText('Failed to generate business description. Please enter manually.')).toHaveCount(
    0,
  );
  await expect(description).toHaveValue(/Bright Smile Dental/);
  await page.getByLabel('Assistant name').fill('Ava');
  await mainButton(page, 'Save & Continue →').click();
  await expect(stepLabel(page)).toHaveText('Step 3 of 7');
  expect(configReads, 'two saves (create, then description), and no GET of the config after them').toEqual(
    [],
  );

  // Reloading mid-way opens the first incomplete step.
  await page.reload();
  await expect(stepLabel(page)).toHaveText('Step 3 of 7');
  await expect(page.getByRole('button', { name: /^Step 2:/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Step 4:/ })).toBeDisabled();

  // Step 3: a preset, the default voice, and a preview that plays audio.
  const personalitySaved = page.waitForResponse(
    (r) => r.url().endsWith(`/oauth/users/${userId}/personality`) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /Friendly Concierge/ }).click();
  expect((await personalitySaved).ok()).toBe(true);
  await expect(page.getByRole('button', { name: /Friendly Concierge/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const voiceGroup = page.getByRole('radiogroup', { name: 'Voice', exact: true });
  await expect(voiceGroup.getByRole('radio', { checked: true })).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(await page.evaluate(() => localStorage.getItem('selectedGender'))).toBe('female');
  await page.getByRole('button', { name: /Greeting/ }).click();
  const audio = page.getByTestId('preview-audio');
  await expect(audio).toHaveAttribute('src', /^(data:audio|blob:|https?:)/, { timeout: 30_000 });
  await expect(page.locator('.preview-text')).not.toBeEmpty();
  const audioBytes = await audio.evaluate(async (element: HTMLAudioElement) => {
    const response = await fetch(element.src);
    return (await response.arrayBuffer()).byteLength;
  });
  expect(audioBytes).toBeGreaterThan(1000);
  await mainButton(page, 'Save & Continue →').click();

  // Step 4: three numbers at a time; the picked one shows in the green card.
  await expect(stepLabel(page)).toHaveText('Step 4 of 7');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('Area code')).toHaveValue('415');
  const numbers = page.getByRole('list', { name: 'Available numbers' }).getByRole('button');
  await expect(numbers.first()).toBeVisible({ timeout: 20_000 });
  expect(await numbers.count()).toBeLessThanOrEqual(3);
  const pickedNumber = (await numbers.first().locator('.number-friendly').textContent())!;
  await numbers.first().click();
  const confirmation = page.getByTestId('phone-confirmation');
  await expect(confirmation).toBeVisible({ timeout: 20_000 });
  await expect(confirmation).toContainText(pickedNumber.replace(/\D/g, '').slice(-4));
  await mainButton(page, 'Save & Continue →').click();

  // Step 5: behavior settings, the manager phone formatted while typing.
  await expect(stepLabel(page)).toHaveText('Step 5 of 7');
  const managerPhone = page.getByLabel('Manager phone');
  await expect(managerPhone).toHaveAttribute('placeholder', '123-456-7890');
  // Ten digits, but area code 123 is no US or Canadian number: the shared rule says so, and the step stays.
  await managerPhone.pressSequentially('1234567890');
  await page.getByLabel('Escalation e-mail').fill('dana@example.com');
  await mainButton(page, 'Save & Continue →').click();
  await expect(page.getByText('Manager number must be a US or Canadian phone number')).toBeVisible();
  await expect(stepLabel(page)).toHaveText('Step 5 of 7');
  await managerPhone.fill('');
  await managerPhone.pressSequentially('41555501990');
  await expect(managerPhone).toHaveValue('415-555-0199');
  await page.getByLabel('Manager name').fill('  Dana Lee ');
  await page.getByLabel('Escalation e-mail').fill('dana@example.com');
  await page.getByText('Text escalations to the manager').click();
  await mainButton(page, 'Save & Continue →').click();

  // Step 6: an objective from a template.
  await expect(stepLabel(page)).toHaveText('Step 6 of 7');
  const templates = page.locator('.template-card');
  await expect(templates.first()).toBeVisible();
  expect(await templates.count()).toBeLessThanOrEqual(4);
  await templates.first().click();
  await expect(page.getByText('Objective saved.')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.objective-goal')).not.toBeEmpty();
  await mainButton(page, 'Save & Continue →').click();

  // Step 7: the bot calendar, and the assistant's own e-mail from its phone.
  await expect(stepLabel(page)).toHaveText('Step 7 of 7');
  await expect(page.getByRole('radio', { name: /Business Calendar/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('assistant-email')).toHaveText(/^assistant1\d{10}@/);
  await expect(page.getByTestId('bot-calendar')).toContainText('Ready');
  await mainButton(page, 'Complete Setup').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The stored configuration is complete.
  const { status, body: config } = await apiFromPage(page, 'GET', `/oauth/users/${userId}/config`);
  expect(status).toBe(200);
  expect(config).toMatchObject({
    business_name: 'Bright Smile Dental',
    phone_number: '+14155550142',
    website: 'https://brightsmile.example.com',
    assistant_name: 'Ava',
    formality: 'Friendly and Approachable',
    humor: 'Friendly and Playful',
    manager_number: '+14155550199',
    manager_name: 'Dana Lee',
    escalation_email: 'dana@example.com',
    text_escalation_to_manager: true,
  });
  expect(config.assistant_phone).toMatch(/^\+1\d{10}$/);
  expect(config.business_objective_id ?? config.objective_template).toBeTruthy();

  // After completion /setup is in edit mode.
  await page.goto('/setup');
  await expect(stepLabel(page)).toHaveText('Step 7 of 7 (Editing)');
  await expect(mainButton(page, 'Save Changes')).toBeVisible();
  for (const step of [1, 2, 3, 4, 5, 6, 7]) {
    await expect(page.getByRole('button', { name: new RegExp(`^Step ${step}:`) })).toBeEnabled();
  }

  // Edit mode: leaving a step with unsaved changes asks first; saving from the modal stores them.
  await page.getByRole('button', { name: /^Step 5:/ }).click();
  await expect(stepLabel(page)).toHaveText('Step 5 of 7 (Editing)');
  await page.getByLabel('Manager name').fill('Sam Park');
  await page.getByRole('button', { name: /^Step 2:/ }).click();
  const modal = page.getByRole('dialog', { name: 'Unsaved Changes' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Discard Changes' })).toBeVisible();
  await modal.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(stepLabel(page)).toHaveText('Step 2 of 7 (Editing)');
  expect((await apiFromPage(page, 'GET', `/oauth/users/${userId}/config`)).body.manager_name).toBe(
    'Sam Park',
  );

  // 'Save Changes' saves in place and says so.
  await page.getByLabel('Assistant name').fill('Ava Rose');
  await mainButton(page, 'Save Changes').click();
  await expect(page.getByTestId('setup-notice')).toHaveText('Changes saved successfully!');
  expect(alerts).toEqual([]);
  await expect(stepLabel(page)).toHaveText('Step 2 of 7 (Editing)');
  expect((await apiFromPage(page, 'GET', `/oauth/users/${userId}/config`)).body.assistant_name).toBe(
    'Ava Rose',
  );
  expect(email).toContain('@');
});

test('the wizard resumes at the first incomplete step and offers sample numbers when the lookup fails', async ({
  page,
}) => {
  const alerts = collectAlerts(page);
  const { userId } = await signUpThroughApi(page, { email: uniqueEmail('resume') });
  // Steps 1-3 done through the API, as an earlier visit would have left them.
  await completeStepsThroughApi(page, userId, 3);

  await page.route('**/oauth/phone-numbers/available**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"internal","message":"down"}',
    }),
  );
  await page.goto('/setup');
  await expect(stepLabel(page)).toHaveText('Step 4 of 7');
  // The area code defaults from the business phone (Vancouver, Canada).
  await expect(page.getByLabel('Country')).toHaveValue('CA');
  await expect(page.getByLabel('Area code')).toHaveValue('604');
  await expect(page.getByText('Failed to load phone numbers (500): down')).toBeVisible();
  const samples = page.getByRole('list', { name: 'Available numbers' }).getByRole('listitem');
  await expect(samples).toHaveCount(3);
  for (const sample of await samples.all()) await expect(sample).toContainText('$15/mo');

  // Without a chosen number step 4 does not complete.
  await mainButton(page, 'Save & Continue →').click();
  await expect(page.getByTestId('setup-notice')).toHaveText(
    'Failed to save step 4. Please check the console for details.',
  );
  expect(alerts).toEqual([]);
  await expect(stepLabel(page)).toHaveText('Step 4 of 7');

  // Step 3 shows the stored voice.
  await page.getByRole('button', { name: /^Step 3:/ }).click();
  await expect(page.getByRole('radio', { name: 'Male', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('switch', { name: /Custom settings/ })).toBeChecked();
});

test('step 4 says in words when to search again once the number search limit is reached', async ({
  page,
}) => {
  const { userId } = await signUpThroughApi(page, { email: uniqueEmail('search-limit') });
  await completeStepsThroughApi(page, userId, 3);
  // Spend the owner's searches the way a script would; the next one is refused with 429.
  let refused: Awaited<ReturnType<typeof apiFromPage>> | undefined;
  for (let i = 0; i < 100 && !refused; i += 1) {
    const response = await apiFromPage(page, 'GET', '/oauth/phone-numbers/available?country=US');
    if (response.status === 429) refused = response;
  }
  expect(refused?.body.details).toMatchObject({ retry_after_seconds: expect.any(Number) });

  await page.goto('/setup');
  await expect(stepLabel(page)).toHaveText('Step 4 of 7');
  await expect(
    page.getByText(
      /^You have searched for numbers many times in a short while\. Please try again in \d+ (minutes?|seconds?)\.$/,
    ),
  ).toBeVisible();
  // The sample numbers are offered meanwhile, as for any failed lookup.
  await expect(page.getByRole('list', { name: 'Available numbers' }).getByRole('listitem')).toHaveCount(3);
});

test('step 7 connects Google Calendar through the consent popup', async ({ page }) => {
  const { userId } = await signUpThroughApi(page, { email: uniqueEmail('calendar') });
  await completeStepsThroughApi(page, userId, 6);
  await page.goto('/setup');
  await expect(stepLabel(page)).toHaveText('Step 7 of 7 (Editing)');
  await expect(mainButton(page, 'Save Changes')).toBeVisible();
  await expect(page.getByTestId('assistant-email')).toHaveText(/^assistant1604\d{7}@/);

  await page.getByRole('radio', { name: /Personal calendar/ }).click();
  const connect = page.getByRole('button', { name: 'Connect Google Calendar' });
  await expect(connect).toBeEnabled();
  const popupOpened = page.waitForEvent('popup');
  await connect.click();
  const popup = await popupOpened;
  await expect(page.getByRole('button', { name: 'Connecting...' })).toBeVisible();
  await popup.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Google Calendar connected successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: '✓ Google Calendar Connected' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Calendly' })).toBeVisible();
  const { body } = await apiFromPage(page, 'GET', '/oauth/connections');
  expect(body.connections).toContainEqual(
    expect.objectContaining({ service: 'google_calendar', status: 'connected' }),
  );
});

test('step 1 finds a business by name and fills the details from the maps service', async ({ page }) => {
  const { userId } = await signUpThroughApi(page, { email: uniqueEmail('lookup') });
  await page.goto('/setup');
  await expect(stepLabel(page)).toHaveText('Step 1 of 7');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Please enter your business name')).toBeVisible();
  await page.getByRole('textbox', { name: 'Business name' }).fill('golden gate dental');
  await page.getByRole('textbox', { name: 'City, State (optional)' }).fill('San Francisco, CA');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: /Golden Gate Dental Care/ }).click();

  await expect(page.getByText('450 Sutter St, Suite 1200, San Francisco, CA 94108, USA')).toBeVisible();
  await expect(page.getByText('https://goldengatedental.example')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Info' }).click();
  await expect(page.getByRole('textbox', { name: 'Business name' })).toHaveValue('Golden Gate Dental Care');
  await page.getByRole('textbox', { name: 'Business name' }).fill('Golden Gate Dental');
  await mainButton(page, 'Save & Continue →').click();
  await expect(stepLabel(page)).toHaveText('Step 2 of 7');

  const { body } = await apiFromPage(page, 'GET', `/oauth/users/${userId}/config`);
  expect(body).toMatchObject({
    business_name: 'Golden Gate Dental',
    website: 'https://goldengatedental.example',
    phone_number: '+14155550187',
  });
  expect((body.business_hours as { weekday_text: string[] }).weekday_text).toHaveLength(7);
});
