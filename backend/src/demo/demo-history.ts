import type { Conversation, TranscriptTurn } from '@shared/schemas/conversation';

/**
 * A realistic, deterministic history of conversations for the demo owner (`npm run demo`) and the e2e test,
 * which recomputes the expected figures from the same records. Same seed and end day → same records.
 * Patterns: busier weekdays than weekends, a late-morning and an after-work peak, some evening calls,
 * about a third by SMS, bookings mostly secured by a deposit, a few escalations to the manager.
 */

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

/** Relative call volume per UTC hour: quiet nights, peaks around 10-11 and 17-18, some evening calls. */
const HOUR_WEIGHTS = [
  0, 0, 0, 0, 0, 0, 0.2, 0.6, 1.2, 1.6, 2, 2, 1.4, 1.2, 1.4, 1.5, 1.7, 2, 1.6, 1, 0.7, 0.5, 0.2, 0,
];
const DEPOSITS_CENTS = [2500, 2500, 3500, 5000];
const SERVICES = ['a haircut', 'colour and cut', 'a blow-dry', 'highlights', 'a beard trim'];

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
};

export function generateDemoHistory({
  now,
  businessId,
  objectiveId,
  days = 90,
  seed = 20240601,
}: DemoHistoryOptions): Conversation[] {
  const conversations: Conversation[] = [];
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let dayIndex = days - 1; dayIndex >= 0; dayIndex -= 1) {
    const dayStart = todayStart - dayIndex * 86_400_000;
    const date = new Date(dayStart).toISOString().slice(0, 10);
    // One generator per day keeps each day's records the same whatever the range length.
    const random = seededRandom(seed ^ Number(date.replace(/-/g, '')));
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const count = weekend ? 2 + Math.floor(random() * 4) : 6 + Math.floor(random() * 8);
    for (let n = 0; n < count; n += 1) {
      const hour = pickWeighted(random, HOUR_WEIGHTS);
      const start = dayStart + hour * 3_600_000 + Math.floor(random() * 3_600_000);
      if (start > now.getTime()) continue;
      conversations.push(conversation(random, { start, date, n, businessId, objectiveId, hour }));
    }
  }
  return conversations.sort((a, b) => a.started_at.localeCompare(b.started_at));
}

function conversation(
  random: () => number,
  at: { start: number; date: string; n: number; businessId: string; objectiveId: string; hour: number },
): Conversation {
  const channel = random() < 0.35 ? 'sms' : 'voice';
  const afterHours = at.hour < 8 || at.hour >= 18;
  // Evening callers book a little less often: nobody is around to confirm odd requests.
  const booked = random() < (afterHours ? 0.62 : 0.8);
  const deposit = booked && random() < 0.82;
  const confirmed = booked && random() < 0.95;
  const escalated = !booked && random() < 0.3;
  const amount = deposit ? pick(random, DEPOSITS_CENTS) : 0;
  const service = pick(random, SERVICES);
  const durationMs =
    (channel === 'voice' ? 60 + Math.floor(random() * 300) : 120 + Math.floor(random() * 900)) * 1000;
  const caller = `+1415555${String(1000 + Math.floor(random() * 9000))}`;

  const lines: Array<[TranscriptTurn['speaker'], string]> = [
    ['assistant', 'Thanks for contacting Bella Hair Studio, this is Ava. How can I help?'],
    ['caller', `Hi, I'd like to book ${service}.`],
  ];
  if (booked) {
    lines.push(
      ['assistant', 'I have an opening tomorrow at 2 pm. Shall I hold it for you?'],
      ['caller', 'Yes please.'],
    );
    if (deposit)
      lines.push(['assistant', `I've taken a $${(amount / 100).toFixed(2)} deposit to secure the slot.`]);
    if (confirmed) lines.push(['assistant', "You'll get a text confirmation in a moment."]);
  } else if (escalated) {
    lines.push(['assistant', "Let me pass you to our manager, they'll call you right back."]);
  } else {
    lines.push(
      ['caller', "I'll check my calendar and get back to you."],
      ['assistant', 'Of course, talk soon!'],
    );
  }
  const step = Math.floor(durationMs / lines.length);

  return {
    id: `demo-${at.date}-${String(at.n).padStart(2, '0')}`,
    business_id: at.businessId,
    objective_id: at.objectiveId,
    channel,
    caller,
    started_at: new Date(at.start).toISOString(),
    ended_at: new Date(at.start + durationMs).toISOString(),
    transcript: lines.map(([speaker, text], i) => ({
      speaker,
      text,
      at: new Date(at.start + i * step).toISOString(),
    })),
    objectives_met: { appointment_booked: booked, deposit_collected: deposit, confirmation_sent: confirmed },
    amount_collected_cents: amount,
    escalated,
  };
}
