import { describe, expect, it } from 'vitest';
import { zonedInstant } from '@shared/receptionist/business-time';
import type { CalendarModel } from '@shared/schemas/calendar-model';
import { createLocalModel } from './local-model';
import type { BusinessProfile, ModelRequest, ToolResult } from '../../capabilities/receptionist/index';
import type { ConversationState, ToolName } from '../../capabilities/receptionist/records/index';

/**
 * The local model with services and staff (docs/decisions/183-calendar-model.md "The assistant"): it asks
 * which service before it looks for times, passes "with Jordan" on, and says a closure's note.
 */
const NY = 'America/New_York';
const now = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, NY);
const CALENDAR: Pick<CalendarModel, 'services' | 'staff' | 'resources'> = {
  services: [
    {
      id: 'sv_balayage01',
      name: 'Balayage',
      description: '',
      duration_minutes: 120,
      price_kind: 'from',
      price_cents: 15000,
      deposit_cents: null,
      buffer_minutes: 0,
      staff_ids: [],
      resource_id: null,
    },
    {
      id: 'sv_haircut001',
      name: 'Haircut',
      description: '',
      duration_minutes: 30,
      price_kind: 'fixed',
      price_cents: 4500,
      deposit_cents: null,
      buffer_minutes: 0,
      staff_ids: [],
      resource_id: null,
    },
  ],
  staff: [
    { id: 'st_jordan001', name: 'Jordan', hours: null, calendar: null },
    { id: 'st_sam000001', name: 'Sam', hours: null, calendar: null },
  ],
  resources: [],
};
const business = {
  name: 'Sunset Cuts',
  assistantName: 'Ava',
  timeZone: NY,
  languages: ['en', 'es'],
  depositCents: 0,
  calendar: CALENDAR,
  closures: [],
  traits: {
    formality: 'Business Casual',
    empathy: 'Polite and Neutral',
    proactivity: 'Strictly Reactive',
    humor: 'Completely Serious',
    verbosity: 'Brief and Direct',
  },
} as unknown as BusinessProfile;

const newState = () => ({ channel: 'sms', caller: '+15550100', memory: {} }) as unknown as ConversationState;
type Ran = ModelRequest['turnResults'][number];
async function step(state: ConversationState, callerText: string, turnResults: Ran[] = []) {
  const request = { business, state, now, callerText, turnResults } as unknown as ModelRequest;
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

describe('local model with services and staff', () => {
  it('asks which service first, then looks for the times asked with it', async () => {
    const state = newState();
    expect(await step(state, 'Can I book an appointment tomorrow at 10?')).toEqual({
      say: 'Sure! Which service would you like: Balayage or Haircut?',
    });
    expect(await step(state, 'A balayage please')).toEqual({
      call: 'find_open_slots',
      args: { when: 'Can I book an appointment tomorrow at 10?', service: 'Balayage' },
    });
  });

  it('passes "with Jordan" on, books with Jordan, and says who is available for an unknown name', async () => {
    const state = newState();
    expect(await step(state, 'I need a haircut with Jordan tomorrow at 2pm')).toEqual({
      call: 'find_open_slots',
      args: { when: 'I need a haircut with Jordan tomorrow at 2pm', service: 'Haircut', staff: 'Jordan' },
    });
    const start = zonedInstant({ year: 2026, month: 11, day: 24, hour: 14, minute: 0 }, NY).toISOString();
    const found = ran(
      'find_open_slots',
      { when: 'x' },
      {
        ok: true,
        summary: '',
        data: {
          requested_time_free: true,
          staff: 'Jordan',
          slots: [{ start, spoken: 'Tuesday, November 24 at 2:00 PM', staff: ['Jordan'] }],
        },
      },
    );
    expect(await step(state, 'x', [found])).toEqual({
      say: 'Tuesday, November 24 at 2:00 PM with Jordan is open. Shall I book it for you?',
    });
    // What the tool remembers of its answer: the times offered.
    state.memory.offered = [start];
    state.memory.callerName = 'Ana';
    expect(await step(state, 'yes the first one')).toEqual({
      call: 'book_appointment',
      args: { start, name: 'Ana', service: 'Haircut', staff: 'Jordan' },
    });

    const other = newState();
    await step(other, 'a haircut with Alex tomorrow');
    const unknown = ran(
      'find_open_slots',
      {},
      {
        ok: false,
        summary: '',
        data: { reason: 'unknown_staff', staff: ['Jordan', 'Sam'], service: 'Haircut' },
      },
    );
    expect(await step(other, 'x', [unknown])).toEqual({
      say: "Alex isn't available for Haircut. Haircut is with Jordan or Sam. Who would you like, or is anyone fine?",
    });
    expect(await step(other, 'anyone is fine')).toEqual({
      call: 'find_open_slots',
      args: { when: 'a haircut with Alex tomorrow', service: 'Haircut' },
    });
  });

  it("says the closure's note and offers the next open day", async () => {
    const state = newState();
    await step(state, 'A haircut on Thursday please');
    const start = zonedInstant({ year: 2026, month: 11, day: 30, hour: 9, minute: 0 }, NY).toISOString();
    const closed = ran(
      'find_open_slots',
      {},
      {
        ok: true,
        summary: '',
        data: {
          requested_time_free: false,
          closure_note: "We're closed on Thanksgiving.",
          slots: [{ start, spoken: 'Monday, November 30 at 9:00 AM' }],
        },
      },
    );
    expect(await step(state, 'x', [closed])).toEqual({
      say: "We're closed on Thanksgiving. On the next open day I have Monday, November 30 at 9:00 AM. Which works best?",
    });
  });
});
