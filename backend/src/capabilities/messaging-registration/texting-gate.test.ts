import { describe, expect, it } from 'vitest';
import type { StoredRegistration } from './records/messaging-registrations';
import { createTextingGate, NUMBER_JOIN_RETRY_MS } from './texting-gate';

const OLD = '+13125550100';
const NEW = '+13125550101';
const US = '+14155550166';

/**
 * The gate's own retry of a changed number's join (decision 169, "A changed number"): a held text tries the
 * join once per owner per minute on an instance, and lets the text go when the join succeeds.
 */
function gateWith(joinSucceeds: () => boolean) {
  let registration: StoredRegistration = {
    state: 'approved',
    updatedAt: '2026-11-29T00:00:00Z',
    refs: { messagingServiceSid: `MG${'1'.repeat(32)}` },
    serviceNumber: OLD,
    awaitingNumber: NEW,
    version: 3,
  };
  let clock = Date.parse('2026-11-29T10:00:00Z');
  const joins: string[] = [];
  const gate = createTextingGate({
    data: {
      phoneReservations: {
        get: async (phone: string) =>
          phone === NEW ? ({ owner_id: 'owner-1', status: 'active' } as never) : undefined,
      } as never,
    },
    registrations: { get: async () => registration },
    retryNumberJoin: async (ownerId) => {
      joins.push(ownerId);
      if (!joinSucceeds()) throw new Error('Twilio service number failed: outage');
      const { awaitingNumber: _joined, ...rest } = registration;
      registration = { ...rest, serviceNumber: NEW, version: registration.version + 1 };
    },
    now: () => new Date(clock),
  });
  return { gate, joins, advance: (ms: number) => (clock += ms) };
}

describe('the texting gate retries a waiting number’s join', () => {
  it('lets a held text go once its own retry joins the number', async () => {
    const { gate, joins } = gateWith(() => true);
    expect(await gate.allows(NEW, US)).toBe(true);
    expect(joins).toEqual(['owner-1']);
    // Joined: the next text needs no retry.
    expect(await gate.allows(NEW, US)).toBe(true);
    expect(joins).toHaveLength(1);
  });

  it('retries at most once a minute per owner while the join keeps failing', async () => {
    const { gate, joins, advance } = gateWith(() => false);
    expect(await gate.allows(NEW, US)).toBe(false);
    expect(await gate.allows(NEW, US)).toBe(false);
    expect(joins).toHaveLength(1);
    advance(NUMBER_JOIN_RETRY_MS - 1);
    expect(await gate.allows(NEW, US)).toBe(false);
    expect(joins).toHaveLength(1);
    advance(1);
    expect(await gate.allows(NEW, US)).toBe(false);
    expect(joins).toHaveLength(2);
  });

  it('never retries for texts outside A2P, or from a number that is not waiting', async () => {
    const { gate, joins } = gateWith(() => true);
    expect(await gate.allows(NEW, '+16045550123')).toBe(true);
    expect(await gate.allows(OLD, US)).toBe(false);
    expect(joins).toEqual([]);
  });
});
