import { describe, expect, it } from 'vitest';
import { CALLER_TEXTS, SMS_TEXTS } from '../../shared/caller-texts';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { messagesInTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { createAssistantLine } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';
import { postSignedSms } from '../support/signed-sms';

const NY = 'America/New_York';
/** Monday 2026-11-23, 10:00 in New York. */
const clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
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
 * A caller answering the assistant and its confirmation texts over signed Twilio webhooks, as Twilio
 * delivers them with our Advanced Opt-Out configuration (OptOutType only on a keyword; YES is none).
 */
describe('texting a booking: Yes, CHANGE, CANCEL APPT, and a bare Cancel', async () => {
  const { app, deps } = await createTestApp({}, { now: () => clock });

  async function line() {
    const created = await createAssistantLine(deps, { businessName: 'Bella Hair Studio' });
    await deps.data.businessConfigs.updateConfigFields(created.ownerId, {
      time_zone: NY,
      business_hours: { weekday_text: HOURS },
    });
    return created;
  }
  const text = async (to: string, from: string, body: string, optOutType?: string) => {
    const extra: Record<string, string> = optOutType ? { OptOutType: optOutType } : {};
    const response = await postSignedSms(app, { from, to, body, extra });
    expect(response.status).toBe(200);
    return messagesInTwiml(await response.text()).join(' ');
  };
  /** Texts the assistant sent the caller through the provider (confirmations). */
  const sentTo = async (from: string, to: string) =>
    (await deps.localTwilioAccount!.thread(from, to))
      .filter((m) => m.direction === 'outbound')
      .map((m) => m.body);

  it('a one-word Yes books the offered time, and the confirmation gives CHANGE and CANCEL APPT', async () => {
    const { ownerId, assistantNumber } = await line();
    const caller = '+14155550401';
    expect(await text(assistantNumber, caller, 'I want an appointment on Wednesday at 10am')).toBe(
      'Wednesday, November 25 at 10:00 AM is open. Shall I book it for you?',
    );
    expect(await text(assistantNumber, caller, 'Yes')).toMatch(/10:00 AM it is\. What name/);
    expect(await text(assistantNumber, caller, 'Ana')).toContain("You're booked for Wednesday, November 25");
    const [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(appointment).toMatchObject({ customer_name: 'Ana', customer_phone: caller, status: 'booked' });
    expect(await sentTo(assistantNumber, caller)).toEqual([
      SMS_TEXTS.booked({ business: 'Bella Hair Studio', when: 'Wednesday, November 25 at 10:00 AM' }),
    ]);
    expect((await sentTo(assistantNumber, caller))[0]).toContain(
      'Reply CHANGE to move it or CANCEL APPT to cancel it.',
    );
  });

  it('CHANGE moves the appointment and CANCEL APPT cancels it, each confirmed by text', async () => {
    const { ownerId, assistantNumber } = await line();
    const caller = '+14155550402';
    await text(assistantNumber, caller, 'Can I book Wednesday at 10am?');
    await text(assistantNumber, caller, 'yes, this is Ana');
    expect(await text(assistantNumber, caller, 'CHANGE')).toMatch(/What day and time would work better/);
    expect(await text(assistantNumber, caller, 'Thursday at 11am')).toBe(
      'Thursday, November 26 at 11:00 AM is open. Shall I book it for you?',
    );
    expect(await text(assistantNumber, caller, 'Yes')).toContain("You're moved to Thursday, November 26");
    let [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(appointment!.starts_at).toBe('2026-11-26T16:00:00.000Z');
    expect((await sentTo(assistantNumber, caller)).at(-1)).toBe(
      SMS_TEXTS.rescheduled({ business: 'Bella Hair Studio', when: 'Thursday, November 26 at 11:00 AM' }),
    );

    expect(await text(assistantNumber, caller, 'Cancel appt')).toContain(
      'Done: your appointment on Thursday, November 26 at 11:00 AM is cancelled.',
    );
    [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(appointment).toBeUndefined();
    expect((await sentTo(assistantNumber, caller)).at(-1)).toBe(
      SMS_TEXTS.cancelled({ business: 'Bella Hair Studio', when: 'Thursday, November 26 at 11:00 AM' }),
    );
    // Neither reply touched the opt-out list.
    expect(await deps.data.smsMessaging.isOptedOut(assistantNumber, caller)).toBe(false);
  });

  it('a Spanish booking keeps its language when moved by CAMBIAR, and the texts about it are Spanish (decision 174)', async () => {
    const { ownerId, assistantNumber } = await line();
    await deps.data.businessConfigs.updateConfigFields(ownerId, { languages: ['en', 'es'] });
    const caller = '+14155550409';
    await text(assistantNumber, caller, 'Quiero una cita el miércoles a las 10');
    expect(await text(assistantNumber, caller, 'Sí, soy Ana')).toContain('Su cita quedó para');
    let [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(appointment).toMatchObject({ customer_name: 'Ana', language: 'es' });
    expect(await text(assistantNumber, caller, 'CAMBIAR')).toMatch(/¿Qué día y hora le quedan mejor\?/);
    await text(assistantNumber, caller, 'el jueves a las 11');
    await text(assistantNumber, caller, 'Sí');
    [appointment] = await deps.data.appointments.upcoming(ownerId);
    expect(appointment).toMatchObject({ starts_at: '2026-11-26T16:00:00.000Z', language: 'es' });
    expect((await sentTo(assistantNumber, caller)).at(-1)).toBe(
      CALLER_TEXTS.es.rescheduled({
        business: 'Bella Hair Studio',
        when: 'el jueves 26 de noviembre a las 11:00 de la mañana',
      }),
    );
  });

  it('a bare Cancel is an opt-out, as Twilio treats it: no reply of ours, the booking stays; START re-subscribes', async () => {
    const { ownerId, assistantNumber } = await line();
    const caller = '+14155550403';
    await text(assistantNumber, caller, 'Can I book Wednesday at 10am?');
    await text(assistantNumber, caller, 'yes, this is Ana');
    const confirmations = (await sentTo(assistantNumber, caller)).length;

    expect(await text(assistantNumber, caller, 'Cancel', 'STOP')).toBe('');
    expect(await deps.data.smsMessaging.isOptedOut(assistantNumber, caller)).toBe(true);
    expect(await deps.data.appointments.upcoming(ownerId)).toHaveLength(1);
    // Opted out: the assistant hears nothing more from them, and texts them nothing.
    expect(await text(assistantNumber, caller, 'Please cancel my appointment tomorrow')).toBe('');
    expect(await deps.data.appointments.upcoming(ownerId)).toHaveLength(1);
    expect(await text(assistantNumber, caller, 'HELP', 'HELP')).toBe('');

    expect(await text(assistantNumber, caller, 'START', 'START')).toBe('');
    expect(await deps.data.smsMessaging.isOptedOut(assistantNumber, caller)).toBe(false);
    expect(await text(assistantNumber, caller, 'CANCEL APPT')).toContain('is cancelled');
    expect(await deps.data.appointments.upcoming(ownerId)).toHaveLength(0);
    expect((await sentTo(assistantNumber, caller)).length).toBe(confirmations + 1);
  });
});
