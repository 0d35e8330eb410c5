import { describe, expect, it } from 'vitest';
import { zonedInstant } from '@shared/receptionist/business-time';
import type { Appointment } from '@shared/schemas/appointment';
import type { CalendarModel, Closure, Service, StaffMember } from '@shared/schemas/calendar-model';
import type { AppointmentRepository, NewAppointment } from '../../appointments/records/index';
import { businessProfile } from '../business-profile';
import type { ConversationState } from '../records/conversation-types';
import { bookTool } from './book';
import { businessInfoTool } from './business-info';
import { depositTool } from './deposit';
import { findSlotsTool } from './find-slots';
import { rescheduleTool } from './reschedule-cancel';
import type { ToolContext } from './tool-types';

/**
 * The tools over a calendar model (docs/decisions/183-calendar-model.md "The assistant"): services with
 * their lengths, two stylists, closures. The repository below keeps the booking invariant the way the
 * DynamoDB one does: one staff member never holds two overlapping bookings (buffer included).
 */
const NY = 'America/New_York';
// Monday, November 23 2026, 8:00 in New York.
const NOW = zonedInstant({ year: 2026, month: 11, day: 23, hour: 8, minute: 0 }, NY);
const at = (day: number, hour: number, minute = 0) =>
  zonedInstant({ year: 2026, month: 11, day, hour, minute }, NY).toISOString();
const NINE_TO_FIVE = [{ start: 540, end: 1020 }];

const JORDAN: StaffMember = { id: 'st_jordan001', name: 'Jordan', hours: null, calendar: null };
const SAM: StaffMember = { id: 'st_sam000001', name: 'Sam', hours: null, calendar: null };
const service = (over: Partial<Service> & Pick<Service, 'id' | 'name' | 'duration_minutes'>): Service => ({
  description: '',
  price_kind: 'fixed',
  price_cents: 4500,
  deposit_cents: null,
  buffer_minutes: 0,
  staff_ids: [],
  resource_id: null,
  ...over,
});
const BALAYAGE = service({
  id: 'sv_balayage01',
  name: 'Balayage',
  duration_minutes: 90,
  price_kind: 'from',
  price_cents: 15000,
  deposit_cents: 5000,
});
const HAIRCUT = service({ id: 'sv_haircut001', name: 'Haircut', duration_minutes: 30, deposit_cents: 0 });
const MODEL: CalendarModel = {
  services: [BALAYAGE, HAIRCUT],
  staff: [JORDAN, SAM],
  resources: [],
  version: 1,
  updated_at: null,
};

function overlaps(a: Pick<Appointment, 'starts_at' | 'ends_at' | 'buffer_minutes'>, b: NewAppointment) {
  const end = (x: Pick<Appointment, 'ends_at' | 'buffer_minutes'>) =>
    Date.parse(x.ends_at) + (x.buffer_minutes ?? 0) * 60_000;
  return Date.parse(a.starts_at) < end(b) && Date.parse(b.starts_at) < end(a);
}

