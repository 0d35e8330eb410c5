import { describe, expect, it } from 'vitest';
import { CALENDAR_LIMITS } from '@shared/calendar-model';
import { CALENDAR_API_TEXTS as T } from '@shared/calendar-model-texts';
import type { Service } from '@shared/schemas/calendar-model';
import { applyModelEdit, type ModelParts } from './model-edits';

const service = (id: string, staff_ids: string[], resource_id: string | null = null): Service => ({
  id,
  name: id === 'sv_colour00001' ? 'Colour' : 'Cut',
  description: '',
  duration_minutes: 60,
  price_kind: 'fixed',
  price_cents: 5000,
  deposit_cents: null,
  buffer_minutes: 0,
  staff_ids,
  resource_id,
});
const { id: _id, ...cutInput } = service('sv_cut000000001', []);
const staff = (id: string, name: string) => ({ id, name, hours: null, calendar: null });
const model: ModelParts = {
  staff: [staff('st_jordan00001', 'Jordan'), staff('st_riley000001', 'Riley')],
  resources: [{ id: 'rs_chair000001', name: 'Chair', capacity: 1 }],
  services: [service('sv_colour00001', ['st_jordan00001'], 'rs_chair000001'), service('sv_cut000000001', [])],
};

describe('applyModelEdit: the model after one edit, or why it can’t be stored', () => {
  it('creates and replaces, and refuses an update of a gone entity', () => {
    const added = applyModelEdit(model, {
      kind: 'put_resource',
      id: 'rs_room0000001',
      input: { name: 'Room', capacity: 3 },
      create: true,
    });
    expect(added.ok && added.resources.map((r) => r.id)).toEqual(['rs_chair000001', 'rs_room0000001']);
    const missing = applyModelEdit(model, {
      kind: 'put_service',
      id: 'sv_gone00000001',
      input: cutInput,
      create: false,
    });
    expect(missing).toEqual({ ok: false, reason: 'not_found', message: T.serviceNotFound });
  });

  it('refuses a service that names unknown staff or resources, on the field', () => {
    expect(
      applyModelEdit(model, {
        kind: 'put_service',
        id: 'sv_cut000000001',
        input: { ...cutInput, staff_ids: ['st_jordan00001', 'st_ghost000001'] },
        create: false,
      }),
    ).toEqual({ ok: false, reason: 'invalid', message: T.unknownStaff, path: 'staff_ids.1' });
    expect(
      applyModelEdit(model, {
        kind: 'put_service',
        id: 'sv_cut000000001',
        input: { ...cutInput, resource_id: 'rs_ghost000001' },
        create: false,
      }),
    ).toMatchObject({ ok: false, path: 'resource_id' });
  });

  it('holds the per-owner limits', () => {
    const full: ModelParts = {
      ...model,
      staff: Array.from({ length: CALENDAR_LIMITS.staff }, (_, n) =>
        staff(`st_full${String(n).padStart(6, '0')}`, `S${n}`),
      ),
    };
    expect(
      applyModelEdit(full, {
        kind: 'put_staff',
        id: 'st_onetoomany1',
        input: { name: 'X', hours: null, calendar: null },
        create: true,
      }),
    ).toEqual({ ok: false, reason: 'limit', message: T.limit('staff members', CALENDAR_LIMITS.staff) });
  });

  it('refuses deleting a resource in use or the only person for a service; otherwise unlists the deleted', () => {
    expect(applyModelEdit(model, { kind: 'delete_resource', id: 'rs_chair000001' })).toEqual({
      ok: false,
      reason: 'in_use',
      message: T.resourceInUse(['Colour']),
    });
    expect(applyModelEdit(model, { kind: 'delete_staff', id: 'st_jordan00001' })).toEqual({
      ok: false,
      reason: 'in_use',
      message: T.onlyStaffFor(['Colour']),
    });
    const shared: ModelParts = {
      ...model,
      services: [service('sv_colour00001', ['st_jordan00001', 'st_riley000001'])],
    };
    const deleted = applyModelEdit(shared, { kind: 'delete_staff', id: 'st_riley000001' });
    expect(deleted.ok && deleted.services[0]!.staff_ids).toEqual(['st_jordan00001']);
  });

  it('a staff member’s service toggles edit the services’ lists, never leaving one with nobody', () => {
    const riley = { name: 'Riley', hours: null, calendar: null };
    // Riley on Colour; off Cut (which everyone did: now everyone else does it).
    const toggled = applyModelEdit(model, {
      kind: 'put_staff',
      id: 'st_riley000001',
      input: { ...riley, service_ids: ['sv_colour00001'] },
      create: false,
    });
    expect(toggled.ok && toggled.services.map((s) => s.staff_ids)).toEqual([
      ['st_jordan00001', 'st_riley000001'],
      ['st_jordan00001'],
    ]);
    // Jordan off Colour, which only Jordan does: refused.
    expect(
      applyModelEdit(model, {
        kind: 'put_staff',
        id: 'st_jordan00001',
        input: { name: 'Jordan', hours: null, calendar: null, service_ids: ['sv_cut000000001'] },
        create: false,
      }),
    ).toEqual({ ok: false, reason: 'invalid', message: T.nobodyLeftFor(['Colour']), path: 'service_ids' });
    // Without service_ids, the services stay as they are.
    const renamed = applyModelEdit(model, {
      kind: 'put_staff',
      id: 'st_riley000001',
      input: riley,
      create: false,
    });
    expect(renamed.ok && renamed.services).toEqual(model.services);
  });
});
