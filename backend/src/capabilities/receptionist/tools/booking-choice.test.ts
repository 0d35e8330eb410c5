import { describe, expect, it } from 'vitest';
import { IMPLICIT_STAFF_ID } from '@shared/calendar-model';
import type { Appointment } from '@shared/schemas/appointment';
import type { ToolContext } from './tool-types';
import { staffOfMove } from './booking-choice';

const withStaff = (staff: Array<{ id: string; name: string }>) =>
  ({
    calendar: {
      services: [],
      staff: staff.map((m) => ({ ...m, hours: null, calendar: null })),
      resources: [],
    },
  }) as unknown as ToolContext['business'];
const booked = (staffId?: string) => ({ ...(staffId ? { staff_id: staffId } : {}) }) as Appointment;

describe('staffOfMove', () => {
  it('keeps a business without staff on its implicit staff member, when free', () => {
    expect(staffOfMove(withStaff([]), booked(), [IMPLICIT_STAFF_ID])).toEqual({});
    expect(staffOfMove(withStaff([]), booked(), [])).toBeUndefined();
  });

  it('keeps an appointment with its own staff member: free or not at all, never another', () => {
    const business = withStaff([
      { id: 'st_jordan001', name: 'Jordan' },
      { id: 'st_sam000001', name: 'Sam' },
    ]);
    expect(staffOfMove(business, booked('st_sam000001'), ['st_jordan001', 'st_sam000001'])).toEqual({});
    expect(staffOfMove(business, booked('st_sam000001'), ['st_jordan001'])).toBeUndefined();
  });

  it('assigns a booking made before staff existed to the first free staff member', () => {
    const business = withStaff([
      { id: 'st_jordan001', name: 'Jordan' },
      { id: 'st_sam000001', name: 'Sam' },
    ]);
    expect(staffOfMove(business, booked(), ['st_sam000001', 'st_jordan001'])).toEqual({
      staff_id: 'st_sam000001',
      staff_name: 'Sam',
    });
    expect(staffOfMove(business, booked(), [])).toBeUndefined();
  });
});
