import type { Conversation, ConversationAction, TranscriptTurn } from '@shared/schemas/conversation';
import { isAfterHours } from '@shared/analytics';
import { formatDollars } from '@shared/receptionist/deposits';
import { parseWeeklyHours } from '@shared/receptionist/opening-hours';
import {
  addDays,
  isoDateOf,
  spokenTime,
  weekdayOf,
  zonedInstant,
  zonedParts,
  type LocalDate,
} from '@shared/receptionist/business-time';

/**
 * A realistic, deterministic history for the demo owner (`npm run demo`) and the tests, which recompute the
 * expected figures from the same records. Same seed, end instant and zone → same records. Patterns, in the
 * business's own time: busier weekdays than weekends, a late-morning and an after-work peak, some evening
 * calls, about a third by SMS, bookings mostly secured by a deposit, messages taken for the owner and a few
 * escalations to the manager. Each booking has its appointment (a free slot in opening hours a few days
 * after the conversation) and each message taken its owner message, so the Overview, Appointments and
 * Call Log show the same story as Analytics.
 */

/** Who the demo business is: its config (scripts/local-stack/demo-owner.ts) and its transcripts agree. */
export const DEMO_IDENTITY = {
  businessName: 'Bella Hair Studio',
  assistantName: 'Ava',
  managerName: 'Robin',
  timeZone: 'America/Los_Angeles',
  /** As Google Places lists them: the demo's calls, slots and "after hours" are read against these. */
  openingHours: [
    'Monday: 9:00 AM – 6:00 PM',
    'Tuesday: 9:00 AM – 6:00 PM',
    'Wednesday: 9:00 AM – 6:00 PM',
    'Thursday: 9:00 AM – 6:00 PM',
    'Friday: 9:00 AM – 6:00 PM',
    'Saturday: 10:00 AM – 4:00 PM',
    'Sunday: Closed',
  ],
} as const;

/** The demo salon's hours, parsed as the product parses an owner's (shared/receptionist/opening-hours.ts). */
const DEMO_HOURS = parseWeeklyHours(DEMO_IDENTITY.openingHours)!;

/** The demo objective: spec template book_with_deposit. */
export const DEMO_CRITERIA = ['appointment_booked', 'deposit_collected', 'confirmation_sent'] as const;

/** mulberry32: a tiny seeded PRNG, good enough for plausible-looking data. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Relative call volume per local hour: quiet nights, peaks around 10-11 and 17-18, some evening calls. */
const HOUR_WEIGHTS = [
  0, 0, 0, 0, 0, 0, 0.2, 0.6, 1.2, 1.6, 2, 2, 1.4, 1.2, 1.4, 1.5, 1.7, 2, 1.6, 1, 0.7, 0.5, 0.2, 0,
];
const DEPOSITS_CENTS = [2500, 2500, 3500, 5000];
const SERVICES = [
  { spoken: 'a haircut', name: 'Haircut', minutes: 45 },
  { spoken: 'colour and cut', name: 'Colour and cut', minutes: 120 },
  { spoken: 'a blow-dry', name: 'Blow-dry', minutes: 45 },
  { spoken: 'highlights', name: 'Highlights', minutes: 90 },
  { spoken: 'a beard trim', name: 'Beard trim', minutes: 30 },
] as const;
const FIRST_NAMES = [
  'Maya',
  'Jordan',
  'Priya',
  'Lucas',
  'Emma',
  'Noah',
  'Sofia',
  'Daniel',
  'Olivia',
  'Ethan',
];
const LAST_NAMES = ['Robinson', 'Nguyen', 'Patel', 'Garcia', 'Kim', 'Walker', 'Rossi', 'Chen', 'Brooks'];
const MESSAGE_REASONS = [
  'Wants to know if you do bridal hair trials',
  'Asking for a quote for a colour correction',
  'Would like a call back about a group booking for a wedding',
  'Thinks she left her scarf at the salon last week',
  'Asking whether you sell gift cards',
];
/** Messages older than this have been handled by the owner; newer ones are waiting on the Overview. */
const MESSAGE_WAITING_DAYS = 3;

function pickWeighted(random: () => number, weights: readonly number[]) {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (let i = 0; i < weights.length; i += 1) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

const pick = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)]!;

export type DemoHistoryOptions = {
  /** The history ends at this instant (conversations after it are not made). */
  now: Date;
  businessId: string;
  objectiveId: string;
  days?: number;
  seed?: number;
  /** The business's zone: call hours, slots and "tomorrow" are its wall clock (UTC by default). */
  timeZone?: string;
};

/** An appointment a demo conversation booked. */
export type DemoBooking = {
  conversationId: string;
  channel: 'voice' | 'sms';
  customerName: string;
  customerPhone: string;
  service: string;
  startsAt: string;
  endsAt: string;
  bookedAt: string;
  depositCents: number;
  /** When the caller paid the deposit link (null: no deposit asked). */
  depositPaidAt: string | null;
};

