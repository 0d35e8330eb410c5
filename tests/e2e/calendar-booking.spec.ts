import { expect, test, type Page } from '@playwright/test';
import {
  addDays,
  isoDateOf,
  weekdayOf,
  zonedParts,
  WEEKDAY_NAMES,
} from '../../shared/receptionist/business-time';
import { openPhone, randomCaller, salonOwner, textAssistant as text } from './assistant-owner';
import { OWNER_BOOKING_TEXTS } from '../../shared/dashboard-appointments';
import { appUrl, ownerApi } from './support';

test.use({ baseURL: appUrl() });

const dayAhead = (ahead: number) => addDays(zonedParts(new Date(), 'America/Los_Angeles'), ahead);
const named = (day: ReturnType<typeof dayAhead>) => ({
  name: WEEKDAY_NAMES[weekdayOf(day)]!,
  date: isoDateOf(day),
  day,
});
const isWeekday = (day: ReturnType<typeof dayAhead>) => weekdayOf(day) < 5;

/** The next Monday-to-Friday at least `ahead` days away, in the salon's zone: its weekday name and date. */
function weekdayAhead(ahead: number) {
  let day = dayAhead(ahead);
  while (!isWeekday(day)) day = addDays(day, 1);
  return named(day);
}

/**
 * A Monday-to-Friday 3 to 6 days away other than `taken`: within the coming week, so that its weekday's
 * name alone says which day it is. A week or more ahead it would not: said on a Monday, "Monday" is today.
 */
function otherWeekdayThisWeek(taken: string) {
  for (let ahead = 3; ahead <= 6; ahead++) {
    const day = dayAhead(ahead);
    if (isWeekday(day) && isoDateOf(day) !== taken) return named(day);
  }
  throw new Error('3 to 6 days ahead hold at least two weekdays');
}

/** The assistant's last text to the local phone. */
const lastReply = (phone: Page) => phone.getByTestId('phone-received').last();

/**
 * Issue 34's Done-when (docs/decisions/183-calendar-model.md "The assistant"): two stylists and a 90-minute
 * service book two texters at 10:00 (one each) and refuse a third; the booking blocks that stylist's next two
 * half hours; a holiday closure makes the assistant say its note and offer the next open day.
 */
