import { useId, useState } from 'react';
import { CALENDAR_SERVICE_NAMES } from '@shared/calendar';
import { CALENDAR_LIMITS, performsService } from '@shared/calendar-model';
import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';
import type { StaffMember, WeeklyHoursInput } from '@shared/schemas/calendar-model';
import { FormField } from '../../../components/ui/form-field';
import {
  fieldErrorsOf,
  useCalendarConnections,
  useCalendarModel,
  useCalendarSettings,
  useCalendarWrite,
} from '../hooks/calendar-queries';
import { WriteOutcome } from './affected-list';
import { ItemActions } from './item-actions';
import { WeeklyHoursEditor } from './weekly-hours-editor';

const T = CALENDAR_UI_TEXTS.staff;
const R = CALENDAR_UI_TEXTS.resources;
type CalendarServiceName = NonNullable<StaffMember['calendar']>['service'];

type Draft = {
  id?: string;
  name: string;
  hours: WeeklyHoursInput | null;
  serviceIds: string[];
  calendarService: CalendarServiceName | '';
  calendarRef: string;
};

/**
 * The owner's staff (docs/decisions/183): name, the business's hours or their own, the services they do
 * (toggles that edit those services' staff lists in the same write), and their own connected calendar.
 */
export function StaffEditor({ userId }: { userId: string }) {
  const model = useCalendarModel(userId);
  const settings = useCalendarSettings(userId);
  const connections = useCalendarConnections();
  const write = useCalendarWrite(userId, 'model');
  const [draft, setDraft] = useState<Draft>();
  const ids = useId();
  const staff = model.data?.staff ?? [];
  const services = model.data?.services ?? [];
  const errors = fieldErrorsOf(write.error);
  const connected = (connections.data?.connections ?? [])
    .filter((c) => c.status === 'connected')
    .map((c) => c.service as CalendarServiceName);

  const open = (member?: StaffMember) =>
    setDraft(
      member
        ? {
            id: member.id,
            name: member.name,
            hours: member.hours,
            serviceIds: services.filter((s) => performsService(s, member.id)).map((s) => s.id),
            calendarService: member.calendar?.service ?? '',
            calendarRef: member.calendar?.calendar_ref ?? '',
          }
        : {
            name: '',
            hours: null,
            serviceIds: services.map((s) => s.id),
            calendarService: '',
            calendarRef: '',
          },
    );

  const save = async () => {
    if (!draft) return;
    const body = {
      name: draft.name,
      hours: draft.hours,
      calendar: draft.calendarService
        ? { service: draft.calendarService, calendar_ref: draft.calendarRef }
        : null,
      service_ids: draft.serviceIds,
    };
    if (await write.saveEntry('staff', draft.id, body)) setDraft(undefined);
  };

  return (
    <section className="calendar-section" aria-labelledby={`${ids}-title`} data-testid="staff-editor">
      <h3 id={`${ids}-title`}>{T.title}</h3>
      <p className="calendar-muted">{T.intro}</p>
      {model.data && staff.length === 0 ? <p className="calendar-muted">{T.empty}</p> : null}
      {staff.length > 0 ? (
        <ul className="calendar-list" data-testid="staff-list">
          {staff.map((member) => (
            <li key={member.id} className="calendar-item" data-testid="staff-item">
              <span className="calendar-item-text">
                <strong>{member.name}</strong>
                <span className="calendar-muted">
                  {member.hours ? T.ownHours : T.businessHours}
                  {member.calendar ? ` · ${CALENDAR_SERVICE_NAMES[member.calendar.service]}` : ''}
                </span>
              </span>
              <ItemActions
                name={member.name}
                onEdit={() => open(member)}
                onDelete={() =>
                  void write.save({ method: 'DELETE', path: `staff/${member.id}` }).catch(() => {})
                }
                disabled={write.pending}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {!draft ? (
        <>
          <WriteOutcome write={write} timeZone={settings.data?.time_zone ?? undefined} />
          <div>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={staff.length >= CALENDAR_LIMITS.staff}
              onClick={() => open()}
            >
              {T.add}
            </button>
          </div>
        </>
      ) : (
        <div className="calendar-form" role="group" aria-label={draft.id ? draft.name : T.add}>
          <FormField id={`${ids}-name`} label={T.name} error={errors.name} required>
            <input
              id={`${ids}-name`}
              maxLength={CALENDAR_LIMITS.nameChars}
              value={draft.name}
              aria-invalid={Boolean(errors.name)}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </FormField>
          <FormField id={`${ids}-hours-kind`} label={T.hours}>
            <select
              id={`${ids}-hours-kind`}
              value={draft.hours ? 'own' : 'business'}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  hours:
                    event.target.value === 'own'
                      ? (settings.data?.opening_hours.map((day) =>
                          day.map((i) => ({ ...i })),
                        ) as WeeklyHoursInput)
                      : null,
                })
              }
            >
              <option value="business">{T.businessHours}</option>
              <option value="own">{T.ownHours}</option>
            </select>
          </FormField>
          {draft.hours ? (
            <WeeklyHoursEditor
              label={`${draft.name || T.name}: ${T.ownHours}`}
              value={draft.hours}
              onChange={(hours) => setDraft({ ...draft, hours })}
              errors={errors}
              errorPrefix="hours"
            />
          ) : null}
          {services.length > 0 ? (
            <fieldset className="calendar-checks">
              <legend>{T.services}</legend>
              {services.map((service) => (
                <label key={service.id}>
                  <input
                    type="checkbox"
                    checked={draft.serviceIds.includes(service.id)}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        serviceIds: event.target.checked
                          ? [...draft.serviceIds, service.id]
                          : draft.serviceIds.filter((id) => id !== service.id),
                      })
                    }
                  />
                  {service.name}
                </label>
              ))}
              {errors.service_ids ? (
                <span className="field-error" role="alert">
                  {errors.service_ids}
                </span>
              ) : null}
            </fieldset>
          ) : null}
          <div className="calendar-form-row">
            <FormField id={`${ids}-calendar`} label={T.calendar}>
              <select
                id={`${ids}-calendar`}
                value={draft.calendarService}
                onChange={(event) =>
                  setDraft({ ...draft, calendarService: event.target.value as CalendarServiceName | '' })
                }
              >
                <option value="">{T.noCalendar}</option>
                {[...new Set([...connected, ...(draft.calendarService ? [draft.calendarService] : [])])].map(
                  (service) => (
                    <option key={service} value={service}>
                      {CALENDAR_SERVICE_NAMES[service]}
                    </option>
                  ),
                )}
              </select>
            </FormField>
            {draft.calendarService ? (
              <FormField
                id={`${ids}-calendar-ref`}
                label={T.calendarRef}
                error={errors['calendar.calendar_ref']}
              >
                <input
                  id={`${ids}-calendar-ref`}
                  maxLength={500}
                  value={draft.calendarRef}
                  aria-invalid={Boolean(errors['calendar.calendar_ref'])}
                  onChange={(event) => setDraft({ ...draft, calendarRef: event.target.value })}
                />
              </FormField>
            ) : null}
          </div>
          <WriteOutcome write={write} timeZone={settings.data?.time_zone ?? undefined} />
          <div className="calendar-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setDraft(undefined)}>
              {CALENDAR_UI_TEXTS.services.cancel}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={write.pending}
              onClick={() => void save()}
            >
              {write.pending ? 'Saving…' : T.save}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** Chairs, rooms and bays, each with how many bookings it holds at once. */
export function ResourcesEditor({ userId }: { userId: string }) {
  const model = useCalendarModel(userId);
  const write = useCalendarWrite(userId, 'model');
  const [draft, setDraft] = useState<{ id?: string; name: string; capacity: string }>();
  const ids = useId();
  const resources = model.data?.resources ?? [];
  const errors = fieldErrorsOf(write.error);
  const save = async () => {
    if (!draft) return;
    const body = { name: draft.name, capacity: Number(draft.capacity) };
    if (await write.saveEntry('resources', draft.id, body)) setDraft(undefined);
  };
  return (
    <section className="calendar-section" aria-labelledby={`${ids}-title`} data-testid="resources-editor">
      <h3 id={`${ids}-title`}>{R.title}</h3>
      <p className="calendar-muted">{R.intro}</p>
      {resources.length > 0 ? (
        <ul className="calendar-list">
          {resources.map((resource) => (
            <li key={resource.id} className="calendar-item">
              <span className="calendar-item-text">
                <strong>{resource.name}</strong>
                <span className="calendar-muted">
                  {R.capacity}: {resource.capacity}
                </span>
              </span>
              <ItemActions
                name={resource.name}
                onEdit={() =>
                  setDraft({ id: resource.id, name: resource.name, capacity: String(resource.capacity) })
                }
                onDelete={() =>
                  void write.save({ method: 'DELETE', path: `resources/${resource.id}` }).catch(() => {})
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="calendar-muted">{R.empty}</p>
      )}
      {draft ? (
        <div className="calendar-form calendar-form-row" role="group" aria-label={R.add}>
          <FormField id={`${ids}-name`} label={R.name} error={errors.name} required>
            <input
              id={`${ids}-name`}
              maxLength={CALENDAR_LIMITS.nameChars}
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </FormField>
          <FormField id={`${ids}-capacity`} label={R.capacity} error={errors.capacity}>
            <input
              id={`${ids}-capacity`}
              type="number"
              min={1}
              max={CALENDAR_LIMITS.resourceCapacity}
              value={draft.capacity}
              onChange={(event) => setDraft({ ...draft, capacity: event.target.value })}
            />
          </FormField>
        </div>
      ) : null}
      <WriteOutcome write={write} />
      <div className={draft ? 'calendar-actions' : 'calendar-actions calendar-actions-start'}>
        {draft ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setDraft(undefined)}>
              {CALENDAR_UI_TEXTS.services.cancel}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={write.pending}
              onClick={() => void save()}
            >
              {R.save}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={resources.length >= CALENDAR_LIMITS.resources}
            onClick={() => setDraft({ name: '', capacity: '1' })}
          >
            {R.add}
          </button>
        )}
      </div>
    </section>
  );
}
