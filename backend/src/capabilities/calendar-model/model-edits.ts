import { CALENDAR_LIMITS, performsService as does } from '@shared/calendar-model';
import { CALENDAR_API_TEXTS as T } from '@shared/calendar-model-texts';
import type { CalendarModel, Resource, Service, StaffMember } from '@shared/schemas/calendar-model';
import type { ResourceInput, ServiceInput, StaffInput } from '@shared/schemas/calendar-model-api';

/**
 * The edits of an owner's services, staff and resources, pure (docs/decisions/183, "Editing the model"):
 * each returns the whole new model or why it can't be stored (a limit, a gone entity, a reference to
 * something that doesn't exist, a resource or a staff member something still needs), so the repository
 * writes all or nothing. Upcoming appointments are checked by the routes (affectedAppointments) before.
 */
export type ModelParts = Pick<CalendarModel, 'services' | 'staff' | 'resources'>;

export type ModelEdit =
  | { kind: 'put_service'; id: string; input: ServiceInput; create: boolean }
  | { kind: 'delete_service'; id: string }
  | { kind: 'put_staff'; id: string; input: StaffInput; create: boolean }
  | { kind: 'delete_staff'; id: string }
  | { kind: 'put_resource'; id: string; input: ResourceInput; create: boolean }
  | { kind: 'delete_resource'; id: string };

export type ModelEditRefusal =
  | { reason: 'not_found'; message: string }
  | { reason: 'limit'; message: string }
  | { reason: 'in_use'; message: string }
  /** A field refers to something that doesn't exist: a 400 on that field's path. */
  | { reason: 'invalid'; message: string; path: string };

export type ModelEditOutcome = ({ ok: true } & ModelParts) | ({ ok: false } & ModelEditRefusal);

const refuse = (refusal: ModelEditRefusal): ModelEditOutcome => ({ ok: false, ...refusal });

/** Replaces the entity with this id, or appends it (create); not_found when an update finds none. */
function put<T extends { id: string }>(list: readonly T[], entity: T, create: boolean): T[] | undefined {
  if (create) return [...list, entity];
  if (!list.some((existing) => existing.id === entity.id)) return undefined;
  return list.map((existing) => (existing.id === entity.id ? entity : existing));
}

function putService(model: ModelParts, id: string, input: ServiceInput, create: boolean): ModelEditOutcome {
  if (create && model.services.length >= CALENDAR_LIMITS.services) {
    return refuse({ reason: 'limit', message: T.limit('services', CALENDAR_LIMITS.services) });
  }
  const unknownStaff = input.staff_ids.findIndex((staffId) => !model.staff.some((s) => s.id === staffId));
  if (unknownStaff >= 0) {
    return refuse({ reason: 'invalid', message: T.unknownStaff, path: `staff_ids.${unknownStaff}` });
  }
  if (input.resource_id !== null && !model.resources.some((r) => r.id === input.resource_id)) {
    return refuse({ reason: 'invalid', message: T.unknownResource, path: 'resource_id' });
  }
  const service: Service = { id, ...input, staff_ids: [...new Set(input.staff_ids)] };
  const services = put(model.services, service, create);
  if (!services) return refuse({ reason: 'not_found', message: T.serviceNotFound });
  return { ok: true, ...model, services };
}

/**
 * The staff member's service toggles as edits of the services' staff lists. Turning someone off a service
 * everyone did lists everyone else; a service left with nobody is refused (an empty list means everyone).
 */
