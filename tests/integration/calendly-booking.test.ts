import { describe, expect, it, vi } from 'vitest';
import { LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY } from '../../backend/src/platform/config/env';
import { signCalendlyPayload } from '../../backend/src/providers/calendar/calendly-webhook-signature';
import { appointmentEnvelope } from '../../backend/src/capabilities/automations/poll-envelopes';
import { collectTurn } from '../../backend/src/capabilities/receptionist/receptionist';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { createAssistantLine } from '../support/assistant-line';
import { connectThroughCallback } from '../support/calendar-connect';
import { createTestApp } from '../support/test-app';

const NY = 'America/New_York';
/** Monday 2026-11-23, 08:00 in New York; the salon opens at 9. */
const clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 8, minute: 0 }, NY);
const HOURS = ['Monday: 9:00 AM – 5:00 PM', 'Tuesday: 9:00 AM – 5:00 PM', 'Wednesday: 9:00 AM – 5:00 PM'];
const CALLER = '+14155550166';

/**
 * Issue 12 §1, Calendly (docs/decisions/151): it has no booking API, so the assistant texts the owner's
 * scheduling link and Calendly's signed invitee.created confirms the booking. Against the local Calendly
 * (Calendly's wire format), connected through the real authorization-code flow and callback route.
 */
