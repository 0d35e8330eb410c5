import { describe, expect, it } from 'vitest';
import { zonedInstant } from '@shared/receptionist/business-time';
import type { Appointment } from '@shared/schemas/appointment';
import type { AppointmentRepository } from '../../appointments/records/appointments';
import { businessProfile } from '../business-profile';
import type { ConversationState } from '../records/conversation-types';
import { bookTool } from './book';
import { businessInfoTool } from './business-info';
import { depositTool } from './deposit';
import { findSlotsTool } from './find-slots';
import { endTool, escalateTool, takeMessageTool } from './message-escalate-end';
import { cancelTool, confirmTool } from './reschedule-cancel';
import type { ToolContext } from './tool-types';

const NY = 'America/New_York';
const NOW = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const CALLER = '+14155550123';

/** A tool context over in-memory appointments and recorded side effects. */
function context(
  options: {
    manager?: boolean;
    deposit?: boolean;
    /** Whether the owner's Stripe account is onboarded (deposits need it); yes unless said otherwise. */
    payoutsReady?: boolean;
    channel?: 'sms' | 'voice' | 'test';
  } = {},
) {
  const booked: Appointment[] = [];
  const texts: Array<{ to: string; body: string }> = [];
  const messages: unknown[] = [];
  const appointments = {
    async listBetween() {
      return booked;
    },
    async upcoming() {
      return booked.filter((a) => a.status === 'booked');
    },
    async get(_owner: string, id: string) {
      return booked.find((a) => a.id === id);
    },
    async book(
      ownerId: string,
      input: Omit<Appointment, 'id' | 'owner_id' | 'status' | 'created_at' | 'cancelled_at'>,
    ) {
      if (booked.some((a) => a.starts_at === input.starts_at && a.status === 'booked'))
        return { ok: false, reason: 'taken' };
      const appointment: Appointment = {
        ...input,
        id: `a${booked.length}`,
        owner_id: ownerId,
        status: 'booked',
        created_at: NOW.toISOString(),
        cancelled_at: null,
      };
      booked.push(appointment);
      return { ok: true, appointment };
    },
    async cancel(_owner: string, id: string) {
      const found = booked.find((a) => a.id === id && a.status === 'booked');
      if (found) found.status = 'cancelled';
      return found;
    },
    async confirm(_owner: string, id: string, at: Date) {
      const found = booked.find((a) => a.id === id && a.status === 'booked');
      if (!found) return undefined;
      const already = Boolean(found.confirmed_at);
      found.confirmed_at ??= at.toISOString();
      return { already };
    },
    async requestDeposit() {},
  } as unknown as AppointmentRepository;
  const business = businessProfile(
    'owner-1',
    {
      business_id: 'biz-1',
      business_name: 'Bella Hair Studio',
      time_zone: NY,
      business_hours: { weekday_text: ['Monday: 9:00 AM – 5:00 PM', 'Tuesday: 9:00 AM – 5:00 PM'] },
      business_description: 'A salon. Haircuts start at $45.',
      ...(options.manager ? { manager_number: '+14155550777', manager_name: 'Maria' } : {}),
    },
    options.deposit
      ? {
          id: 'o',
          goal: 'g',
          required_capabilities: ['deposit_collection'],
          success_criteria: [],
          priority: 'primary',
          weight: 0.7,
          conditions: [],
          business_id: 'biz-1',
        }
      : undefined,
    options.payoutsReady === false
      ? { collected_cents: 0 }
      : {
          account_id: 'acct_1',
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: true,
          requirements_due: [],
          collected_cents: 0,
        },
  );
  const state = {
    id: 'conv-1',
    channel: options.channel ?? 'sms',
    caller: CALLER,
    memory: {},
    achieved: {},
  } as unknown as ConversationState;
  const ctx: ToolContext = {
    business,
    state,
    now: NOW,
    services: {
      appointments,
      sendSms: async (to, body) => {
        texts.push({ to, body });
        return true;
      },
      createDepositLink: async () => ({
        url: 'http://pay.example/cs_1',
        sessionId: 'cs_1',
        accountId: 'acct_1',
      }),
      refundDeposit: async () => 'none' as const,
      recordSchedulingLink: async () => undefined,
      saveMessage: async (message) => void messages.push(message),
      allow: async () => true,
    },
  };
  return { ctx, booked, texts, messages, state };
}

describe('get_business_info', () => {
  it('answers known facts and says when a fact is not on file', async () => {
    const { ctx } = context();
    expect((await businessInfoTool.run(ctx, { topic: 'prices' })).data).toEqual({
      topic: 'prices',
      known: true,
      answer: 'Haircuts start at $45.',
    });
    expect((await businessInfoTool.run(ctx, { topic: 'website' })).data).toEqual({
      topic: 'website',
      known: false,
    });
  });
});