test('two stylists take two 10:00 balayages, a third is refused, Jordan’s 90 minutes block his next half hours, and a closure is said with the next open day', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { userId, assistantNumber } = await salonOwner(page, 'Bella Hair Studio');
  const api = await ownerApi(page);
  const base = `/oauth/users/${userId}/calendar-model`;
  for (const name of ['Jordan', 'Sam']) {
    const added = await api('POST', `${base}/staff`, { name, hours: null, calendar: null });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  }
  const service = (name: string, minutes: number, cents: number) => ({
    name,
    description: '',
    duration_minutes: minutes,
    price_kind: 'from',
    price_cents: cents,
    deposit_cents: null,
    buffer_minutes: 0,
    staff_ids: [],
    resource_id: null,
  });
  for (const body of [service('Balayage', 90, 15000), service('Haircut', 30, 4500)]) {
    const added = await api('POST', `${base}/services`, body);
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  }
  const target = weekdayAhead(2);
  const holiday = otherWeekdayThisWeek(target.date);
  const closed = await api('POST', `/oauth/users/${userId}/closures`, {
    from: holiday.date,
    to: holiday.date,
    start_minute: null,
    end_minute: null,
    note: "We're closed for the holiday.",
  });
  expect(closed.status, JSON.stringify(closed.body)).toBeLessThan(300);

  const phones: Page[] = [];
  const texter = async () => {
    const phone = await context.newPage();
    await openPhone(phone, assistantNumber, randomCaller());
    phones.push(phone);
    return phone;
  };

  // Two texters ask for a balayage at 10:00: each is booked, one with each stylist.
  for (const name of ['Ana', 'Bea']) {
    const phone = await texter();
    await text(phone, `Hi, can I book a balayage on ${target.name} at 10?`);
    await expect(lastReply(phone)).toContainText('at 10:00 AM is open');
    await text(phone, `Yes please, I'm ${name}`);
    await expect(phone.getByTestId('phone-thread')).toContainText('Bella Hair Studio: you', {
      timeout: 15_000,
    });
  }
  const listed = await api('GET', `/oauth/users/${userId}/appointments`);
  const booked = (
    listed.body.appointments as Array<{ staff_name?: string; starts_at: string; ends_at: string }>
  )
    .map((a) => [a.staff_name, (Date.parse(a.ends_at) - Date.parse(a.starts_at)) / 60_000])
    // Both start at 10:00: the list's order between them is the store's, not the booking order.
    .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
  expect(booked).toEqual([
    ['Jordan', 90],
    ['Sam', 90],
  ]);

  // A third is refused 10:00 and offered other times.
  const third = await texter();
  await text(third, `Can I book a balayage on ${target.name} at 10?`);
  await expect(lastReply(third)).not.toContainText('is open');
  await expect(lastReply(third)).toContainText('I have');

  // Jordan's 10:00 balayage runs to 11:30: his 10:30 and 11:00 are gone, 11:30 is offered.
  const fourth = await texter();
  await text(fourth, `Can I get a haircut with Jordan on ${target.name} at 10:30?`);
  const offered = lastReply(fourth);
  await expect(offered).toContainText('11:30 AM with Jordan');
  await expect(offered).not.toContainText('10:30 AM with Jordan');
  await expect(offered).not.toContainText('11:00 AM with Jordan');

  // The holiday: the note, then the next open day's times.
  const fifth = await texter();
  await text(fifth, `Can I book a haircut on ${holiday.name} at 10?`);
  await expect(lastReply(fifth)).toContainText("We're closed for the holiday. On the next open day I have");
  await expect(lastReply(fifth)).not.toContainText(`${holiday.name},`);
  await fifth.screenshot({ path: '.local/test-results/calendar-closure-thread.png', fullPage: true });

  // The owner sees who does each booking on the Appointments tab.
  await page.goto('/dashboard?tab=appointments');
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Ana' })).toContainText(
    'Balayage with Jordan',
  );
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Bea' })).toContainText(
    'Balayage with Sam',
  );
  await page.screenshot({ path: '.local/test-results/calendar-appointments-tab.png', fullPage: true });

  // The owner books Sam's 12:00 haircut from the tab: open times come from the same engine.
  await page.getByRole('button', { name: OWNER_BOOKING_TEXTS.newAppointment }).click();
  const dialog = page.getByTestId('owner-booking');
  await dialog.getByLabel(OWNER_BOOKING_TEXTS.service).selectOption({ label: 'Haircut' });
  await dialog.getByLabel(OWNER_BOOKING_TEXTS.staff).selectOption({ label: 'Sam' });
  await dialog.getByLabel(OWNER_BOOKING_TEXTS.date).fill(target.date);
  const times = dialog.getByLabel(OWNER_BOOKING_TEXTS.time);
  // Sam's balayage holds 10:00 to 11:30: those half hours are not offered.
  await expect(times.locator('option', { hasText: '12:00 PM' })).toHaveCount(1);
  await expect(times.locator('option', { hasText: '10:30 AM' })).toHaveCount(0);
  await times.selectOption({ label: '12:00 PM (Sam)' });
  await dialog.getByLabel(OWNER_BOOKING_TEXTS.callerName).fill('Cleo');
  await dialog.getByLabel(OWNER_BOOKING_TEXTS.callerPhone).fill('(628) 555-0199');
  await page.screenshot({ path: '.local/test-results/calendar-new-appointment.png', fullPage: true });
  await page.getByRole('button', { name: OWNER_BOOKING_TEXTS.book }).click();
  await expect(page.getByRole('status')).toContainText('Booked. Cleo');
  await expect(page.getByTestId('appointment-row').filter({ hasText: 'Cleo' })).toContainText(
    'Haircut with Sam',
  );
});
