import { randomUUID } from 'node:crypto';
import { writeInBatches } from '../../backend/src/platform/dynamo/batch-write';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createLogger } from '../../backend/src/platform/logging/logger';
import { createLocalQueue } from '../../backend/src/local/sqs/local-queue';
import { createAppData } from '../../backend/src/entry/app-data';
import { remindersFromApp } from '../../backend/src/capabilities/reminders/index';
import { sendHourOf } from '../../backend/src/capabilities/reminders/records/index';
import { createNotificationPlanner } from '../../backend/src/capabilities/notifications/planner';
import { createNotificationWorker } from '../../backend/src/capabilities/notifications/worker';
import { NOTIFICATION_FAN_OUT } from '../../shared/notifications-fan-out';
import { zonedInstant } from '../../shared/receptionist/business-time';
import type { Appointment } from '../../shared/schemas/appointment';
import { businessConfigFixture } from '../fixtures/business-config';
import { formatTable, goalMark } from '../report';
import { round } from '../stats';
import { withBenchTables } from './read-scale';

const GOAL_RATIO = 1.2;
const SEED_CONCURRENCY = 8;
const NY = 'America/New_York';
/** The sweep's instant: a Wednesday afternoon in New York, outside quiet hours, ahead of the real time. */
const AT = zonedInstant({ year: 2027, month: 3, day: 3, hour: 14, minute: 0 }, NY);

export type ReminderSweepFigure = {
  measuredAt: string;
  large: { owners: number; reminders: number; ms: number; perReminderMs: number };
  small: { owners: number; reminders: number; ms: number; perReminderMs: number; runs: number[] };
  ratio: number;
  goalRatio: number;
  method: string;
};

const ownerId = (n: number) => `owner-${String(n).padStart(6, '0')}`;
const compact = (iso: string) => iso.replace(/[-:]|\.\d{3}/g, '');

/** `owners` owners with reminders on (24 h before), each with `perOwner` appointments whose reminder is due. */
async function seed(
  doc: Parameters<typeof writeInBatches>[0],
  tableName: string,
  owners: number,
  perOwner: number,
) {
  const items: Array<Record<string, unknown>> = [];
  for (let n = 0; n < owners; n += 1) {
    const owner = ownerId(n);
    items.push({
      ...keys.businessConfig(owner),
      ...businessConfigFixture(owner),
      time_zone: NY,
      assistant_phone: `+1212555${String(n % 10_000).padStart(4, '0')}`,
    });
    items.push({
      ...keys.reminderSettings(owner),
      enabled: true,
      offsets_hours: [24],
      quiet_start_hour: 21,
      quiet_end_hour: 8,
      note: '',
      enabled_since: '2027-01-01T00:00:00.000Z',
      updated_at: '2027-01-01T00:00:00.000Z',
    });
    for (let i = 0; i < perOwner; i += 1) {
      // Each due a minute or more before the sweep (24 h before a start just under a day ahead).
      const startsAt = new Date(AT.getTime() + 24 * 3_600_000 - (i + 1) * 60_000).toISOString();
      const id = `${compact(startsAt)}-${randomUUID().slice(0, 8)}`;
      const appointment: Appointment = {
        id,
        owner_id: owner,
        starts_at: startsAt,
        ends_at: new Date(Date.parse(startsAt) + 1_800_000).toISOString(),
        status: 'booked',
        customer_name: 'Sam Lee',
        customer_phone: `+1415555${String((n * perOwner + i) % 10_000).padStart(4, '0')}`,
        service: 'Haircut',
        conversation_id: null,
        channel: 'sms',
        deposit: null,
        created_at: new Date(AT.getTime() - 7 * 86_400_000).toISOString(),
        cancelled_at: null,
      };
      items.push({ ...keys.appointment(owner, startsAt), ...appointment });
      const sendAt = new Date(Date.parse(startsAt) - 24 * 3_600_000);
      items.push({
        ...keys.reminderDue(sendHourOf(sendAt), owner, id, 24),
        owner_id: owner,
        appointment_id: id,
        offset_hours: 24,
        send_at: sendAt.toISOString(),
        send_hour: sendHourOf(sendAt),
        language: 'en',
        expires_at: Math.floor(sendAt.getTime() / 1000) + 3 * 86_400,
      });
    }
  }
  const requests = items.map((Item) => ({ PutRequest: { Item } }));
  const slice = Math.ceil(requests.length / SEED_CONCURRENCY);
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, (_, i) =>
      writeInBatches(doc, tableName, requests.slice(i * slice, (i + 1) * slice)),
    ),
  );
}

/**
 * One sweep over a table, as AWS runs it: the planner lists the due reminders by send hour and queues
 * batches; the workers (4 at once, the event source's maximum) claim owners and reminders and send. Texts go
 * to a counting stand-in (the sweep's own work is measured, not a vendor), and the A2P gate is open.
 */
