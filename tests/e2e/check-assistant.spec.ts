import { expect, test } from '@playwright/test';
import { ASSISTANT_CHECK_TEXTS } from '../../shared/schemas/assistant-check';
import { salonOwner } from './assistant-owner';
import { appUrl } from './support';

test.use({ baseURL: appUrl(), timezoneId: 'America/Los_Angeles' });

test('Check my assistant: ten conversations from the salon’s own config, each passing, a transcript opened', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await salonOwner(page, 'Check Cuts');
  await page.goto('/dashboard?tab=overview');
  const card = page.getByRole('region', { name: ASSISTANT_CHECK_TEXTS.title });
  await card.getByRole('button', { name: ASSISTANT_CHECK_TEXTS.run }).click();
  const status = card.getByRole('status');
  await expect(status).toHaveText(ASSISTANT_CHECK_TEXTS.summary(10, 10), { timeout: 30_000 });
  const results = card.getByTestId('assistant-check-result');
  await expect(results).toHaveCount(10);
  await expect(results.filter({ hasText: ASSISTANT_CHECK_TEXTS.pass })).toHaveCount(10);
  await expect(card.getByText(ASSISTANT_CHECK_TEXTS.fail, { exact: true })).toHaveCount(0);

  const first = results.first();
  const toggle = first.getByRole('button', { name: ASSISTANT_CHECK_TEXTS.showTranscript });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(first.getByRole('button', { name: ASSISTANT_CHECK_TEXTS.hideTranscript })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(first.getByRole('definition').first()).toHaveText('Are you open on Monday?');
  await expect(first.getByRole('term').nth(1)).toHaveText(ASSISTANT_CHECK_TEXTS.assistant);
  await card.screenshot({ path: '.local/test-results/check-assistant.png' });
});