/** A message the assistant took for the owner. */
export type DemoMessage = {
  conversationId: string;
  channel: 'voice' | 'sms';
  name: string;
  callbackNumber: string;
  reason: string;
  takenAt: string;
  /** Set on messages older than a few days: the owner called back. */
  handledAt?: string;
};

export type DemoBusinessHistory = {
  conversations: Conversation[];
  bookings: DemoBooking[];
  messages: DemoMessage[];
};

/** The conversations alone (analytics reads only those). */
export const generateDemoHistory = (options: DemoHistoryOptions): Conversation[] =>
  generateDemoBusinessHistory(options).conversations;

export function generateDemoBusinessHistory({
  now,
  businessId,
  objectiveId,
  days = 90,
  seed = 20240601,
  timeZone = 'UTC',
}: DemoHistoryOptions): DemoBusinessHistory {
  const history: DemoBusinessHistory = { conversations: [], bookings: [], messages: [] };
  const takenSlots = new Set<number>();
  const today = zonedParts(now, timeZone);
  for (let dayIndex = days - 1; dayIndex >= 0; dayIndex -= 1) {
    const localDay = addDays(today, -dayIndex);
    const date = isoDateOf(localDay);
    // One generator per day keeps each day's records the same whatever the range length (but for a slot an
    // earlier day outside a shorter range would have taken); slots come from each conversation's own
    // generator, so how many tries one takes never shifts the rest of the day.
    const daySeed = seed ^ Number(date.replace(/-/g, ''));
    const random = seededRandom(daySeed);
    const weekday = weekdayOf(localDay);
    const weekend = weekday >= 5;
    const count = weekend ? 2 + Math.floor(random() * 4) : 6 + Math.floor(random() * 8);
    for (let n = 0; n < count; n += 1) {
      const hour = pickWeighted(random, HOUR_WEIGHTS);
      const start = zonedInstant(
        { ...localDay, hour, minute: Math.floor(random() * 60) },
        timeZone,
      ).getTime();
      const startMs = start + Math.floor(random() * 60_000);
      if (startMs > now.getTime()) continue;
      const slotRandom = seededRandom(daySeed + (n + 1) * 0x9e3779b9);
      conversation(random, slotRandom, history, takenSlots, {
        start: startMs,
        localDay,
        id: `demo-${date}-${String(n).padStart(2, '0')}`,
        businessId,
        objectiveId,
        afterHours: isAfterHours(new Date(startMs).toISOString(), { timeZone, hours: DEMO_HOURS }),
        timeZone,
        now: now.getTime(),
      });
    }
  }
  history.conversations.sort((a, b) => a.started_at.localeCompare(b.started_at));
  return history;
}

/** A free slot in opening hours one to five days after the conversation's day. */
function freeSlot(
  random: () => number,
  takenSlots: Set<number>,
  from: LocalDate,
  minutes: number,
  timeZone: string,
) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const day = addDays(from, 1 + Math.floor(random() * 5) + Math.floor(attempt / 10));
    // A start on the hour or half past, half an hour before closing at the latest.
    const open = DEMO_HOURS[weekdayOf(day)][0];
    if (!open) continue;
    const firstHour = Math.ceil(open.start / 60);
    const hour = firstHour + Math.floor(random() * (Math.floor(open.end / 60) - firstHour));
    const startsAt = zonedInstant({ ...day, hour, minute: random() < 0.5 ? 0 : 30 }, timeZone);
    if (takenSlots.has(startsAt.getTime())) continue;
    takenSlots.add(startsAt.getTime());
    return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
  }
  return undefined;
}

