import { describe, expect, it } from 'vitest';
import type { DashboardAppointment } from '@shared/schemas/dashboard-appointments';
import { dayLabel, groupByBusinessDay, timeLabel, zoneLabel } from './appointment-times';

const appointment = (id: string, startsAt: string): DashboardAppointment => ({
  id,
  service: 'Haircut',
  customer_name: 'Jane',
  customer_phone: '+14155550199',
  starts_at: startsAt,
  ends_at: startsAt,
  status: 'booked',
  deposit: null,
  channel: 'sms',
});

describe('appointment times in the business time zone', () => {
  it('labels a UTC instant with the business day and clock', () => {
    // 2026-12-02 06:30 UTC is still Tuesday Dec 1, 10:30 PM in Los Angeles.
    expect(dayLabel('2026-12-02T06:30:00.000Z', 'America/Los_Angeles')).toBe('Tuesday, December 1');
    expect(timeLabel('2026-12-02T06:30:00.000Z', 'America/Los_Angeles')).toBe('10:30 PM');
    expect(dayLabel('2026-12-02T06:30:00.000Z', 'America/New_York')).toBe('Wednesday, December 2');
    expect(zoneLabel('2026-12-02T06:30:00.000Z', 'America/Los_Angeles')).toBe('PST');
    expect(zoneLabel('2026-07-02T06:30:00.000Z', 'America/Los_Angeles')).toBe('PDT');
  });

  it('groups by business day in start order', () => {
    const groups = groupByBusinessDay(
      [
        appointment('c', '2026-12-02T17:00:00.000Z'),
        appointment('a', '2026-12-01T17:00:00.000Z'),
        appointment('b', '2026-12-02T06:30:00.000Z'),
      ],
      'America/Los_Angeles',
    );
    expect(groups.map((g) => [g.day, g.appointments.map((a) => a.id)])).toEqual([
      ['Tuesday, December 1', ['a', 'b']],
      ['Wednesday, December 2', ['c']],
    ]);
  });
});
