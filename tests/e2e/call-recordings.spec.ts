import { expect, test } from '@playwright/test';
import { CALL_RECORDING_TEXTS, RECORDING_DISCLOSURE } from '../../shared/call-recordings';
import { PRIVACY_TEXTS } from '../../shared/privacy';
import { openPhone, randomCaller, salonOwner, sayOnCall as say } from './assistant-owner';
import { appUrl, ownerApi } from './support';

test.use({ baseURL: appUrl() });

/**
 * Call recordings (docs/decisions/184-call-recordings.md): the owner turns them on, a local call opens with
 * the disclosure and is recorded by the local telephony stand-in (espeak-ng, two channels), the call detail
 * plays it through the API, and erasing the caller deletes it.
 */
test('turn recordings on, place a local call, play its recording, delete another call’s, erase the caller and the recording is gone', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { userId, assistantNumber } = await salonOwner(page, 'Echo Hair Studio');
  const caller = randomCaller();

  // Off by default; the owner turns it on in the call log's Privacy panel.
  await page.goto('/dashboard?tab=calls');
  const toggle = page.getByLabel(CALL_RECORDING_TEXTS.label);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.check();
  await expect(page.getByRole('status')).toHaveText(CALL_RECORDING_TEXTS.saved(true));
  await expect(toggle).toBeChecked();
  await page.locator('.privacy-panel').screenshot({ path: '.local/test-results/call-recording-switch.png' });

  // The call opens with the disclosure, and the caller and the assistant talk.
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, caller);
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-assistant').first()).toContainText(
    `${RECORDING_DISCLOSURE.en} Thanks for calling Echo Hair Studio`,
  );
  await expect(phone.getByTestId('call-status')).toHaveText('In call');
  expect(await say(phone, 'Where are you located?')).toMatch(/\w/);
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');

  // The call detail plays the recording, fetched through the API with the owner's token.
  await page.reload();
  const row = page.getByTestId('call-log-row').filter({ hasText: caller.slice(-4) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const player = page.getByTestId('call-recording');
  await expect(player).toContainText(CALL_RECORDING_TEXTS.player);
  const audio = player.locator('audio');
  await expect(audio).toHaveAttribute('src', /^blob:/);
  const played = await audio.evaluate(async (element: HTMLAudioElement) => {
    // Muted, so the browser's autoplay rule lets a script start it; the audio plays all the same.
    element.muted = true;
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 700));
    return { duration: element.duration, at: element.currentTime };
  });
  expect(played.duration).toBeGreaterThan(1);
  expect(played.at).toBeGreaterThan(0);
  await page.screenshot({ path: '.local/test-results/call-recording.png', fullPage: true });

  const api = await ownerApi(page);
  const log = await api('GET', `/oauth/users/${userId}/conversations?phone=${caller.slice(2)}`);
  const conversationId = (log.body.entries as Array<{ id: string }>)[0]!.id;
  expect(
    (await api('GET', `/oauth/users/${userId}/conversations/${conversationId}/recording`)).body,
  ).toMatchObject({ status: 'completed', channels: 2 });

  // A second recorded call, whose recording the owner deletes from its call detail; its transcript stays.
  await openPhone(phone, assistantNumber, caller);
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-status')).toHaveText('In call');
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');
  await page.reload();
  await expect(page.getByTestId('call-log-row').filter({ hasText: caller.slice(-4) })).toHaveCount(2);
  const calls = await api('GET', `/oauth/users/${userId}/conversations?phone=${caller.slice(2)}`);
  const second = (calls.body.entries as Array<{ id: string; started_at: string }>).find(
    (e) => e.id !== conversationId,
  )!;
  const secondId = second.id;
  await expect
    .poll(
      async () =>
        (await api('GET', `/oauth/users/${userId}/conversations/${secondId}/recording`)).body.status,
    )
    .toBe('completed');
  await page
    .getByTestId('call-log-row')
    .filter({ hasText: caller.slice(-4) })
    .first()
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByTestId('call-recording').locator('audio')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: CALL_RECORDING_TEXTS.deleteButton }).click();
  const confirm = page.getByRole('dialog', { name: CALL_RECORDING_TEXTS.deleteButton });
  await expect(confirm).toContainText(CALL_RECORDING_TEXTS.deleteConfirm);
  await confirm.getByRole('button', { name: CALL_RECORDING_TEXTS.deleteButton }).click();
  await expect(page.getByTestId('call-recording')).toContainText(CALL_RECORDING_TEXTS.deleted);
  await page.screenshot({ path: '.local/test-results/call-recording-deleted.png', fullPage: true });
  expect((await api('GET', `/oauth/users/${userId}/conversations/${secondId}/recording`)).status).toBe(404);
  const transcript = await api(
    'GET',
    `/oauth/users/${userId}/conversations/${secondId}?started_at=${encodeURIComponent(second.started_at)}`,
  );
  expect(transcript.status).toBe(200);
  // The first call's recording is untouched.
  expect(
    (await api('GET', `/oauth/users/${userId}/conversations/${conversationId}/recording`)).body,
  ).toMatchObject({ status: 'completed' });

  // Erasing the caller deletes the recording (at the provider: the local stand-in's file) with the rest.
  await page.goto('/dashboard?tab=calls');
  await page.getByLabel(PRIVACY_TEXTS.eraseLabel).fill(caller.slice(2));
  await page.getByRole('button', { name: PRIVACY_TEXTS.eraseButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: PRIVACY_TEXTS.eraseButton }).click();
  await expect(page.getByRole('status')).toContainText('1 call recording');
  await expect(page.getByTestId('call-log-row').filter({ hasText: caller.slice(-4) })).toHaveCount(0);
  const gone = await api('GET', `/oauth/users/${userId}/conversations/${conversationId}/recording`);
  expect(gone.status).toBe(404);
  const audioGone = await api(
    'GET',
    `/oauth/users/${userId}/conversations/${conversationId}/recording/audio`,
  );
  expect(audioGone.status).toBe(404);
});