function conversation(
  random: () => number,
  slotRandom: () => number,
  history: DemoBusinessHistory,
  takenSlots: Set<number>,
  at: {
    start: number;
    localDay: LocalDate;
    id: string;
    businessId: string;
    objectiveId: string;
    afterHours: boolean;
    timeZone: string;
    now: number;
  },
) {
  const channel = random() < 0.35 ? 'sms' : 'voice';
  const service = pick(random, SERVICES);
  const name = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
  const caller = `+1415555${String(1000 + Math.floor(random() * 9000))}`;
  // Evening callers book a little less often: nobody is around to confirm odd requests.
  const slot =
    random() < (at.afterHours ? 0.62 : 0.8)
      ? freeSlot(slotRandom, takenSlots, at.localDay, service.minutes, at.timeZone)
      : undefined;
  const booked = Boolean(slot);
  const deposit = booked && random() < 0.82;
  const confirmed = booked && random() < 0.95;
  const hungUp = !booked && channel === 'voice' && random() < 0.08;
  const escalated = !booked && !hungUp && random() < 0.3;
  const messageTaken = !booked && !hungUp && !escalated && random() < 0.45;
  const amount = deposit ? pick(random, DEPOSITS_CENTS) : 0;
  const durationMs = hungUp
    ? (6 + Math.floor(random() * 15)) * 1000
    : (channel === 'voice' ? 60 + Math.floor(random() * 300) : 120 + Math.floor(random() * 900)) * 1000;
  // A call is greeted within a second or two; a text thread's first reply takes a few seconds.
  const answeredMs =
    channel === 'voice' ? 600 + Math.floor(random() * 1200) : 1500 + Math.floor(random() * 3000);
  const end = at.start + durationMs;
  const iso = (ms: number) => new Date(ms).toISOString();

  const lines: Array<[TranscriptTurn['speaker'], string]> = [
    [
      'assistant',
      `Thanks for contacting ${DEMO_IDENTITY.businessName}, this is ${DEMO_IDENTITY.assistantName}. How can I help?`,
    ],
  ];
  const actions: Array<Omit<ConversationAction, 'at'>> = [];
  let outcome: NonNullable<Conversation['outcome']> = hungUp ? 'abandoned' : 'answered';
  const reason = pick(random, MESSAGE_REASONS);
  if (slot) {
    const when = spokenTime(slot.startsAt, at.timeZone);
    lines.push(
      ['caller', `Hi, I'd like to book ${service.spoken}.`],
      ['assistant', `I can fit you in on ${when}. Shall I hold it for you?`],
      ['caller', 'Yes please.'],
    );
    actions.push(
      { tool: 'find_open_slots', ok: true, summary: `Offered ${when}` },
      { tool: 'book_appointment', ok: true, summary: `Booked ${service.name} for ${name} on ${when}` },
    );
    outcome = 'booked';
    if (deposit) {
      lines.push([
        'assistant',
        `I've texted you a ${formatDollars(amount)} deposit link to secure the slot.`,
      ]);
      actions.push(
        {
          tool: 'send_deposit_link',
          ok: true,
          summary: `Deposit link for ${formatDollars(amount)} texted to the caller`,
        },
        { tool: 'deposit_paid', ok: true, summary: `Deposit of ${formatDollars(amount)} paid` },
      );
      outcome = 'deposit_paid';
    }
    if (confirmed) lines.push(['assistant', "You'll get a text confirmation in a moment."]);
    history.bookings.push({
      conversationId: at.id,
      channel,
      customerName: name,
      customerPhone: caller,
      service: service.name,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      bookedAt: iso(end),
      depositCents: amount,
      depositPaidAt: deposit ? iso(Math.min(at.now, end + 120_000)) : null,
    });
  } else if (escalated) {
    lines.push(
      ['caller', `Hi, I had ${service.spoken} yesterday and I'm not happy with it.`],
      [
        'assistant',
        `I'm sorry to hear that. Let me pass you to ${DEMO_IDENTITY.managerName}, our manager, who'll call you right back.`,
      ],
    );
    actions.push({
      tool: 'escalate_to_manager',
      ok: true,
      summary: `Transferring to ${DEMO_IDENTITY.managerName}`,
    });
    outcome = 'escalated';
  } else if (messageTaken) {
    lines.push(
      ['caller', `Hi, this is ${name}. ${reason}.`],
      ['assistant', "I'll pass that on and someone will call you back today. Is this the best number?"],
      ['caller', 'Yes, thanks.'],
    );
    actions.push({ tool: 'take_message', ok: true, summary: `Message taken from ${name}: ${reason}` });
    outcome = 'message_taken';
    const waiting = at.now - end < MESSAGE_WAITING_DAYS * 86_400_000;
    history.messages.push({
      conversationId: at.id,
      channel,
      name,
      callbackNumber: caller,
      reason,
      takenAt: iso(end),
      ...(waiting ? {} : { handledAt: iso(end + 3 * 3_600_000) }),
    });
  } else if (!hungUp) {
    lines.push(
      ['caller', `Hi, how much is ${service.spoken}?`],
      ['assistant', 'It depends on your hair length; I can book you a free consultation.'],
      ['caller', "I'll check my calendar and get back to you."],
      ['assistant', 'Of course, talk soon!'],
    );
  }
  const step = Math.floor(durationMs / (lines.length + actions.length));

  history.conversations.push({
    id: at.id,
    business_id: at.businessId,
    objective_id: at.objectiveId,
    channel,
    caller,
    started_at: iso(at.start),
    ended_at: iso(end),
    answered_at: iso(at.start + answeredMs),
    transcript: lines.map(([speaker, text], i) => ({
      speaker,
      text,
      at: iso(at.start + answeredMs + i * step),
    })),
    actions: actions.map((action, i) => ({
      ...action,
      at: iso(at.start + answeredMs + (lines.length + i) * step),
    })),
    objectives_met: { appointment_booked: booked, deposit_collected: deposit, confirmation_sent: confirmed },
    amount_collected_cents: amount,
    escalated,
    outcome,
  });
}
