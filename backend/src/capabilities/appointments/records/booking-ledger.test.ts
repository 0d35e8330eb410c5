import { describe, expect, it } from 'vitest';
import { fits, heldIn, holdOf, ledgerRefsOf, touchesDay, utcDaysOf, type Hold } from './booking-ledger';

const hold = (id: string, s: string, e: string): Hold => ({
  id,
  s: `2027-03-10T${s}:00.000Z`,
  e: `2027-03-10T${e}:00.000Z`,
});

describe('booking ledger rules', () => {
  it('holds an appointment from its start to its end plus its buffer', () => {
    expect(
      holdOf({
        id: 'a',
        starts_at: '2027-03-10T10:00:00.000Z',
        ends_at: '2027-03-10T11:30:00.000Z',
        buffer_minutes: 15,
      }),
    ).toEqual({ id: 'a', s: '2027-03-10T10:00:00.000Z', e: '2027-03-10T11:45:00.000Z' });
  });

  it('names the UTC days a hold touches: one, or two across midnight, never the day it ends at 00:00', () => {
    expect(utcDaysOf(hold('a', '10:00', '11:00'))).toEqual(['2027-03-10']);
    expect(utcDaysOf({ id: 'a', s: '2027-03-10T23:30:00.000Z', e: '2027-03-11T01:00:00.000Z' })).toEqual([
      '2027-03-10',
      '2027-03-11',
    ]);
    expect(utcDaysOf({ id: 'a', s: '2027-03-10T23:30:00.000Z', e: '2027-03-11T00:00:00.000Z' })).toEqual([
      '2027-03-10',
    ]);
    expect(
      touchesDay({ id: 'a', s: '2027-03-10T23:30:00.000Z', e: '2027-03-11T00:00:00.000Z' }, '2027-03-11'),
    ).toBe(false);
  });

  it('lets a person hold one booking at a time, back to back allowed, its own old hold aside', () => {
    const held = [hold('a', '10:00', '11:30')];
    expect(fits(held, hold('b', '11:00', '11:30'), 1)).toBe(false);
    expect(fits(held, hold('b', '09:30', '10:01'), 1)).toBe(false);
    expect(fits(held, hold('b', '11:30', '12:00'), 1)).toBe(true);
    expect(fits(held, hold('b', '09:30', '10:00'), 1)).toBe(true);
    expect(fits(held, hold('a', '10:15', '11:45'), 1)).toBe(true);
  });

  it('lets a resource hold up to its capacity at any instant', () => {
    const held = [hold('a', '10:00', '11:00'), hold('b', '11:00', '12:00')];
    expect(fits(held, hold('c', '10:30', '11:30'), 2)).toBe(true);
    expect(fits([...held, hold('c', '10:30', '11:30')], hold('d', '10:45', '10:50'), 2)).toBe(false);
    expect(fits([...held, hold('c', '10:30', '11:30')], hold('d', '11:30', '11:45'), 2)).toBe(true);
  });

  it('puts an appointment in its staff member’s ledger (the implicit one without staff) and its resource’s', () => {
    expect(ledgerRefsOf({})).toEqual([{ kind: 'STAFF', id: 'owner' }]);
    expect(ledgerRefsOf({ staff_id: 'st_jordan001', resource_id: 'rs_chair001' })).toEqual([
      { kind: 'STAFF', id: 'st_jordan001' },
      { kind: 'RESOURCE', id: 'rs_chair001' },
    ]);
    expect(heldIn({}, { kind: 'STAFF', id: 'owner' })).toBe(true);
    expect(heldIn({ staff_id: 'st_jordan001' }, { kind: 'STAFF', id: 'owner' })).toBe(false);
    expect(heldIn({ resource_id: 'rs_chair001' }, { kind: 'RESOURCE', id: 'rs_chair001' })).toBe(true);
  });
});