function withServiceToggles(
  services: readonly Service[],
  allStaff: readonly StaffMember[],
  staffId: string,
  serviceIds: readonly string[],
): Service[] | ModelEditRefusal {
  const unknown = serviceIds.findIndex((serviceId) => !services.some((s) => s.id === serviceId));
  if (unknown >= 0) return { reason: 'invalid', message: T.unknownService, path: `service_ids.${unknown}` };
  const others = allStaff.filter((s) => s.id !== staffId).map((s) => s.id);
  const orphaned: string[] = [];
  const next = services.map((service) => {
    const wanted = serviceIds.includes(service.id);
    if (wanted === does(service, staffId)) return service;
    if (wanted) return { ...service, staff_ids: [...service.staff_ids, staffId] };
    const staffIds = (service.staff_ids.length === 0 ? others : service.staff_ids).filter(
      (s) => s !== staffId,
    );
    if (staffIds.length === 0) orphaned.push(service.name);
    return { ...service, staff_ids: staffIds };
  });
  if (orphaned.length > 0)
    return { reason: 'invalid', message: T.nobodyLeftFor(orphaned), path: 'service_ids' };
  return next;
}

function putStaff(model: ModelParts, id: string, input: StaffInput, create: boolean): ModelEditOutcome {
  if (create && model.staff.length >= CALENDAR_LIMITS.staff) {
    return refuse({ reason: 'limit', message: T.limit('staff members', CALENDAR_LIMITS.staff) });
  }
  const { service_ids: serviceIds, ...fields } = input;
  const member: StaffMember = { id, ...fields };
  const staff = put(model.staff, member, create);
  if (!staff) return refuse({ reason: 'not_found', message: T.staffNotFound });
  if (serviceIds === undefined) return { ok: true, ...model, staff };
  const services = withServiceToggles(model.services, staff, id, serviceIds);
  if (!Array.isArray(services)) return refuse(services);
  return { ok: true, ...model, staff, services };
}

function deleteStaff(model: ModelParts, id: string): ModelEditOutcome {
  if (!model.staff.some((s) => s.id === id)) return refuse({ reason: 'not_found', message: T.staffNotFound });
  // A service only they do would fall back to "everyone": refused rather than guessed.
  const onlyThem = model.services.filter((s) => s.staff_ids.length === 1 && s.staff_ids[0] === id);
  if (onlyThem.length > 0)
    return refuse({ reason: 'in_use', message: T.onlyStaffFor(onlyThem.map((s) => s.name)) });
  return {
    ok: true,
    ...model,
    staff: model.staff.filter((s) => s.id !== id),
    services: model.services.map((s) =>
      s.staff_ids.includes(id) ? { ...s, staff_ids: s.staff_ids.filter((staffId) => staffId !== id) } : s,
    ),
  };
}

function putResource(model: ModelParts, id: string, input: ResourceInput, create: boolean): ModelEditOutcome {
  if (create && model.resources.length >= CALENDAR_LIMITS.resources) {
    return refuse({ reason: 'limit', message: T.limit('resources', CALENDAR_LIMITS.resources) });
  }
  const resources = put<Resource>(model.resources, { id, ...input }, create);
  if (!resources) return refuse({ reason: 'not_found', message: T.resourceNotFound });
  return { ok: true, ...model, resources };
}

export function applyModelEdit(model: ModelParts, edit: ModelEdit): ModelEditOutcome {
  switch (edit.kind) {
    case 'put_service':
      return putService(model, edit.id, edit.input, edit.create);
    case 'delete_service':
      if (!model.services.some((s) => s.id === edit.id)) {
        return refuse({ reason: 'not_found', message: T.serviceNotFound });
      }
      return { ok: true, ...model, services: model.services.filter((s) => s.id !== edit.id) };
    case 'put_staff':
      return putStaff(model, edit.id, edit.input, edit.create);
    case 'delete_staff':
      return deleteStaff(model, edit.id);
    case 'put_resource':
      return putResource(model, edit.id, edit.input, edit.create);
    case 'delete_resource': {
      if (!model.resources.some((r) => r.id === edit.id)) {
        return refuse({ reason: 'not_found', message: T.resourceNotFound });
      }
      const users = model.services.filter((s) => s.resource_id === edit.id).map((s) => s.name);
      if (users.length > 0) return refuse({ reason: 'in_use', message: T.resourceInUse(users) });
      return { ok: true, ...model, resources: model.resources.filter((r) => r.id !== edit.id) };
    }
  }
}