function context(
  options: { closures?: Closure[]; deposit?: boolean; model?: CalendarModel; caller?: string } = {},
  shared?: Appointment[],
) {
  const booked: Appointment[] = shared ?? [];
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
    async book(ownerId: string, input: NewAppointment) {
      const clash = booked.some(
        (a) =>
          a.status === 'booked' &&
          (a.staff_id ?? 'owner') === (input.staff_id ?? 'owner') &&
          overlaps(a, input),
      );
      if (clash) return { ok: false, reason: 'taken' };
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
    async reschedule(_owner: string, id: string, change: { starts_at: string; ends_at: string }) {
      const found = booked.find((a) => a.id === id)!;
      Object.assign(found, change);
      return { ok: true, appointment: found };
    },
    async requestDeposit() {},
  } as unknown as AppointmentRepository;
  const business = businessProfile(
    'owner-1',
    {
      business_id: 'biz-1',
      business_name: 'Bella Hair Studio',
      time_zone: NY,
      opening_hours: [NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, NINE_TO_FIVE, [], []],
      closures: options.closures ?? [],
      slot_grid_minutes: 30,
      business_description: 'A salon. Haircuts start at $45.',
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
    {
      account_id: 'acct_1',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements_due: [],
      collected_cents: 0,
      settings: { amount_cents: 2500, refund_window_hours: 24 },
    } as never,
    [],
    options.model ?? MODEL,
  );
  const deposits: number[] = [];
  const state = {
    id: 'conv-1',
    channel: 'test',
    caller: options.caller ?? '+14155550123',
    memory: {},
    achieved: {},
  } as unknown as ConversationState;
  const ctx: ToolContext = {
    business,
    state,
    now: NOW,
    services: {
      appointments,
      sendSms: async () => true,
      createDepositLink: async ({ amountCents }) => {
        deposits.push(amountCents);
        return { url: 'http://pay.example/cs_1', sessionId: 'cs_1', accountId: 'acct_1' };
      },
      refundDeposit: async () => 'none' as const,
      recordSchedulingLink: async () => undefined,
      saveMessage: async () => undefined,
      allow: async () => true,
    },
  };
  return { ctx, booked, state, deposits };
}

type Slot = { start: string; spoken: string; staff?: string[] };
const slotsOf = (data: Record<string, unknown> | undefined) => (data?.slots ?? []) as Slot[];

describe('the assistant with services and staff', () => {
  it('asks which service before it looks for times, and names the services', async () => {
    const { ctx } = context();
    const found = await findSlotsTool.run(ctx, { when: 'tomorrow at 10am' });
    expect(found.ok).toBe(false);
    expect(found.data).toEqual({ reason: 'which_service', services: ['Balayage', 'Haircut'] });
  });

  it('books two callers at 10:00 (one per stylist), refuses a third, and blocks only that stylist for 90 minutes', async () => {
    const booked: Appointment[] = [];
    const ten = at(24, 10);
    for (const [n, caller] of ['+14155550101', '+14155550102'].entries()) {
      const { ctx } = context({ caller }, booked);
      const found = await findSlotsTool.run(ctx, { when: 'tomorrow at 10am', service: 'a balayage' });
      expect(found.data).toMatchObject({
        requested_time_free: true,
        service: 'Balayage',
        duration_minutes: 90,
      });
      expect(slotsOf(found.data)[0]!.start).toBe(ten);
      const done = await bookTool.run(ctx, { start: ten, name: `Caller ${n}`, service: 'Balayage' });
      expect(done.ok).toBe(true);
    }
    expect(booked.map((a) => [a.staff_name, a.service_id, a.ends_at])).toEqual([
      ['Jordan', BALAYAGE.id, at(24, 11, 30)],
      ['Sam', BALAYAGE.id, at(24, 11, 30)],
    ]);
    const third = context({ caller: '+14155550103' }, booked);
    const offered = await findSlotsTool.run(third.ctx, { when: 'tomorrow at 10am', service: 'balayage' });
    expect(offered.data).toMatchObject({ requested_time_free: false });
    expect(slotsOf(offered.data).map((s) => s.start)).not.toContain(ten);
    const refused = await bookTool.run(third.ctx, { start: ten, name: 'Third', service: 'Balayage' });
    expect(refused).toMatchObject({ ok: false, data: { reason: 'not_open' } });
    expect(booked).toHaveLength(2);

    // Sam's 10:00 is cancelled: Jordan's 90 minutes still hold 10:30 and 11:00, Sam is free at 10:30.
    booked[1]!.status = 'cancelled';
    const asks = async (time: string, staff: string) =>
      (await findSlotsTool.run(third.ctx, { when: `tomorrow at ${time}`, service: 'Haircut', staff }))
        .data as { requested_time_free: boolean };
    expect((await asks('10:30am', 'Jordan')).requested_time_free).toBe(false);
    expect((await asks('11am', 'Jordan')).requested_time_free).toBe(false);
    expect((await asks('11:30am', 'Jordan')).requested_time_free).toBe(true);
    expect((await asks('10:30am', 'Sam')).requested_time_free).toBe(true);
  });

  it('books "with Jordan" with Jordan, and says who is available for a name not on the staff', async () => {
    const { ctx, booked } = context();
    const found = await findSlotsTool.run(ctx, {
      when: 'tomorrow at 2pm',
      service: 'Haircut',
      staff: 'with Jordan',
    });
    expect(found.data).toMatchObject({ requested_time_free: true, staff: 'Jordan' });
    const done = await bookTool.run(ctx, {
      start: at(24, 14),
      name: 'Ana',
      service: 'Haircut',
      staff: 'Jordan',
    });
    expect(done).toMatchObject({ ok: true, data: { staff: 'Jordan', service: 'Haircut' } });
    expect(booked[0]).toMatchObject({ staff_id: JORDAN.id, staff_name: 'Jordan', buffer_minutes: 0 });
    const unknown = await findSlotsTool.run(ctx, { when: 'tomorrow', service: 'Haircut', staff: 'Alex' });
    expect(unknown).toMatchObject({
      ok: false,
      data: { reason: 'unknown_staff', staff: ['Jordan', 'Sam'], service: 'Haircut' },
    });
  });

  it('spreads bookings fairly: anyone goes to the stylist with fewer bookings that day', async () => {
    const { ctx, booked } = context();
    await bookTool.run(ctx, { start: at(24, 9), name: 'A', service: 'Haircut', staff: 'Jordan' });
    await bookTool.run(ctx, { start: at(24, 13), name: 'B', service: 'Haircut' });
    expect(booked.map((a) => a.staff_name)).toEqual(['Jordan', 'Sam']);
  });

  it('says the closure note and offers the next open day', async () => {
    const closure: Closure = {
      id: 'cl_thanksgiv1',
      from: '2026-11-26',
      to: '2026-11-27',
      start_minute: null,
      end_minute: null,
      note: "We're closed for Thanksgiving.",
    };
    const { ctx } = context({ closures: [closure] });
    const found = await findSlotsTool.run(ctx, { when: 'Thursday at 10am', service: 'Haircut' });
    expect(found.data).toMatchObject({ closure_note: "We're closed for Thanksgiving." });
    const starts = slotsOf(found.data).map((s) => s.start);
    expect(starts.length).toBeGreaterThan(0);
    // Friday is closed too and the weekend has no hours: Monday the 30th is the next open day.
    expect(starts.every((s) => s.startsWith('2026-11-30'))).toBe(true);
    const hours = await businessInfoTool.run(ctx, { topic: 'hours' });
    expect(String(hours.data?.answer)).toContain("We're closed for Thanksgiving");
  });

  it('quotes prices and durations from the services', async () => {
    const { ctx } = context();
    const one = await businessInfoTool.run(ctx, { topic: 'prices', question: 'How much is a balayage?' });
    expect(one.data?.answer).toBe('A balayage is an hour and a half and starts at $150.');
    const all = await businessInfoTool.run(ctx, { topic: 'services' });
    expect(all.data?.answer).toBe(
      'We offer Balayage and Haircut. A balayage is an hour and a half and starts at $150. A haircut is 30 minutes and costs $45.',
    );
  });

  it("asks the service's deposit instead of the business default, and none for a service without one", async () => {
    const { ctx, deposits } = context({ deposit: true });
    const colour = await bookTool.run(ctx, { start: at(24, 10), name: 'Ana', service: 'Balayage' });
    expect(colour.data).toMatchObject({ deposit_cents: 5000 });
    await depositTool.run(ctx, { appointment_id: String(colour.data!.appointment_id) });
    expect(deposits).toEqual([5000]);
    const cut = await bookTool.run(ctx, { start: at(24, 14), name: 'Ana', service: 'Haircut' });
    expect(cut.data).toMatchObject({ deposit_cents: 0 });
    const none = await depositTool.run(ctx, { appointment_id: String(cut.data!.appointment_id) });
    expect(none).toMatchObject({ ok: false, data: { reason: 'no_deposit' } });
    expect(deposits).toEqual([5000]);
  });

  it('moves an appointment with its stylist and length, only to a time that stylist is free', async () => {
    const { ctx, booked } = context();
    await bookTool.run(ctx, { start: at(24, 10), name: 'Ana', service: 'Balayage', staff: 'Jordan' });
    await bookTool.run(ctx, { start: at(24, 14), name: 'Bo', service: 'Haircut', staff: 'Jordan' });
    const offered = await findSlotsTool.run(ctx, { when: 'tomorrow at 1:30pm', reschedule: booked[0]!.id });
    expect(offered.data).toMatchObject({ requested_time_free: false, staff: 'Jordan' });
    const refused = await rescheduleTool.run(ctx, {
      appointment_id: booked[0]!.id,
      new_start: at(24, 13, 30),
    });
    expect(refused).toMatchObject({ ok: false, data: { reason: 'not_open' } });
    const moved = await rescheduleTool.run(ctx, { appointment_id: booked[0]!.id, new_start: at(24, 15) });
    expect(moved.ok).toBe(true);
    expect(booked[0]).toMatchObject({ starts_at: at(24, 15), ends_at: at(24, 16, 30), staff_id: JORDAN.id });
  });
});
