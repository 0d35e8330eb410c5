import { describe, expect, it } from 'vitest';
import { weekdayOf, zonedParts } from '@shared/receptionist/business-time';
import { generateDemoBusinessHistory, generateDemoHistory } from './demo-history';

const NOW = new Date('2026-11-26T01:30:00.000Z');
const TIME_ZONE = 'America/Los_Angeles';
const options = { now: NOW, businessId: 'biz-1', objectiveId: 'obj-1', timeZone: TIME_ZONE };
const history = generateDemoBusinessHistory(options);
const local = (iso: string) => zonedParts(new Date(iso), TIME_ZONE);

describe('generateDemoBusinessHistory', () => {
  it('is deterministic, and generateDemoHistory gives its conversations', () => {
    expect(generateDemoBusinessHistory(options)).toEqual(history);
    expect(generateDemoHistory(options)).toEqual(history.conversations);
    expect(generateDemoBusinessHistory({ ...options, seed: 7 }).conversations).not.toEqual(
      history.conversations,
    );
  });

  it("keeps a day's conversations the same whatever the range (re-seeding later overwrites them)", () => {
    const ofDay = (records: typeof history.conversations, day: string) =>
      records.filter((c) => c.id.startsWith(`demo-${day}-`));
    const shorter = generateDemoBusinessHistory({ ...options, days: 30 }).conversations;
    const day = '2026-11-20';
    expect(ofDay(shorter, day).length).toBeGreaterThan(0);
    expect(ofDay(shorter, day)).toEqual(ofDay(history.conversations, day));
  });

  it('spreads 90 days of conversations over the business day in its own zone, none in the future', () => {
    expect(history.conversations.length).toBeGreaterThan(400);
    const first = local(history.conversations[0]!.started_at);
    expect(Date.UTC(first.year, first.month - 1, first.day)).toBeGreaterThanOrEqual(
      Date.UTC(2026, 7, 27), // 89 days before the local 2026-11-25
    );
    for (const c of history.conversations) {
      expect(Date.parse(c.ended_at) - Date.parse(c.started_at)).toBeGreaterThan(0);
      expect(Date.parse(c.started_at)).toBeLessThanOrEqual(NOW.getTime());
      // No calls between 11 pm and 6 am local time (the weights of those hours are 0).
      const hour = local(c.started_at).hour;
      expect(hour >= 6 && hour <= 22).toBe(true);
    }
  });

  it('answers each conversation within seconds of its start', () => {
    for (const c of history.conversations) {
      const wait = Date.parse(c.answered_at!) - Date.parse(c.started_at);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThan(c.channel === 'voice' ? 2000 : 5000);
    }
  });

  it('gives every booking an appointment in opening hours, one per slot, after its conversation', () => {
    const byId = new Map(history.conversations.map((c) => [c.id, c]));
    const booked = history.conversations.filter(
      (c) => c.outcome === 'booked' || c.outcome === 'deposit_paid',
    );
    expect(history.bookings.map((b) => b.conversationId).sort()).toEqual(booked.map((c) => c.id).sort());
    expect(new Set(history.bookings.map((b) => b.startsAt)).size).toBe(history.bookings.length);
    for (const booking of history.bookings) {
      const conversation = byId.get(booking.conversationId)!;
      const start = local(booking.startsAt);
      expect(weekdayOf(start)).not.toBe(6);
      expect(start.hour).toBeGreaterThanOrEqual(9);
      expect(start.hour).toBeLessThanOrEqual(weekdayOf(start) === 5 ? 15 : 17);
      expect(Date.parse(booking.startsAt)).toBeGreaterThan(Date.parse(conversation.ended_at));
      expect(booking.depositCents).toBe(conversation.amount_collected_cents);
      expect(booking.depositPaidAt !== null).toBe(conversation.outcome === 'deposit_paid');
      expect(conversation.actions!.map((a) => a.tool)).toContain('book_appointment');
    }
    // Some of them are still ahead: the Overview has upcoming appointments to show.
    expect(history.bookings.some((b) => Date.parse(b.startsAt) > NOW.getTime())).toBe(true);
  });

  it('keeps outcomes, flags and amounts consistent', () => {
    for (const c of history.conversations) {
      expect(c.amount_collected_cents > 0).toBe(c.outcome === 'deposit_paid');
      expect(c.escalated).toBe(c.outcome === 'escalated');
      expect(c.objectives_met.appointment_booked).toBe(
        c.outcome === 'booked' || c.outcome === 'deposit_paid',
      );
    }
    const outcomes = new Set(history.conversations.map((c) => c.outcome));
    expect([...outcomes].sort()).toEqual(
      ['abandoned', 'answered', 'booked', 'deposit_paid', 'escalated', 'message_taken'].sort(),
    );
  });

  it('takes a message for every message_taken conversation; only the last three days are still waiting', () => {
    const taken = history.conversations.filter((c) => c.outcome === 'message_taken').map((c) => c.id);
    expect(history.messages.map((m) => m.conversationId).sort()).toEqual(taken.sort());
    for (const message of history.messages) {
      const age = NOW.getTime() - Date.parse(message.takenAt);
      expect(message.handledAt === undefined).toBe(age < 3 * 86_400_000);
    }
    expect(history.messages.some((m) => m.handledAt === undefined)).toBe(true);
  });
});