describe('find_open_slots and book_appointment', () => {
  it('offers slots from the caller’s words and books one, texting a confirmation', async () => {
    const { ctx, booked, texts, state } = context();
    const found = await findSlotsTool.run(ctx, { when: 'tomorrow at 3pm' });
    expect(found.data).toMatchObject({ requested_time_free: true });
    const start = (found.data!.slots as Array<{ start: string }>)[0]!.start;
    expect(start).toBe('2026-11-24T20:00:00.000Z');
    const result = await bookTool.run(ctx, { start, name: 'Sam' });
    expect(result.ok).toBe(true);
    expect(booked[0]).toMatchObject({ customer_name: 'Sam', customer_phone: CALLER });
    expect(texts[0]!.body).toContain("you're booked on Tuesday, November 24 at 3:00 PM");
    expect(state.achieved).toMatchObject({ booked: true, confirmation_sent: true });
  });
  it('refuses a time outside opening hours or already taken', async () => {
    const { ctx } = context();
    expect((await bookTool.run(ctx, { start: '2026-11-24T23:00:00.000Z', name: 'Sam' })).data).toEqual({
      reason: 'not_open',
    });
    await bookTool.run(ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Sam' });
    expect((await bookTool.run(ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Lee' })).ok).toBe(false);
  });
  it('rejects malformed arguments before running', () => {
    expect(bookTool.args.safeParse({ start: 'tomorrow', name: 'Sam' }).success).toBe(false);
    expect(bookTool.args.safeParse({ start: '2026-11-24T20:00:00.000Z', name: '' }).success).toBe(false);
  });
  it('books under a number the caller gives from any country, in E.164, and refuses one in no range', () => {
    const start = '2026-11-24T20:00:00.000Z';
    expect(bookTool.args.parse({ start, name: 'Ana', phone: '+5215512345678' })).toMatchObject({
      phone: '+525512345678',
    });
    expect(bookTool.args.parse({ start, name: 'Ana', phone: '+447911123456' }).phone).toBe('+447911123456');
    for (const phone of ['+1415555014', '4155550123', '+15555550100', '+52 55 1234 5678']) {
      expect(bookTool.args.safeParse({ start, name: 'Ana', phone }).success, phone).toBe(false);
    }
  });
  it('books a Mexican texter without starting a text to their number abroad', async () => {
    const { ctx, booked, texts, state } = context();
    state.caller = '+525512345678';
    const result = await bookTool.run(ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Ana' });
    expect(result.ok).toBe(true);
    expect(booked[0]).toMatchObject({ customer_name: 'Ana', customer_phone: '+525512345678' });
    expect(texts).toEqual([]);
  });
});

describe('cancel_appointment', () => {
  it("cancels the caller's next appointment and texts them", async () => {
    const { ctx, booked, texts } = context();
    await bookTool.run(ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Sam' });
    const result = await cancelTool.run(ctx, {});
    expect(result.ok).toBe(true);
    expect(booked[0]!.status).toBe('cancelled');
    expect(texts.at(-1)!.body).toContain('is cancelled');
    expect((await cancelTool.run(ctx, {})).ok).toBe(false);
  });
});

describe('confirm_appointment (a reply to a reminder, decision 175)', () => {
  it("marks the caller's next appointment confirmed once, and nothing for a caller without one", async () => {
    const { ctx, booked, texts } = context();
    expect((await confirmTool.run(ctx, {})).data).toEqual({ reason: 'not_found' });
    await bookTool.run(ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Sam' });
    const sent = texts.length;
    const result = await confirmTool.run(ctx, {});
    expect(result).toMatchObject({ ok: true, data: { already: false, start: '2026-11-24T20:00:00.000Z' } });
    expect(booked[0]!.confirmed_at).toBe(NOW.toISOString());
    expect((await confirmTool.run(ctx, {})).data).toMatchObject({ already: true });
    // Confirming texts nothing: the assistant's reply is the acknowledgement.
    expect(texts.length).toBe(sent);
    await cancelTool.run(ctx, {});
    expect((await confirmTool.run(ctx, {})).ok).toBe(false);
  });
});

describe('texts in the caller’s language (decision 174)', () => {
  it('confirms, asks the deposit and cancels in Spanish for a Spanish-speaking caller', async () => {
    const { ctx, texts, state } = context({ deposit: true });
    state.language = 'es';
    expect((await bookTool.run(ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Sofía' })).ok).toBe(true);
    expect(texts.at(-1)!.body).toContain(
      'su cita quedó para el martes 24 de noviembre a las 3:00 de la tarde',
    );
    expect(texts.at(-1)!.body).toContain('Responda CAMBIAR');
    await depositTool.run(ctx, {});
    expect(texts.at(-1)!.body).toContain('pague el depósito de $25 aquí: http://pay.example/cs_1');
    expect((await cancelTool.run(ctx, {})).ok).toBe(true);
    expect(texts.at(-1)!.body).toContain(
      'se canceló su cita el martes 24 de noviembre a las 3:00 de la tarde',
    );
  });
});

describe('send_deposit_link', () => {
  it('texts a link only when the objectives take deposits, and never marks it paid', async () => {
    const plain = context();
    await bookTool.run(plain.ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Sam' });
    expect((await depositTool.run(plain.ctx, {})).data).toEqual({ reason: 'no_deposit' });
    // An objective asks for deposits, but the owner's Stripe account is not onboarded: none is asked.
    const unpaid = context({ deposit: true, payoutsReady: false });
    expect(unpaid.ctx.business).toMatchObject({ depositCents: 0, deposits: 'needs_account' });
    await bookTool.run(unpaid.ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Sam' });
    expect((await depositTool.run(unpaid.ctx, {})).data).toEqual({ reason: 'no_deposit' });
    const deposits = context({ deposit: true });
    await bookTool.run(deposits.ctx, { start: '2026-11-24T20:00:00.000Z', name: 'Sam' });
    const result = await depositTool.run(deposits.ctx, {});
    expect(result).toMatchObject({ ok: true, data: { amount: '$25', texted: true } });
    expect(deposits.texts.at(-1)!.body).toContain('http://pay.example/cs_1');
    expect(deposits.state.achieved.deposit_paid).toBeUndefined();
  });
});

describe('take_message, escalate_to_manager, end_conversation', () => {
  it('stores a message and texts the manager', async () => {
    const { ctx, messages, texts } = context({ manager: true });
    await takeMessageTool.run(ctx, { name: 'Jo', reason: 'Refund please' });
    expect(messages).toEqual([
      expect.objectContaining({ name: 'Jo', reason: 'Refund please', callbackNumber: CALLER }),
    ]);
    expect(texts[0]).toMatchObject({ to: '+14155550777' });
  });
  it('takes a callback number from another country and tells the manager in the form it was given', async () => {
    const args = takeMessageTool.args.parse({
      name: 'Ana',
      callback_number: '+5215512345678',
      reason: 'Precio',
    });
    expect(args.callback_number).toBe('+525512345678');
    const { ctx, texts } = context({ manager: true });
    await takeMessageTool.run(ctx, args);
    expect(texts[0]!.body).toContain('message from Ana (+525512345678): Precio');
  });
  it('says which language a Spanish caller left the message in, for the owner and the manager (decision 174)', async () => {
    const { ctx, messages, texts, state } = context({ manager: true });
    state.language = 'es';
    const done = await takeMessageTool.run(ctx, {
      name: 'Lucía',
      reason: 'Quiero cambiar mi cita del martes',
    });
    expect(messages).toEqual([expect.objectContaining({ name: 'Lucía', language: 'es' })]);
    expect(done.summary).toBe('Message taken from Lucía (in Spanish): Quiero cambiar mi cita del martes');
    expect(texts[0]!.body).toMatch(
      /message from Lucía \(\(415\) 555-\d{4}\), in Spanish: Quiero cambiar mi cita/,
    );
    // An English caller's message reads as before.
    const english = context({ manager: true });
    english.state.language = 'en';
    const plain = await takeMessageTool.run(english.ctx, { name: 'Jo', reason: 'Refund please' });
    expect(plain.summary).toBe('Message taken from Jo: Refund please');
    expect(english.texts[0]!.body).not.toContain('in English');
  });
  it('transfers a call, texts the manager over SMS, and says when no manager is set', async () => {
    expect(
      (await escalateTool.run(context({ manager: true, channel: 'voice' }).ctx, { reason: 'upset' })).transfer
        ?.to,
    ).toBe('+14155550777');
    const sms = context({ manager: true });
    expect((await escalateTool.run(sms.ctx, { reason: 'upset' })).ok).toBe(true);
    expect(sms.texts[0]!.body).toContain('asked for a person');
    expect((await escalateTool.run(context().ctx, { reason: 'upset' })).data).toEqual({
      reason: 'no_manager',
    });
  });
  it('ends the conversation', async () => {
    expect((await endTool.run(context().ctx, { reason: 'goodbye' })).end).toEqual({ reason: 'goodbye' });
  });
});
