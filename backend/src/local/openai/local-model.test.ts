import { describe, expect, it } from 'vitest';
import { EMPTY_CALENDAR_MODEL } from '@shared/schemas/calendar-model';
import { zonedInstant } from '@shared/receptionist/business-time';
import { createLocalModel } from './local-model';
import { LOCAL_REPLIES } from './local-replies';
import type { BusinessProfile, ModelRequest, ToolResult } from '../../capabilities/receptionist/index';
import type { ConversationState, ToolName } from '../../capabilities/receptionist/records/index';

const NY = 'America/New_York';
/** Monday 2026-11-23 10:00 in New York. */
const now = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const tuesdayTen = zonedInstant({ year: 2026, month: 11, day: 24, hour: 10, minute: 0 }, NY).toISOString();
const tuesdayEleven = zonedInstant({ year: 2026, month: 11, day: 24, hour: 11, minute: 0 }, NY).toISOString();

const business = {
  name: 'Sunset Cuts',
  assistantName: 'Ava',
  timeZone: NY,
  languages: ['en', 'es'],
  depositCents: 0,
  calendar: EMPTY_CALENDAR_MODEL,
  closures: [],
  traits: {
    formality: 'Business Casual',
    empathy: 'Polite and Neutral',
    proactivity: 'Strictly Reactive',
    humor: 'Completely Serious',
    verbosity: 'Brief and Direct',
  },
} as unknown as BusinessProfile;

const englishOnly = { ...business, languages: ['en'] } as BusinessProfile;

const newState = () => ({ channel: 'sms', caller: '+15550100', memory: {} }) as unknown as ConversationState;
type Ran = ModelRequest['turnResults'][number];

/** One model step: the tool it calls, or the words it says. */
async function step(state: ConversationState, callerText: string, turnResults: Ran[] = [], to = business) {
  const request = { business: to, state, now, callerText, turnResults } as unknown as ModelRequest;
  let text = '';
  for await (const event of createLocalModel().respond(request)) {
    if (event.type === 'tool_call') return { call: event.name, args: event.args };
    text += event.delta;
  }
  return { say: text };
}
const ran = (name: ToolName, args: Record<string, unknown>, result: ToolResult): Ran => ({
  name,
  args,
  result,
});

describe('local model: answers in the caller’s language (decision 174)', () => {
  it('answers a Spanish hours question in Spanish and keeps Spanish for the thread', async () => {
    const state = newState();
    expect(await step(state, '¿A qué hora abren el sábado?')).toMatchObject({ call: 'get_business_info' });
    expect(state.language).toBe('es');
    const hours = ran(
      'get_business_info',
      { topic: 'hours' },
      { ok: true, summary: '', data: { known: true, topic: 'hours', answer: 'Sat 9 AM–2 PM' } },
    );
    expect(await step(state, '¿A qué hora abren el sábado?', [hours])).toEqual({
      say: 'Nuestro horario es: Sat 9 AM–2 PM.',
    });
    expect(await step(state, 'ok')).toEqual({
      say: 'Claro. ¿En qué le puedo ayudar: una cita, nuestro horario o un mensaje para el equipo?',
    });
    expect(state.language).toBe('es');
  });

  it('books in Spanish: offers, the choice, the name and the confirmation', async () => {
    const state = newState();
    const ask = 'Quiero una cita para un corte mañana a las 10';
    expect(await step(state, ask)).toEqual({ call: 'find_open_slots', args: { when: ask } });
    expect(state.memory.draft).toMatchObject({ service: 'corte' });
    const slots = ran(
      'find_open_slots',
      { when: ask },
      {
        ok: true,
        summary: '',
        data: {
          understood: true,
          slots: [
            { start: tuesdayTen, spoken: 'Tuesday, November 24 at 10:00 AM' },
            { start: tuesdayEleven, spoken: 'Tuesday, November 24 at 11:00 AM' },
          ],
        },
      },
    );
    state.memory.offered = [tuesdayTen, tuesdayEleven];
    expect(await step(state, ask, [slots])).toEqual({
      say: 'Los próximos espacios son el martes 24 de noviembre a las 10:00 de la mañana o el martes 24 de noviembre a las 11:00 de la mañana. ¿Cuál le queda mejor?',
    });
    expect(await step(state, 'la primera')).toEqual({
      say: 'Claro. Queda el martes 24 de noviembre a las 10:00 de la mañana. ¿A nombre de quién hago la cita?',
    });
    const book = await step(state, 'José García');
    expect(book).toEqual({
      call: 'book_appointment',
      args: { start: tuesdayTen, name: 'José García', service: 'corte' },
    });
    const booked = ran('book_appointment', (book as { args: Record<string, unknown> }).args, {
      ok: true,
      summary: '',
      data: { when: 'Tuesday, November 24 at 10:00 AM', confirmation_texted: true },
    });
    expect(await step(state, 'José García', [booked])).toEqual({
      say: 'Su cita quedó para el martes 24 de noviembre a las 10:00 de la mañana. Le envié una confirmación por mensaje. ¿Hay algo más en lo que le pueda ayudar?',
    });
  });

  it('answers in English only when the owner serves English only, whatever the caller writes', async () => {
    const end = ran('end_conversation', {}, { ok: true, summary: '' });
    const english = newState();
    expect(JSON.stringify(await step(english, 'Gracias, adiós', [], englishOnly))).not.toMatch(
      /Gracias|Que tenga/,
    );
    expect(english.language).toBe('en');
    expect(await step(english, 'Gracias, adiós', [end], englishOnly)).toEqual({
      say: 'Thanks for contacting Sunset Cuts. Have a great day.',
    });
    // The same words to a bilingual business are answered in Spanish.
    const bilingual = newState();
    expect(await step(bilingual, 'Gracias, adiós')).toMatchObject({ call: 'end_conversation' });
    expect(await step(bilingual, 'Gracias, adiós', [end])).toEqual({
      say: 'Gracias por comunicarse con Sunset Cuts. Que tenga un excelente día.',
    });
  });

  it('says goodbye in Spanish and still in English to an English caller', async () => {
    const spanish = newState();
    expect(await step(spanish, 'Gracias, adiós')).toMatchObject({ call: 'end_conversation' });
    const end = ran('end_conversation', {}, { ok: true, summary: '' });
    expect(await step(spanish, 'Gracias, adiós', [end])).toEqual({
      say: 'Gracias por comunicarse con Sunset Cuts. Que tenga un excelente día.',
    });
    const english = newState();
    expect(await step(english, 'thanks, bye')).toMatchObject({ call: 'end_conversation' });
    expect(await step(english, 'thanks, bye', [end])).toEqual({
      say: 'Thanks for contacting Sunset Cuts. Have a great day.',
    });
    expect(english.language).toBe('en');
  });

  it('has every reply translated: no Spanish entry repeats the English', () => {
    const sample = (value: unknown, list = false): string =>
      typeof value === 'function'
        ? String((value as (...args: unknown[]) => unknown)(...(list ? [['X', 'Y']] : ['X', 'Y'])))
        : typeof value === 'object'
          ? Object.values(value as object)
              .map((entry) => sample(entry))
              .join('|')
          : String(value);
    for (const key of Object.keys(LOCAL_REPLIES.en) as Array<keyof typeof LOCAL_REPLIES.en>) {
      const list = key === 'options' || key === 'whichOffered';
      if (key === 'unknownQuestion') {
        expect(LOCAL_REPLIES.es[key]('X', ['Y']), key).not.toBe(LOCAL_REPLIES.en[key]('X', ['Y']));
        continue;
      }
      expect(sample(LOCAL_REPLIES.es[key], list), key).not.toBe(sample(LOCAL_REPLIES.en[key], list));
    }
  });
});

