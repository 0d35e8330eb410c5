import { expect, test } from '@playwright/test';
import { CALLER_GATES_TEXTS } from '../../shared/caller-gates';
import { CALLER_TEXTS } from '../../shared/caller-texts';
import { APPOINTMENTS_TEXTS } from '../../shared/dashboard-appointments';
import { openDayAhead, openPhone, randomCaller, salonOwner, textAssistant as text } from './assistant-owner';
import { appUrl, ownerApi } from './support';

test.use({ baseURL: appUrl() });

/** The Spanish name of a weekday as openDayAhead gives it in English ("Tuesday" → "martes"). */
const SPANISH_WEEKDAYS: Record<string, string> = {
  Monday: 'lunes',
  Tuesday: 'martes',
  Wednesday: 'miércoles',
  Thursday: 'jueves',
  Friday: 'viernes',
  Saturday: 'sábado',
};
const inSpanish = (weekday: string) => SPANISH_WEEKDAYS[weekday]!;

test('a Spanish texter is answered and booked in Spanish, and the owner’s cancellation reaches them in Spanish (decision 174)', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { userId, assistantNumber } = await salonOwner(page, 'Salón Estrella');
  // The owner chose English and Spanish (owners who never chose are English only).
  const api = await ownerApi(page);
  const languages = await api('PUT', `/oauth/users/${userId}/languages`, { languages: ['en', 'es'] });
  expect(languages.status, JSON.stringify(languages.body)).toBe(200);

  // A caller texts in Spanish from the local phone and is answered in Spanish.
  const day = inSpanish(openDayAhead(2));
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());
  const thread = phone.getByTestId('phone-thread');
  await text(phone, `Hola, quiero una cita para un corte el ${day} a las 10`);
  await expect(thread).toContainText(`${day}`);
  await expect(thread).toContainText('a las 10:00 de la mañana');
  await expect(thread).not.toContainText('Which time');
  await text(phone, 'Sí, soy Sofía');

  // The booking's confirmation is the Spanish template, with the Spanish reply words.
  await expect(thread).toContainText('Salón Estrella: su cita para corte quedó para el', { timeout: 15_000 });
  await expect(thread).toContainText('Responda CAMBIAR para moverla o CANCELAR CITA para cancelarla.');
  await expect(thread).not.toContainText("you're booked");

  // The owner cancels it on the dashboard: the caller is told in Spanish, not in English.
  await page.goto('/dashboard?tab=appointments');
  const row = page.getByTestId('appointment-row').filter({ hasText: 'Sofía' });
  await expect(row).toContainText('10:00 AM');
  await row.getByRole('button', { name: new RegExp(`^${APPOINTMENTS_TEXTS.cancel}`) }).click();
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText(APPOINTMENTS_TEXTS.cancelled('Sofía', true))).toBeVisible();
  await expect(thread).toContainText('Salón Estrella: el negocio canceló su cita el', { timeout: 15_000 });
  await expect(thread).toContainText('Responda a este mensaje para reservar otra hora.');
  await expect(thread).not.toContainText('has been cancelled');
  await phone.screenshot({ path: '.local/test-results/spanish-text-thread.png', fullPage: true });

  // The Texting tab's missed-call preview shows the Spanish text a caller remembered in Spanish would get.
  await page.goto('/dashboard?tab=texting');
  await expect(page.getByTestId('text-back-default-es')).toHaveText(
    `${CALLER_GATES_TEXTS.textBackDefaultSpanishLabel}: “${CALLER_TEXTS.es.missedCall('Salón Estrella')}”`,
  );
  await page
    .getByTestId('text-back-default-es')
    .locator('xpath=ancestor::section[1]')
    .screenshot({ path: '.local/test-results/missed-call-preview-spanish.png' });
});
