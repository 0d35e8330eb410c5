import { expect, test } from '@playwright/test';
import { CALLER_GATES_TEXTS } from '../../shared/caller-gates';
import { CALLER_TEXTS } from '../../shared/caller-texts';
import { openPhone, randomCaller, salonOwner, textAssistant } from './assistant-owner';
import { appUrl } from './support';

test.use({ baseURL: appUrl() });

/**
 * The caller gates end to end (docs/decisions/176): a caller who hangs up before the greeting gets exactly
 * one text back; the owner blocks a texter from the conversation's detail, after which their call is
 * rejected and their text ignored, the block list counts the attempts, and Unblock lets them through again.
 */
test('a missed call gets exactly one text; a blocked number’s call is rejected and its text ignored', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const business = 'Bella Hair Studio';
  const { assistantNumber } = await salonOwner(page, business);

  // A missed call: the caller hangs up before the greeting, twice; one text back.
  const missed = randomCaller();
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, missed);
  const textBack = phone.getByTestId('phone-received').filter({ hasText: 'Sorry we missed you' });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await phone.getByTestId('phone-call-hang-up-early').click();
    await expect(phone.getByTestId('call-status')).toHaveText('Call ended');
    await expect(phone.getByTestId('call-transcript')).toContainText('You hung up before the greeting.');
    await phone.reload();
    await expect(textBack).toHaveCount(1);
  }
  await expect(textBack).toContainText(CALLER_TEXTS.en.missedCall(business));

  // A texter the owner blocks from the call log.
  const spammer = randomCaller();
  await openPhone(phone, assistantNumber, spammer);
  await textAssistant(phone, 'Hello, is this the salon?');
  const repliesBefore = await phone.getByTestId('phone-received').count();

  await page.goto('/dashboard?tab=calls');
  await expect(page.getByTestId('blocked-numbers-empty')).toBeVisible();
  await page
    .getByTestId('call-log-row')
    .filter({ hasText: spammer.slice(-4) })
    .first()
    .getByRole('button')
    .click();
  await page.getByTestId('block-caller').click();
  await page.getByTestId('block-reason').fill('Robocaller');
  await page.getByTestId('block-caller-confirm').click();
  await expect(page.getByTestId('caller-blocked')).toHaveText(CALLER_GATES_TEXTS.blocked);

  // Their call is rejected without the assistant, and their text gets no reply.
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call rejected');
  await expect(phone.getByTestId('call-transcript')).toContainText('Call rejected');
  await expect(phone.getByTestId('call-assistant')).toHaveCount(0);
  await phone.getByTestId('phone-message').fill('Hello again?');
  await phone.getByTestId('phone-send').click();
  await expect(phone.getByTestId('phone-sent').filter({ hasText: 'Hello again?' })).toHaveCount(1);
  await phone.waitForTimeout(1500);
  await expect(phone.getByTestId('phone-received')).toHaveCount(repliesBefore);

  // The block list shows the number with its reason and its two attempts; Unblock lets them through.
  await page.goto('/dashboard?tab=calls');
  const entry = page.getByTestId('blocked-number');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Robocaller');
  await expect(entry).toContainText('2 attempts since blocked');
  await page.screenshot({ path: '.local/test-results/blocked-numbers.png', fullPage: true });
  await entry.getByRole('button', { name: new RegExp(`^${CALLER_GATES_TEXTS.unblock}`) }).click();
  await expect(page.getByTestId('blocked-numbers-empty')).toBeVisible();
  await textAssistant(phone, 'Are you open on Saturday?');
  await expect(phone.getByTestId('phone-received')).toHaveCount(repliesBefore + 1);
});
