import type { SchedulingLinkBookingRepository } from '../../backend/src/capabilities/calendars/records/scheduling-link-bookings';
import type { Appointment } from '../../shared/schemas/appointment';
import { zonedInstant } from '../../shared/receptionist/business-time';
import type { AppointmentRepository } from '../../backend/src/capabilities/appointments/records/appointments';
import type { BusinessConfigRepository } from '../../backend/src/capabilities/setup/records/business-config';
import type { ConversationRepository } from '../../backend/src/capabilities/conversations/records/conversations';
import type { ConversationStateRepository } from '../../backend/src/capabilities/receptionist/records/conversation-states';
import type { ObjectivesRepository } from '../../backend/src/capabilities/setup/records/objectives';
import type { OwnerMessageRepository } from '../../backend/src/capabilities/conversations/records/owner-messages';
import type { RateLimiter } from '../../backend/src/platform/dynamo/rate-limits';
import { createLogger } from '../../backend/src/platform/logging/logger';
import { createLocalModel } from '../../backend/src/local/openai/local-model';
import { createReceptionist } from '../../backend/src/capabilities/receptionist/receptionist';
import type { ConversationState } from '../../backend/src/capabilities/receptionist/records/conversation-types';
import { businessConfigFixture } from '../fixtures/business-config';
import { formatTable, goalMark } from '../report';
import { percentile, round } from '../stats';

/** A caller's thread that exercises facts, slot search, booking and the goodbye. */
const THREAD = [
  'Hi there',
  'What are your hours?',
  'Can I book a haircut tomorrow afternoon?',
  'The first one please',
  'Sam Lee',
  'Where are you located?',
  'Thanks, bye',
];

export type ReceptionistEngineFigure = {
  measuredAt: string;
  turns: number;
  /** One turn through the engine with the local model and no I/O: its own CPU cost. */
  overheadMs: { p50: number; p99: number; max: number };
  goalP50Ms: number;
  method: string;
};

/**
 * `receptionist_turn`: the engine's own overhead per turn with the local model. The data layer is replaced
 * by in-process stores so only the engine's work is timed (prompt, intent, date resolution, slot finding,
 * tools, records); the SMS stage measures the same turns end to end over HTTP and DynamoDB Local.
 */
export async function measureReceptionistEngine(
  settings: { conversations: number },
  log: (line: string) => void,
): Promise<ReceptionistEngineFigure> {
  const states = new Map<string, ConversationState>();
  const appointments: Appointment[] = [];
  const config = { ...businessConfigFixture('bench-owner'), time_zone: 'America/Los_Angeles' };
  const data = {
    businessConfigs: { getConfig: async () => config } as unknown as BusinessConfigRepository,
    objectives: { getObjective: async () => undefined } as unknown as ObjectivesRepository,
    payouts: { get: async () => ({ collected_cents: 0 }), addCollected: async () => undefined },
    schedulingLinks: {} as unknown as SchedulingLinkBookingRepository,
    conversations: {
      saveConversations: async () => undefined,
      recordPut: () => ({}),
    } as unknown as ConversationRepository,
    ownerMessages: { save: async () => undefined } as unknown as OwnerMessageRepository,
    callerMemories: { get: async () => undefined, remember: async () => undefined },
    conversationStates: {
      create: async (state: ConversationState) => void states.set(state.id, structuredClone(state)),
      get: async (id: string) => structuredClone(states.get(id)),
      save: async (state: ConversationState) => {
        const next = { ...state, version: state.version + 1 };
        states.set(state.id, structuredClone(next));
        return next;
      },
      acquireTurn: async (id: string) => structuredClone(states.get(id)),
      releaseTurn: async () => undefined,
    } as unknown as ConversationStateRepository,
    appointments: {
      listBetween: async () => appointments,
      upcoming: async () => appointments.filter((a) => a.status === 'booked'),
      book: async (_owner: string, input: Omit<Appointment, 'id'>) => {
        const appointment = { ...input, id: `a${appointments.length}`, status: 'booked' } as Appointment;
        appointments.push(appointment);
        return { ok: true, appointment };
      },
    } as unknown as AppointmentRepository,
  };
  let clock = zonedInstant({ year: 2026, month: 11, day: 23, hour: 10, minute: 0 }, 'America/Los_Angeles');
  const receptionist = createReceptionist({
    data,
    model: createLocalModel(),
    sms: { send: async () => undefined, isOptedOut: async () => false },
    deposits: {
      create: async () => ({ url: 'http://localhost/pay', sessionId: 'cs_bench' }),
      refund: async () => ({ id: 're_bench' }),
    },
    rateLimiter: { hit: async () => true, countedHit: () => ({ Update: {} }) } as unknown as RateLimiter,
    metrics: { count: () => undefined },
    now: () => clock,
    logger: createLogger(() => undefined),
  });

  const samples: number[] = [];
  const total = settings.conversations;
  for (let i = 0; i < total + 5; i += 1) {
    // A day apart, so each conversation books a free slot like the first one did.
    clock = new Date(clock.getTime() + 86_400_000);
    const conversation = await receptionist.startConversation({
      ownerId: 'bench-owner',
      channel: 'sms',
      caller: `+1415555${String(1000 + (i % 9000)).padStart(4, '0')}`,
      assistantNumber: '+14155550100',
    });
    for (const text of THREAD) {
      const started = process.hrtime.bigint();
      for await (const event of receptionist.runTurn(conversation.id, { text })) void event;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (i >= 5) samples.push(ms); // the first conversations warm the JIT
    }
  }
  samples.sort((a, b) => a - b);
  log(`${samples.length} turns measured`);
  return {
    measuredAt: new Date().toISOString(),
    turns: samples.length,
    overheadMs: {
      p50: round(percentile(samples, 50), 2),
      p99: round(percentile(samples, 99), 2),
      max: round(samples.at(-1) ?? 0, 2),
    },
    goalP50Ms: 20,
    method: `${total} conversations × ${THREAD.length} turns (facts, slots, booking, goodbye), local model, in-process stores`,
  };
}

export const formatReceptionistEngine = (figure: ReceptionistEngineFigure) =>
  [
    `Receptionist turn  engine overhead, local model, no I/O (${figure.turns} turns)`,
    formatTable([
      ['', 'p50', 'p99', 'max', 'goal p50'],
      [
        'engine per turn',
        `${figure.overheadMs.p50} ms`,
        `${figure.overheadMs.p99} ms`,
        `${figure.overheadMs.max} ms`,
        `≤ ${figure.goalP50Ms} ms ${goalMark(figure.overheadMs.p50 <= figure.goalP50Ms)}`,
      ],
    ]),
  ].join('\n');