describe('local model: a returning caller (decision 177)', () => {
  const wednesday = zonedInstant({ year: 2026, month: 11, day: 25, hour: 15, minute: 0 }, NY).toISOString();
  const returningState = (channel: 'sms' | 'voice', upcoming = true) =>
    ({
      channel,
      caller: '+14155550100',
      memory: {},
      turns: [
        ...(channel === 'voice' ? [{ speaker: 'assistant', text: 'Hi Ana, welcome back! …', at: '' }] : []),
        { speaker: 'caller', text: 'hi', at: '' },
      ],
      returning: {
        name: 'Ana',
        last_service: 'haircut',
        upcoming: upcoming
          ? { id: '20261125T200000Z-0a1b2c3d', starts_at: wednesday, service: 'haircut' }
          : null,
      },
    }) as unknown as ConversationState;

  it("greets a returning texter by name and offers the upcoming appointment; 'keep it' keeps it", async () => {
    const state = returningState('sms');
    expect(await step(state, 'hi')).toEqual({
      say: 'Hi Ana, welcome back! I see your haircut appointment on Wednesday, November 25 at 3:00 PM. Would you like to keep it, move it or cancel it?',
    });
    state.turns.push({ speaker: 'assistant', text: '…', at: '' });
    const upcomingId = state.returning!.upcoming!.id;
    expect(await step(state, 'keep it')).toEqual({
      call: 'confirm_appointment',
      args: { appointment_id: upcomingId },
    });
    const kept = ran(
      'confirm_appointment',
      { appointment_id: upcomingId },
      { ok: true, summary: 'Confirmed' },
    );
    expect(await step(state, 'keep it', [kept])).toEqual({
      say: LOCAL_REPLIES.en.upcomingKept('Wednesday, November 25 at 3:00 PM'),
    });
  });

  it('does not offer the upcoming appointment while the caller answers a question (a name for a message)', async () => {
    const state = returningState('voice');
    state.memory.awaiting = 'message_name';
    const answer = await step(state, 'Sam Lee');
    expect(JSON.stringify(answer)).not.toMatch(/I see your haircut appointment/);
    expect(state.memory.upcomingOffered).toBeFalsy();
  });

  it('on a call the greeting said the name: the offer comes alone; cancel and move act on that appointment', async () => {
    const cancelling = returningState('voice');
    expect((await step(cancelling, 'hello')).say).toMatch(/^I see your haircut appointment/);
    expect(await step(cancelling, 'cancel it please')).toEqual({
      call: 'cancel_appointment',
      args: { appointment_id: '20261125T200000Z-0a1b2c3d' },
    });
    const moving = returningState('voice');
    await step(moving, 'hello');
    expect(await step(moving, 'can we move it')).toEqual({ say: LOCAL_REPLIES.en.whenInstead });
    expect(moving.memory.draft).toEqual({ rescheduleOf: '20261125T200000Z-0a1b2c3d' });
  });

  it('offers in Spanish to a Spanish texter, and not at all when asked something else or with nothing upcoming', async () => {
    const spanish = returningState('sms');
    expect((await step(spanish, 'hola, buenas')).say).toMatch(
      /^¡Hola, Ana! Qué gusto saludarle de nuevo\. Veo su cita de haircut/,
    );
    expect(await step(returningState('sms'), 'Where are you located?')).toMatchObject({
      call: 'get_business_info',
    });
    expect((await step(returningState('sms', false), 'hi')).say).not.toContain('I see your');
  });
});