describe('a connected Calendly: the assistant texts its link; the signed webhook confirms the booking', async () => {
  const { app, deps } = await createTestApp({}, { now: () => clock });
  const { ownerId, assistantNumber } = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
  await deps.data.businessConfigs.updateConfigFields(ownerId, {
    time_zone: NY,
    business_hours: { weekday_text: HOURS },
  });
  const account = 'bella@calendly.example';

  const connectCalendly = () => connectThroughCallback({ app, deps }, ownerId, 'calendly', account);

  const bookOnPage = (path: string, fields: Record<string, string>) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  const reply = async (conversationId: string, text: string) =>
    (await collectTurn(deps.receptionist, conversationId, text))
      .map((event) => (event.type === 'text' ? event.delta : ''))
      .join('');
  const textsTo = async (caller: string) =>
    (await deps.localTwilioAccount!.thread(assistantNumber, caller))
      .filter((m) => m.direction === 'outbound')
      .map((m) => m.body);
  const deliver = (envelope: object, key = LOCAL_CALENDLY_WEBHOOK_SIGNING_KEY) => {
    const body = JSON.stringify(envelope);
    return app.request('/webhooks/calendly', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Calendly-Webhook-Signature': signCalendlyPayload(body, key, Math.floor(clock.getTime() / 1000)),
      },
      body,
    });
  };

  it('connecting stores the scheduling link and subscribes to new bookings (a reconnect keeps one subscription)', async () => {
    await connectCalendly();
    await connectCalendly();
    const [connection] = await deps.data.calendarConnections.list(ownerId);
    expect(connection).toMatchObject({ service: 'calendly', status: 'connected', account });
    expect(connection!.scheduling_url).toBe(
      `http://localhost:${deps.config.port}/local/calendly/book/${encodeURIComponent(account)}`,
    );
  });

  it('a booking made on Calendly directly counts as busy, and is not recorded as the assistant’s', async () => {
    const page = `/local/calendly/book/${encodeURIComponent(account)}`;
    const direct = await bookOnPage(page, { name: 'Walk-in', start: '2026-11-24T11:00', tz: NY });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('You are scheduled');
    expect(await deps.data.appointments.upcoming(ownerId)).toEqual([]);
  });

  it('the caller gets the link instead of a booking; booking on the page books it once and confirms by text', async () => {
    const sms = await deps.receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    const offered = await reply(sms.id, 'I want an appointment on Tuesday at 11am');
    // Calendly holds 11:00 (the walk-in): it is not offered.
    expect(offered).not.toContain('11:00 AM');
    expect(offered).toContain('11:30 AM');
    const answer = await reply(sms.id, 'Tuesday at 10am please, this is Ana');
    expect(answer).toContain(
      "I've texted you a link to our scheduling page to confirm Tuesday, November 24 at 10:00 AM",
    );
    expect(await deps.data.appointments.upcoming(ownerId)).toEqual([]);
    const link = (await textsTo(CALLER)).find((t) => t.includes('scheduling page'))!;
    const url = new URL(/(http\S+)/.exec(link)![1]!);
    expect(url.pathname).toBe(`/local/calendly/book/${encodeURIComponent(account)}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      date: '2026-11-24',
      month: '2026-11',
      name: 'Ana',
      utm_content: expect.stringMatching(/^[\w-]{20,}$/),
    });

    const page = await app.request(url.pathname + url.search);
    expect(await page.text()).toContain('value="2026-11-24T10:00"');
    const scheduled = await bookOnPage(url.pathname, {
      name: 'Ana Lopez',
      start: '2026-11-24T10:00',
      tz: NY,
      utm_content: url.searchParams.get('utm_content')!,
    });
    expect(scheduled.status).toBe(200);
    const [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(appointment).toMatchObject({
      starts_at: zonedInstant({ year: 2026, month: 11, day: 24, hour: 10, minute: 0 }, NY).toISOString(),
      customer_name: 'Ana Lopez',
      customer_phone: CALLER,
      conversation_id: sms.id,
      calendar_event_id: expect.any(String),
    });
    expect((await textsTo(CALLER)).filter((t) => t.includes("you're booked"))).toHaveLength(1);
    expect((await deps.data.schedulingLinks.get(url.searchParams.get('utm_content')!))?.status).toBe(
      'booked',
    );

    // Cancelling through the assistant cancels the Calendly event too.
    await reply(sms.id, 'please cancel my appointment');
    const left = await app.request(`/local/calendar/calendly/${encodeURIComponent(account)}`);
    expect(await left.text()).not.toContain('Ana Lopez');
  });

  it('verifies the signature, handles an invitee once, and ignores bookings without the assistant’s token', async () => {
    const sms = await deps.receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: '+14155550167',
      assistantNumber,
    });
    await reply(sms.id, 'I want an appointment on Wednesday at 2pm');
    await reply(sms.id, 'yes, this is Sam');
    const link = (await textsTo('+14155550167')).find((t) => t.includes('scheduling page'))!;
    const token = new URL(/(http\S+)/.exec(link)![1]!).searchParams.get('utm_content')!;
    const envelope = {
      event: 'invitee.created',
      payload: {
        uri: 'https://api.calendly.local/scheduled_events/EV9/invitees/INV9',
        name: 'Sam Park',
        scheduled_event: {
          uri: 'https://api.calendly.local/scheduled_events/EV9',
          start_time: zonedInstant({ year: 2026, month: 11, day: 25, hour: 14, minute: 0 }, NY).toISOString(),
          end_time: zonedInstant({ year: 2026, month: 11, day: 25, hour: 14, minute: 30 }, NY).toISOString(),
        },
        tracking: { utm_content: token },
      },
    };
    expect((await deliver(envelope, 'not-the-signing-key-000000')).status).toBe(400);
    const unsigned = await app.request('/webhooks/calendly', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(envelope),
    });
    expect(unsigned.status).toBe(400);
    expect(await deps.data.appointments.upcoming(ownerId)).toEqual([]);

    // Delivered twice at once (Calendly retries): booked once, the other is a duplicate.
    const outcomes = await Promise.all([deliver(envelope), deliver(envelope)]);
    expect(
      (
        await Promise.all(outcomes.map(async (r) => ((await r.json()) as { outcome: string }).outcome))
      ).sort(),
    ).toEqual(['booked', 'duplicate']);
    expect(await (await deliver(envelope)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await deps.data.appointments.upcoming(ownerId)).map((a) => a.customer_name)).toEqual([
      'Sam Park',
    ]);

    const stranger = {
      ...envelope,
      payload: { ...envelope.payload, uri: 'x/INV10', tracking: { utm_content: null } },
    };
    expect(await (await deliver(stranger)).json()).toEqual({ received: true, outcome: 'ignored' });
    const forged = {
      ...envelope,
      payload: { ...envelope.payload, uri: 'x/INV11', tracking: { utm_content: 'nope' } },
    };
    expect(await (await deliver(forged)).json()).toEqual({ received: true, outcome: 'unknown' });
    const malformed = await deliver({ event: 'invitee.created', payload: { uri: 'x' } });
    expect(malformed.status).toBe(400);

    // Rescheduling sends the link for the new time; the old booking stays until that one is confirmed.
    await reply(sms.id, 'I need to reschedule to Wednesday at 3pm');
    const moved = await reply(sms.id, 'yes 3pm please');
    expect(moved).toContain('Your current appointment stays booked until you confirm the new time.');
    const newLink = (await textsTo('+14155550167')).filter((t) => t.includes('scheduling page')).at(-1)!;
    const newToken = new URL(/(http\S+)/.exec(newLink)![1]!).searchParams.get('utm_content')!;
    expect(newToken).not.toBe(token);
    expect((await deps.data.appointments.upcoming(ownerId)).map((a) => a.customer_name)).toEqual([
      'Sam Park',
    ]);
    const at3 = (hour: number) =>
      zonedInstant({ year: 2026, month: 11, day: 25, hour, minute: 0 }, NY).toISOString();
    const confirmed = await deliver({
      event: 'invitee.created',
      payload: {
        uri: 'https://api.calendly.local/scheduled_events/EV12/invitees/INV12',
        name: 'Sam Park',
        scheduled_event: { uri: 'https://api.calendly.local/scheduled_events/EV12', start_time: at3(15) },
        tracking: { utm_content: newToken },
      },
    });
    expect(await confirmed.json()).toEqual({ received: true, outcome: 'booked' });
    expect((await deps.data.appointments.upcoming(ownerId)).map((a) => a.starts_at)).toEqual([at3(15)]);
    // Stored as a move, as `reschedule` stores one: polling lists one appointment.moved, no cancellation.
    const stored = (
      await deps.data.appointments.listBetween(
        ownerId,
        new Date(clock.getTime() - 86_400_000),
        new Date(clock.getTime() + 30 * 86_400_000),
      )
    ).filter((a) => a.customer_name === 'Sam Park');
    const [replacement] = stored.filter((a) => a.status === 'booked');
    const [replaced] = stored.filter((a) => a.status === 'cancelled');
    expect(replaced?.rescheduled_to).toBe(replacement?.id);
    expect(
      stored.flatMap((a) => appointmentEnvelope(a, 'business-1') ?? []).map((e) => [e.type, e.data]),
    ).toEqual([
      [
        'appointment.moved',
        expect.objectContaining({ starts_at: at3(15), previous_starts_at: replaced!.starts_at }),
      ],
    ]);
  });

  it('a cancellation on Calendly cancels the booking here, once, and tells the caller', async () => {
    const caller = '+14155550168';
    // The owner's webhooks hear both, as the calendar's changes (decision 178).
    const emitted = vi.spyOn(deps.webhooks, 'emit');
    const sms = await deps.receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller,
      assistantNumber,
    });
    await reply(sms.id, 'I want an appointment on Tuesday at 3pm');
    await reply(sms.id, 'yes, this is Lee');
    const link = (await textsTo(caller)).find((t) => t.includes('scheduling page'))!;
    const url = new URL(/(http\S+)/.exec(link)![1]!);
    const scheduled = await bookOnPage(url.pathname, {
      name: 'Lee',
      start: '2026-11-24T15:00',
      tz: NY,
      utm_content: url.searchParams.get('utm_content')!,
    });
    const confirmation = await scheduled.text();
    const booked = (await deps.data.appointments.upcoming(ownerId)).find((a) => a.customer_phone === caller);
    expect(booked?.customer_name).toBe('Lee');

    // The invitee cancels from Calendly's confirmation page: its invitee.canceled reaches us.
    const action = /action="([^"]+\/cancel)"/.exec(confirmation)![1]!;
    const hidden = Object.fromEntries(
      [...confirmation.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    const cancelled = await bookOnPage(action, hidden);
    expect(await cancelled.text()).toContain('Event cancelled');
    expect((await deps.data.appointments.get(ownerId, booked!.id))?.status).toBe('cancelled');
    expect((await textsTo(caller)).filter((t) => t.includes('is cancelled'))).toHaveLength(1);
    const changes = emitted.mock.calls
      .filter(([, type]) => type.startsWith('appointment.'))
      .map(([owner, type, data]) => [owner, type, (data as { changed_by: string }).changed_by]);
    expect(changes).toEqual([
      [ownerId, 'appointment.booked', 'calendar'],
      [ownerId, 'appointment.cancelled', 'calendar'],
    ]);

    // The same cancellation delivered again changes nothing.
    const again = await deliver({
      event: 'invitee.canceled',
      payload: {
        uri: hidden.invitee,
        name: 'Lee',
        scheduled_event: {
          uri: 'https://api.calendly.local/scheduled_events/x',
          start_time: booked!.starts_at,
        },
        tracking: { utm_content: hidden.utm_content },
      },
    });
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await textsTo(caller)).filter((t) => t.includes('is cancelled'))).toHaveLength(1);
    expect(emitted.mock.calls.filter(([, type]) => type === 'appointment.cancelled')).toHaveLength(1);
    emitted.mockRestore();
  });
  it("confirms in the caller's language: the thread's when the link was sent, else the remembered one (decision 174)", async () => {
    const page = `/local/calendly/book/${encodeURIComponent(account)}`;
    const pending = async (token: string, caller: string, language?: 'es') =>
      deps.data.schedulingLinks.create({
        token,
        owner_id: ownerId,
        conversation_id: `conversation-${token}`,
        channel: 'sms',
        caller,
        name: 'Lucía',
        service: null,
        requested_start: zonedInstant(
          { year: 2026, month: 11, day: 23, hour: 13, minute: 0 },
          NY,
        ).toISOString(),
        ...(language ? { language } : {}),
      });
    const spanishBooked = (start: string) =>
      `Bella Hair Studio: su cita quedó para el lunes 23 de noviembre ${start} de la tarde. Responda CAMBIAR para moverla o CANCELAR CITA para cancelarla.`;

    await pending('token-spanish-thread-0001', '+14155550171', 'es');
    await bookOnPage(page, {
      name: 'Lucía',
      start: '2026-11-23T13:00',
      tz: NY,
      utm_content: 'token-spanish-thread-0001',
    });
    expect(await textsTo('+14155550171')).toEqual([spanishBooked('a la 1:00')]);
    const booked = (await deps.data.appointments.upcoming(ownerId)).find(
      (a) => a.customer_phone === '+14155550171',
    );
    expect(booked?.language).toBe('es');

    // A link sent before the language was stored with it: the caller memory's language.
    await deps.data.callerMemories.remember(ownerId, '+14155550172', { language: 'es' }, clock, 30);
    await pending('token-remembered-0000001', '+14155550172');
    await bookOnPage(page, {
      name: 'Lucía',
      start: '2026-11-23T13:30',
      tz: NY,
      utm_content: 'token-remembered-0000001',
    });
    expect(await textsTo('+14155550172')).toEqual([spanishBooked('a la 1:30')]);
  });
});