async function sweepOnce(doc: Parameters<typeof writeInBatches>[0], tableName: string, expected: number) {
  const logger = createLogger(() => undefined);
  const now = () => AT;
  const data = createAppData({ doc, tableName, now });
  let sent = 0;
  const reminders = remindersFromApp({
    logger,
    now,
    data,
    telephony: {
      sendSms: async () => {
        sent += 1;
        return { sid: `SM${sent}` };
      },
    },
    textingGate: { allows: async () => true },
  });
  const worker = createNotificationWorker({
    data,
    notifier: {} as never,
    finish: (() => undefined) as never,
    now,
    logger,
    reminders: reminders.sender,
  });
  const queue = createLocalQueue(async (body) => void (await worker.handle(body)), {
    maxReceiveCount: NOTIFICATION_FAN_OUT.maxReceiveCount,
    concurrency: NOTIFICATION_FAN_OUT.maxConcurrentWorkers,
    logger,
  });
  const planner = createNotificationPlanner({ data, queue, logger, reminders: reminders.sender });
  const started = performance.now();
  await planner.planReminders(randomUUID(), AT);
  const ms = performance.now() - started;
  if (sent !== expected) throw new Error(`the sweep sent ${sent} reminders, expected ${expected}`);
  // Exactly once: a second sweep finds nothing left to send.
  await planner.planReminders(randomUUID(), AT);
  if (sent !== expected) throw new Error(`a second sweep sent ${sent - expected} reminders again`);
  return ms;
}

/**
 * `reminder_sweep` (issue 36, docs/decisions/175-reminders.md): 10,000 due reminders across 1,000 owners
 * handled in one sweep against DynamoDB Local, time per reminder ÷ the same for 100 reminders (10 owners).
 * Goal ≤ 1.2: listing by send hour, batches by owner and claims per reminder grow with the work, not faster.
 */
export async function measureReminderSweep(
  settings: { largeOwners: number; smallOwners: number; perOwner: number; smallRuns: number },
  log: (line: string) => void,
): Promise<ReminderSweepFigure> {
  const large = 'bench-reminders-large';
  const smallTables = Array.from({ length: settings.smallRuns }, (_, i) => `bench-reminders-small-${i}`);
  return withBenchTables([large, ...smallTables], async ({ doc }) => {
    const largeCount = settings.largeOwners * settings.perOwner;
    const smallCount = settings.smallOwners * settings.perOwner;
    log(`storing ${largeCount} due reminders across ${settings.largeOwners} owners…`);
    await seed(doc, large, settings.largeOwners, settings.perOwner);
    for (const table of smallTables) await seed(doc, table, settings.smallOwners, settings.perOwner);
    // A small sweep first warms the JIT and DynamoDB Local; then small, large, small… interleaved.
    const smallRuns: number[] = [];
    log('sweeping (small runs around the large one)…');
    const half = Math.floor(smallTables.length / 2);
    for (const table of smallTables.slice(0, half)) smallRuns.push(await sweepOnce(doc, table, smallCount));
    const largeMs = await sweepOnce(doc, large, largeCount);
    for (const table of smallTables.slice(half)) smallRuns.push(await sweepOnce(doc, table, smallCount));
    // The first small run is the warm-up.
    const measured = smallRuns.slice(1).sort((a, b) => a - b);
    const smallMs = measured[Math.floor(measured.length / 2)]!;
    const largePer = largeMs / largeCount;
    const smallPer = smallMs / smallCount;
    return {
      measuredAt: new Date().toISOString(),
      large: {
        owners: settings.largeOwners,
        reminders: largeCount,
        ms: round(largeMs, 0),
        perReminderMs: round(largePer, 3),
      },
      small: {
        owners: settings.smallOwners,
        reminders: smallCount,
        ms: round(smallMs, 0),
        perReminderMs: round(smallPer, 3),
        runs: smallRuns.map((ms) => round(ms, 0)),
      },
      ratio: round(largePer / smallPer, 2),
      goalRatio: GOAL_RATIO,
      method:
        'planner.planReminders + the notification worker over the in-process queue (4 workers), DynamoDB Local; counting SMS stand-in, open A2P gate; small = median of the runs after a warm-up one',
    };
  });
}

export const formatReminderSweep = (figure: ReminderSweepFigure) =>
  formatTable([
    ['reminder_sweep', 'reminders', 'owners', 'sweep ms', 'ms / reminder'],
    [
      'small',
      String(figure.small.reminders),
      String(figure.small.owners),
      String(figure.small.ms),
      String(figure.small.perReminderMs),
    ],
    [
      'large',
      String(figure.large.reminders),
      String(figure.large.owners),
      String(figure.large.ms),
      String(figure.large.perReminderMs),
    ],
    [
      `ratio (goal ≤ ${figure.goalRatio})`,
      '',
      '',
      '',
      `${figure.ratio} ${goalMark(figure.ratio <= figure.goalRatio)}`,
    ],
  ]);
