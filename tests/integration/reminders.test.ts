import { describe, expect, it } from 'vitest';
import { CALLER_TEXTS } from '../../shared/caller-texts';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { messagesInTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { createNotificationJobs } from '../../backend/src/capabilities/notifications/jobs';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';
import { postSignedSms } from '../support/signed-sms';

const NY = 'America/New_York';
const HOURS = [
  'Monday: 9:00 AM – 5:00 PM',
  'Tuesday: 9:00 AM – 5:00 PM',
  'Wednesday: 9:00 AM – 5:00 PM',
  'Thursday: 9:00 AM – 5:00 PM',
  'Friday: 9:00 AM – 5:00 PM',
  'Saturday: Closed',
  'Sunday: Closed',
];
/**
 * Local time in New York in the week of Monday 2027-01-04 (ahead of the real time, so DynamoDB Local's TTL
 * never removes a marker under the test).
 */
const ny = (day: number, hour: number, minute = 0) =>
  zonedInstant({ year: 2027, month: 1, day, hour, minute }, NY);

/**
 * Reminders end to end over the app (docs/decisions/175-reminders.md): booked by text, planned, sent by the
 * sweep at the local time, once; replies CONFIRM / CHANGE / CANCEL APPT understood by the assistant.
 */
describe('appointment reminders', async () => {
  let clock = ny(4, 10);
  const { app, deps } = await createTestApp({}, { now: () => clock });
  const jobs = createNotificationJobs(deps);
  const sweep = (at: Date) => jobs.run(['sweep'], { freshRun: true, at });

  async function line(
    reminders: { enabled: boolean; offsets_hours?: number[]; note?: string } = { enabled: true },
  ) {
    const created = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
    await deps.data.businessConfigs.updateConfigFields(created.ownerId, {
      time_zone: NY,
      business_hours: { weekday_text: HOURS },
    });
    await deps.data.reminders.saveSettings(
      created.ownerId,
      {
        offsets_hours: [24, 2],
        quiet_start_hour: 21,
        quiet_end_hour: 8,
        note: '',
        ...reminders,
      } as never,
      clock,
    );
    return created;
  }
  const text = async (to: string, from: string, body: string) => {
    const response = await postSignedSms(app, { from, to, body });
    expect(response.status).toBe(200);
    return messagesInTwiml(await response.text()).join(' ');
  };
  const sentTo = async (from: string, to: string) =>
    (await deps.localTwilioAccount!.thread(from, to))
      .filter((m) => m.direction === 'outbound')
      .map((m) => m.body);
  const remindersTo = async (from: string, to: string) =>
    (await sentTo(from, to)).filter((body) =>
      /reminder of your appointment|le recordamos su cita/.test(body),
    );
  const book = async (assistantNumber: string, caller: string, when: string, name: string) => {
    await text(assistantNumber, caller, `Can I book ${when}?`);
    expect(await text(assistantNumber, caller, `yes, this is ${name}`)).toMatch(/booked for/);
  };

  it('sends the reminder at its local time, once, and CONFIRM marks the appointment confirmed', async () => {
    clock = ny(4, 10);
    const { ownerId, assistantNumber } = await line();
    const caller = '+14155550501';
    // Wednesday 2027-01-06 at 10:00: reminders at Tuesday 10:00 (24 h) and Wednesday 8:00 (2 h).
    await book(assistantNumber, caller, 'Wednesday at 10am', 'Ana');
    const [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(await remindersTo(assistantNumber, caller)).toEqual([]);

    await sweep(ny(5, 9, 59));
    expect(await remindersTo(assistantNumber, caller)).toEqual([]);
    await sweep(ny(5, 10, 1));
    const expected = CALLER_TEXTS.en.reminder({
      business: 'Bella Hair Studio',
      when: 'Wednesday, January 6 at 10:00 AM',
    });
    expect(await remindersTo(assistantNumber, caller)).toEqual([expected]);
    // The confirmation rate counts it as reminded.
    expect((await deps.data.appointments.get(ownerId, appointment!.id))?.reminded_at).toBe(
      ny(5, 10, 1).toISOString(),
    );
    expect(expected).toContain('Reply CONFIRM to confirm, CHANGE to move it or CANCEL APPT to cancel it.');
    // A later sweep (and one at the same moment again) sends nothing more.
    await sweep(ny(5, 10, 3));
    await sweep(ny(5, 10, 1));
    expect(await remindersTo(assistantNumber, caller)).toHaveLength(1);

    clock = ny(5, 10, 5);
    expect(await text(assistantNumber, caller, 'Confirm')).toContain(
      'your appointment on Wednesday, January 6 at 10:00 AM is confirmed',
    );
    expect((await deps.data.appointments.get(ownerId, appointment!.id))?.confirmed_at).toBe(
      ny(5, 10, 5).toISOString(),
    );
    // The 2 h reminder goes at 8:00 on the day; quiet hours held nothing here.
    await sweep(ny(6, 8));
    expect(await remindersTo(assistantNumber, caller)).toHaveLength(2);
  });

  it('never reminds of a cancelled or moved appointment; the moved one is reminded at its new time', async () => {
    clock = ny(4, 10);
    const { ownerId, assistantNumber } = await line({ enabled: true, offsets_hours: [24] });
    const mover = '+14155550502';
    const canceller = '+14155550503';
    await book(assistantNumber, mover, 'Wednesday at 10am', 'Ben');
    await book(assistantNumber, canceller, 'Wednesday at 11am', 'Cy');
    expect(await text(assistantNumber, canceller, 'CANCEL APPT')).toContain('is cancelled');
    expect(await text(assistantNumber, mover, 'CHANGE')).toMatch(/What day and time would work better/);
    expect(await text(assistantNumber, mover, 'Thursday at 2pm')).toMatch(/is open/);
    expect(await text(assistantNumber, mover, 'Yes')).toContain("You're moved to Thursday, January 7");

    await sweep(ny(5, 11, 30));
    expect(await remindersTo(assistantNumber, mover)).toEqual([]);
    expect(await remindersTo(assistantNumber, canceller)).toEqual([]);
    await sweep(ny(6, 14));
    expect(await remindersTo(assistantNumber, mover)).toEqual([
      CALLER_TEXTS.en.reminder({ business: 'Bella Hair Studio', when: 'Thursday, January 7 at 2:00 PM' }),
    ]);
    expect(await remindersTo(assistantNumber, canceller)).toEqual([]);
    expect((await deps.data.appointments.upcoming(ownerId)).map((a) => a.customer_name)).toEqual(['Ben']);
  });

  it('sends nothing to an opted-out caller, nothing while reminders are off, and nothing in quiet hours', async () => {
    clock = ny(4, 10);
    const off = await line({ enabled: false });
    const quietLine = await line({ enabled: true, offsets_hours: [2] });
    const optedOut = '+14155550504';
    const offCaller = '+14155550505';
    const early = '+14155550506';
    await book(quietLine.assistantNumber, optedOut, 'Wednesday at 3pm', 'Di');
    await deps.data.smsMessaging.optOut(quietLine.assistantNumber, optedOut, quietLine.ownerId);
    await book(off.assistantNumber, offCaller, 'Wednesday at 3pm', 'Ed');
    // 9:00 on Thursday, 2 h before = 7:00, in quiet hours: it goes at 8:00.
    await book(quietLine.assistantNumber, early, 'Thursday at 9am', 'Flo');

    // An owner whose A2P registration is not approved: nothing leaves their number.
    const unregistered = await createAssistantLine(deps, { texting: 'not_registered' });
    await deps.data.businessConfigs.updateConfigFields(unregistered.ownerId, { time_zone: NY });
    await deps.data.reminders.saveSettings(
      unregistered.ownerId,
      { enabled: true, offsets_hours: [2], quiet_start_hour: 21, quiet_end_hour: 8, note: '' },
      clock,
    );
    const heldStart = ny(6, 15);
    const held = await deps.data.appointments.book(unregistered.ownerId, {
      starts_at: heldStart.toISOString(),
      ends_at: new Date(heldStart.getTime() + 30 * 60_000).toISOString(),
      customer_name: 'Gus',
      customer_phone: '+14155550508',
      service: null,
      conversation_id: null,
      channel: 'sms',
      deposit: null,
    });
    if (!held.ok) throw new Error('slot taken');
    expect(await deps.reminders.planning.planFor(held.appointment, { timeZone: NY })).toBe(1);

    await sweep(ny(6, 13, 30));
    expect(await remindersTo(unregistered.assistantNumber, '+14155550508')).toEqual([]);
    expect(
      await deps.data.reminders.onceState({
        owner_id: unregistered.ownerId,
        appointment_id: held.appointment.id,
        offset_hours: 2,
      }),
    ).toEqual({ state: 'done', outcome: 'skipped' });
    expect(await remindersTo(quietLine.assistantNumber, optedOut)).toEqual([]);
    expect(await remindersTo(off.assistantNumber, offCaller)).toEqual([]);
    await sweep(ny(7, 7, 30));
    expect(await remindersTo(quietLine.assistantNumber, early)).toEqual([]);
    await sweep(ny(7, 8, 1));
    expect(await remindersTo(quietLine.assistantNumber, early)).toHaveLength(1);
  });

  it('sends nothing to a caller the owner blocked after the booking (decision 176)', async () => {
    clock = ny(4, 10);
    const { ownerId, assistantNumber } = await line({ enabled: true, offsets_hours: [24] });
    const blocked = '+14155550509';
    const kept = '+14155550510';
    await book(assistantNumber, blocked, 'Wednesday at 3pm', 'Hal');
    await book(assistantNumber, kept, 'Wednesday at 4pm', 'Ida');
    expect(await deps.data.blockedNumbers.block(ownerId, blocked, 'owner')).toMatchObject({
      kind: 'blocked',
    });
    await sweep(ny(5, 16, 1));
    expect(await remindersTo(assistantNumber, blocked)).toEqual([]);
    expect(await remindersTo(assistantNumber, kept)).toHaveLength(1);
  });

  it('reminds in the language of the conversation that booked it', async () => {
    clock = ny(4, 10);
    const { assistantNumber, ownerId } = await line({
      enabled: true,
      offsets_hours: [24],
      note: 'Llegue 10 minutos antes.',
    });
    await deps.data.businessConfigs.updateConfigFields(ownerId, { languages: ['en', 'es'] });
    const caller = '+14155550507';
    await text(assistantNumber, caller, 'Hola, quiero una cita el miércoles a las 10');
    await text(assistantNumber, caller, 'sí, soy Sofía');
    await sweep(ny(5, 10, 1));
    const [reminder] = await remindersTo(assistantNumber, caller);
    expect(reminder).toContain('le recordamos su cita');
    expect(reminder).toContain('Llegue 10 minutos antes.');
    expect(reminder).toContain('Responda CONFIRMAR para confirmarla, CAMBIAR para moverla o CANCELAR CITA');
  });

  it('reminds in the language stored with the appointment, also when planned again (decision 174)', async () => {
    clock = ny(4, 10);
    const { assistantNumber, ownerId } = await line({ enabled: true, offsets_hours: [24] });
    await deps.data.businessConfigs.updateConfigFields(ownerId, { languages: ['en', 'es'] });
    // Booked without a conversation the planner could ask (as the scheduling page's webhook books).
    const bookSpanish = async (caller: string, hour: number) => {
      const start = ny(6, hour);
      const booked = await deps.data.appointments.book(ownerId, {
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
        customer_name: 'Lucía',
        customer_phone: caller,
        service: null,
        conversation_id: null,
        channel: 'sms',
        deposit: null,
        language: 'es',
      });
      if (!booked.ok) throw new Error('slot taken');
      return booked.appointment;
    };
    const planned = await bookSpanish('+14155550521', 11);
    expect(await deps.reminders.planning.planFor(planned, { timeZone: NY })).toBe(1);
    await bookSpanish('+14155550522', 12);
    // The owner's settings change: every upcoming appointment is planned again, the second one for the first time.
    await deps.reminders.planning.replanOwner(ownerId);
    await sweep(ny(5, 12, 1));
    for (const caller of ['+14155550521', '+14155550522']) {
      const [reminder] = await remindersTo(assistantNumber, caller);
      expect(reminder, caller).toContain('Bella Hair Studio: le recordamos su cita el');
    }
  });

  it('two sweeps at once, and a redelivered batch, send each reminder exactly once', async () => {
    clock = ny(4, 10);
    const owners = await Promise.all([0, 1, 2, 3].map(() => line({ enabled: true, offsets_hours: [24] })));
    const callers: Array<{ assistantNumber: string; caller: string }> = [];
    for (const [o, owner] of owners.entries()) {
      for (let i = 0; i < 6; i += 1) {
        const caller = `+1415555${String(600 + o * 10 + i).padStart(4, '0')}`;
        const start = ny(6, 9 + i);
        const booked = await deps.data.appointments.book(owner.ownerId, {
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
          customer_name: `Caller ${i}`,
          customer_phone: caller,
          service: null,
          conversation_id: null,
          channel: 'sms',
          deposit: null,
        });
        if (!booked.ok) throw new Error('slot taken');
        await deps.reminders.planning.planFor(booked.appointment, { timeZone: NY });
        callers.push({ assistantNumber: owner.assistantNumber, caller });
      }
    }
    const at = ny(5, 16);
    // Two runs of their own (as two overlapping schedule slots would be) and a third worker re-handling
    // the first run's batches, all at once.
    const batches: string[] = [];
    const recording = createNotificationJobs({
      ...deps,
      standIns: {
        ...deps.standIns!,
        queue: (handle, options) => {
          const inner = deps.standIns!.queue(handle, options);
          return {
            ...inner,
            send: async (bodies: string[]) => {
              batches.push(...bodies);
              return inner.send(bodies);
            },
          };
        },
      },
    });
    const [first] = await Promise.all([
      recording.run(['sweep'], { freshRun: true, at }),
      sweep(at),
      sweep(at),
    ]);
    expect(first.reminders?.owners).toBeGreaterThan(0);
    await Promise.all(batches.map((body) => jobs.handle(body).catch(() => undefined)));
    for (const { assistantNumber, caller } of callers)
      expect(await remindersTo(assistantNumber, caller), caller).toHaveLength(1);
  });
});
