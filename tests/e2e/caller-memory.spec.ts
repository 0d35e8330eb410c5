import { expect, test, type Page } from '@playwright/test';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { createAppointmentRepository } from '../../backend/src/capabilities/appointments/records/appointments';
import { ATTENDANCE_TEXTS } from '../../shared/dashboard-appointments';
import { openDayAhead, openPhone, randomCaller, salonOwner, sayOnCall as say } from './assistant-owner';
import { apiFromPage, appUrl } from './support';

test.use({ baseURL: appUrl() });

/** Places a call on the local phone and returns the greeting the assistant opened with. */
async function callAndHearGreeting(phone: Page) {
  const lines = phone.getByTestId('call-assistant');
  await phone.getByTestId('phone-call').click();
  await expect(phone.getByTestId('call-status')).toHaveText('In call');
  // Each call starts a fresh transcript on the phone page: its first line is the greeting.
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Thanks for calling');
  return (await lines.first().textContent()) ?? '';
}

async function hangUp(phone: Page) {
  await phone.getByTestId('phone-hang-up').click();
  await expect(phone.getByTestId('call-status')).toHaveText('Call ended');
}

test('a returning caller is greeted by name on the local phone, and offered their appointment', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { userId, assistantNumber } = await salonOwner(page, 'Memory Lane Salon');
  const phone = await context.newPage();
  await openPhone(phone, assistantNumber, randomCaller());

  // First call: a stranger books and gives their name.
  expect(await callAndHearGreeting(phone)).not.toContain('welcome back');
  await say(phone, `I want a haircut appointment on ${openDayAhead(2)} at 10am`);
  expect(await say(phone, 'yes, this is Ana')).toMatch(/booked/i);
  await hangUp(phone);

  // Second call: greeted by name, offered the appointment just booked.
  expect(await callAndHearGreeting(phone)).toContain(
    'Hi Ana, welcome back! Thanks for calling Memory Lane Salon',
  );
  const offer = await say(phone, 'Hi');
  expect(offer).toContain(`I see your haircut appointment on ${openDayAhead(2)}`);
  expect(await say(phone, 'keep it')).toContain("you're all set");
  await hangUp(phone);

  // The call detail lists the appointment the first call booked; it can be marked once it has started.
  await page.goto('/dashboard?tab=calls');
  const rows = page.getByTestId('call-log-row');
  await expect(rows).toHaveCount(2);
  await rows.last().getByRole('button').first().click();
  await expect(page.getByTestId('conversation-appointments')).toContainText('Ana');
  await expect(page.getByTestId('conversation-appointments')).toContainText(ATTENDANCE_TEXTS.notStartedYet);

  // With "Remember past callers" off, the same caller is greeted like anyone.
  const off = await apiFromPage(page, 'PUT', `/oauth/users/${userId}/behavior-settings`, {
    remember_past_callers: false,
    manager_number: '',
    manager_name: '',
    escalation_email: '',
    text_escalation_to_manager: false,
  });
  expect(off.status).toBe(200);
  const greeting = await callAndHearGreeting(phone);
  expect(greeting).toContain('Thanks for calling Memory Lane Salon');
  expect(greeting).not.toContain('Ana');
  await hangUp(phone);
});

test('the owner marks a no-show on the Appointments tab in one click; the paid deposit is kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { userId } = await salonOwner(page, 'No Show Nails');
  // An appointment that started two hours ago with a paid deposit, as the booking tool and the signed payment
  // webhook leave it.
  const { doc } = createDynamoClients({ region: 'us-east-1', endpoint: process.env.E2E_DYNAMODB_URL });
  const appointments = createAppointmentRepository(doc, process.env.E2E_TABLE_NAME!);
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 2 * 3_600_000);
  const booked = await appointments.book(userId, {
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
    customer_name: 'Pat Rivera',
    customer_phone: randomCaller(),
    service: 'Manicure',
    conversation_id: null,
    channel: 'sms',
    deposit: null,
  });
  if (!booked.ok) throw new Error('slot taken');
  await appointments.requestDeposit(
    userId,
    booked.appointment.id,
    2500,
    `cs_e2e_${userId.slice(0, 8)}`,
    'acct_e2e',
  );
  await appointments.markDepositPaid(userId, booked.appointment.id, `cs_e2e_${userId.slice(0, 8)}`);

  await page.goto('/dashboard?tab=appointments');
  const row = page.getByTestId('recent-appointment-row').filter({ hasText: 'Pat Rivera' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('A no-show keeps the $25 deposit');
  await row.getByRole('button', { name: ATTENDANCE_TEXTS.markNoShow }).click();
  await expect(row.getByTestId('attendance-mark')).toHaveText(ATTENDANCE_TEXTS.marked.no_show);
  await expect(page.getByRole('status')).toContainText(
    'Pat Rivera marked as a no-show. The $25 deposit is kept.',
  );
  await expect(row.getByRole('button', { name: ATTENDANCE_TEXTS.markNoShow })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Stored: a fresh load shows it, and the deposit was not refunded.
  await page.reload();
  await expect(
    page
      .getByTestId('recent-appointment-row')
      .filter({ hasText: 'Pat Rivera' })
      .getByTestId('attendance-mark'),
  ).toHaveText(ATTENDANCE_TEXTS.marked.no_show);
  const stored = await appointments.get(userId, booked.appointment.id);
  expect(stored).toMatchObject({ attendance: 'no_show', deposit: { paid: true } });
  expect(stored?.deposit?.refunded_at).toBeUndefined();
});
