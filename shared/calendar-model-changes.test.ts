import { describe, expect, it } from 'vitest';
import { affectedAppointments, droppedPerformers, type UpcomingAppointment } from './calendar-model-changes';
import { zonedInstant } from './receptionist/business-time';
import { DEFAULT_WEEKLY_HOURS, type WeeklyHours } from './receptionist/opening-hours';

const ZONE = 'America/New_York';
/** Wednesday 2027-03-10 (local), `hour`:`minute` for `minutes`. */
const at = (
  id: string,
  day: number,
  hour: number,
  minutes = 60,
  extra: Partial<UpcomingAppointment> = {},
) => {
  const start = zonedInstant({ year: 2027, month: 3, day, hour, minute: 0 }, ZONE);
  return {
    id,
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + minutes * 60_000).toISOString(),
    customer_name: `Caller ${id}`,
    service: 'Cut',
    status: 'booked' as const,
    ...extra,
  };
};
const context = { timeZone: ZONE };
const withDay = (hours: WeeklyHours, weekday: keyof WeeklyHours, intervals: WeeklyHours[0]): WeeklyHours => ({
  ...hours,
  [weekday]: intervals,
});

describe('affectedAppointments: the bookings a calendar edit would strand', () => {
  const morning = at('a', 10, 10, 60, {
    staff_id: 'st_jordan00001',
    staff_name: 'Jordan',
    service_id: 'sv_colour00001',
  });
  const afternoon = at('b', 10, 14, 90, { staff_id: 'st_riley000001', service_id: 'sv_cut000000001' });
  const thursday = at('c', 11, 9);
  const cancelled = { ...at('d', 10, 11), status: 'cancelled' as const, staff_id: 'st_jordan00001' };
  const upcoming = [afternoon, thursday, morning, cancelled];

  it('deleting a service or a staff member strands their booked appointments, soonest first', () => {
    expect(
      affectedAppointments({ kind: 'delete_staff', staffId: 'st_jordan00001' }, upcoming, context),
    ).toEqual([
      {
        id: 'a',
        starts_at: morning.starts_at,
        customer_name: 'Caller a',
        service: 'Cut',
        staff_name: 'Jordan',
      },
    ]);
    expect(
      affectedAppointments({ kind: 'delete_service', serviceId: 'sv_cut000000001' }, upcoming, context).map(
        (a) => a.id,
      ),
    ).toEqual(['b']);
    expect(
      affectedAppointments({ kind: 'delete_staff', staffId: 'st_nobody00001' }, upcoming, context),
    ).toEqual([]);
  });

  it('shrinking hours strands what the old hours covered and the new don’t, in the business’s zone', () => {
    const afternoonsOnly = withDay(DEFAULT_WEEKLY_HOURS, 2, [{ start: 780, end: 1020 }]);
    const change = { kind: 'hours' as const, before: DEFAULT_WEEKLY_HOURS, after: afternoonsOnly };
    expect(affectedAppointments(change, upcoming, context).map((a) => a.id)).toEqual(['a']);
    // A 90-minute booking from 14:00 no longer fits a day that closes at 15:00.
    const early = withDay(DEFAULT_WEEKLY_HOURS, 2, [{ start: 540, end: 900 }]);
    expect(affectedAppointments({ ...change, after: early }, upcoming, context).map((a) => a.id)).toEqual([
      'b',
    ]);
    // A split day keeping both bookings inside a period strands nothing.
    const split = withDay(DEFAULT_WEEKLY_HOURS, 2, [
      { start: 540, end: 720 },
      { start: 840, end: 1020 },
    ]);
    expect(affectedAppointments({ ...change, after: split }, upcoming, context)).toEqual([]);
    // A booking the old hours didn't cover either (placed out of hours) blocks nothing.
    const evening = at('e', 10, 19);
    expect(affectedAppointments({ ...change, after: early }, [evening], context)).toEqual([]);
  });

  it('a staff member’s hours strand only their own bookings', () => {
    const closedWednesday = withDay(DEFAULT_WEEKLY_HOURS, 2, []);
    const change = {
      kind: 'hours' as const,
      staffId: 'st_riley000001',
      before: DEFAULT_WEEKLY_HOURS,
      after: closedWednesday,
    };
    expect(affectedAppointments(change, upcoming, context).map((a) => a.id)).toEqual(['b']);
  });

  it('a closure strands what it covers: whole days, part of a day, and only what widening adds', () => {
    const wednesday = { from: '2027-03-10', to: '2027-03-10', start_minute: null, end_minute: null };
    expect(
      affectedAppointments({ kind: 'closure', after: wednesday }, upcoming, context).map((a) => a.id),
    ).toEqual(['a', 'b']);
    const lunch = { ...wednesday, start_minute: 690, end_minute: 840 };
    // 10:00-11:00 ends before 11:30; 14:00 starts at the closure's end: neither overlaps.
    expect(affectedAppointments({ kind: 'closure', after: lunch }, upcoming, context)).toEqual([]);
    const range = { ...wednesday, to: '2027-03-11' };
    expect(
      affectedAppointments({ kind: 'closure', after: range, before: wednesday }, upcoming, context).map(
        (a) => a.id,
      ),
    ).toEqual(['c']);
  });

  it('taking staff off a service strands their bookings of it, and an edit of several things strands what any does', () => {
    const service = (id: string, staff_ids: string[]) => ({
      id,
      name: id,
      description: '',
      duration_minutes: 60,
      price_kind: 'none' as const,
      price_cents: null,
      deposit_cents: null,
      buffer_minutes: 0,
      staff_ids,
      resource_id: null,
    });
    const staff = ['st_jordan00001', 'st_riley000001'];
    // Everyone did colour; now only Riley does: Jordan is dropped. Cut is unchanged; a deleted service is
    // its own change.
    const dropped = droppedPerformers(
      [service('sv_colour00001', []), service('sv_cut000000001', ['st_riley000001']), service('sv_gone', [])],
      [service('sv_colour00001', ['st_riley000001']), service('sv_cut000000001', ['st_riley000001'])],
      staff,
    );
    expect(dropped).toEqual([{ serviceId: 'sv_colour00001', staffId: 'st_jordan00001' }]);
    expect(affectedAppointments({ kind: 'performers', dropped }, upcoming, context).map((a) => a.id)).toEqual(
      ['a'],
    );
    // Riley's cut is not touched by Jordan leaving colour.
    expect(
      affectedAppointments(
        { kind: 'performers', dropped: [{ serviceId: 'sv_cut000000001', staffId: 'st_jordan00001' }] },
        upcoming,
        context,
      ),
    ).toEqual([]);
    const each = {
      kind: 'each' as const,
      changes: [
        { kind: 'performers' as const, dropped },
        { kind: 'delete_service' as const, serviceId: 'sv_cut000000001' },
      ],
    };
    expect(affectedAppointments(each, upcoming, context).map((a) => a.id)).toEqual(['a', 'b']);
  });
});
