import { useEffect, useId, useState } from 'react';
import { CALENDAR_LIMITS, type SlotGridMinutes } from '@shared/calendar-model';
import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';
import type { Closure, WeeklyHoursInput } from '@shared/schemas/calendar-model';
import type { CalendarSettings } from '@shared/schemas/calendar-model-api';
import { FormField } from '../../../components/ui/form-field';
import { fieldErrorsOf, useCalendarSettings, useCalendarWrite } from '../hooks/calendar-queries';
import { WriteOutcome } from './affected-list';
import { ItemActions } from './item-actions';
import { clockLabel, WeeklyHoursEditor } from './weekly-hours-editor';

const H = CALENDAR_UI_TEXTS.hours;
const C = CALENDAR_UI_TEXTS.closures;
const G = CALENDAR_UI_TEXTS.grid;

/** The business's weekly hours: where they come from, the editor, and Save (refused over bookings). */
export function OpeningHoursSection({ userId }: { userId: string }) {
  const settings = useCalendarSettings(userId);
  const write = useCalendarWrite(userId, 'settings');
  const [hours, setHours] = useState<WeeklyHoursInput>();
  const [saved, setSaved] = useState(false);
  const ids = useId();
  useEffect(() => {
    if (settings.data && !hours) setHours(settings.data.opening_hours);
  }, [settings.data, hours]);
  const source = settings.data?.hours_source;
  return (
    <section className="calendar-section" aria-labelledby={`${ids}-title`} data-testid="opening-hours">
      <h3 id={`${ids}-title`}>{H.title}</h3>
      <p className="calendar-muted">
        {H.intro} {source === 'lookup' ? H.fromLookup : source === 'default' ? H.defaulted : ''}
      </p>
      {hours ? (
        <WeeklyHoursEditor
          label={H.title}
          legendHidden
          value={hours}
          onChange={(next) => {
            setSaved(false);
            setHours(next);
          }}
          errors={fieldErrorsOf(write.error)}
          errorPrefix="opening_hours"
        />
      ) : null}
      {saved && !write.error ? (
        <p className="alert alert-success" role="status">
          {CALENDAR_UI_TEXTS.saved}
        </p>
      ) : null}
      <WriteOutcome write={write} timeZone={settings.data?.time_zone ?? undefined} />
      <div className="calendar-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!hours || write.pending}
          onClick={() =>
            void write.save({ method: 'PUT', path: 'opening-hours', body: { opening_hours: hours } }).then(
              () => setSaved(true),
              () => setSaved(false),
            )
          }
        >
          {H.save}
        </button>
      </div>
    </section>
  );
}

type ClosureDraft = {
  id?: string;
  from: string;
  to: string;
  partDay: boolean;
  start: number;
  end: number;
  note: string;
};
/** "Thu, Nov 25, 2027" for a local date (read at noon UTC, so no zone moves it a day). */
const dayLabel = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const closureLabel = (closure: Closure) =>
  `${closure.from === closure.to ? dayLabel(closure.from) : `${dayLabel(closure.from)} – ${dayLabel(closure.to)}`}${
    closure.start_minute === null || closure.end_minute === null
      ? ''
      : `, ${clockLabel(closure.start_minute)} – ${clockLabel(closure.end_minute)}`
  }`;
const QUARTERS = Array.from({ length: 97 }, (_, n) => n * 15);

/** Closures: a date or range, all day or part of it, with the note the assistant says. */
export function ClosuresSection({ userId }: { userId: string }) {
  const settings = useCalendarSettings(userId);
  const write = useCalendarWrite(userId, 'settings');
  const [draft, setDraft] = useState<ClosureDraft>();
  const ids = useId();
  const closures = settings.data?.closures ?? [];
  const errors = fieldErrorsOf(write.error);
  const save = async () => {
    if (!draft) return;
    const body = {
      from: draft.from,
      to: draft.to || draft.from,
      start_minute: draft.partDay ? draft.start : null,
      end_minute: draft.partDay ? draft.end : null,
      note: draft.note,
    };
    if (await write.saveEntry('closures', draft.id, body)) setDraft(undefined);
  };
  return (
    <section className="calendar-section" aria-labelledby={`${ids}-title`} data-testid="closures">
      <h3 id={`${ids}-title`}>{C.title}</h3>
      <p className="calendar-muted">{C.intro}</p>
      {closures.length > 0 ? (
        <ul className="calendar-list" data-testid="closures-list">
          {closures.map((closure) => (
            <li key={closure.id} className="calendar-item" data-testid="closure-item">
              <span className="calendar-item-text">
                <strong>{closureLabel(closure)}</strong>
                {closure.note ? <span className="calendar-muted">“{closure.note}”</span> : null}
              </span>
              <ItemActions
                name={closureLabel(closure)}
                onEdit={() =>
                  setDraft({
                    id: closure.id,
                    from: closure.from,
                    to: closure.to,
                    partDay: closure.start_minute !== null,
                    start: closure.start_minute ?? 720,
                    end: closure.end_minute ?? 1020,
                    note: closure.note,
                  })
                }
                onDelete={() =>
                  void write.save({ method: 'DELETE', path: `closures/${closure.id}` }).catch(() => {})
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="calendar-muted">{C.empty}</p>
      )}
      {draft ? (
        <div className="calendar-form" role="group" aria-label={C.add}>
          <div className="calendar-form-row">
            <FormField id={`${ids}-from`} label={C.from} error={errors.from} required>
              <input
                id={`${ids}-from`}
                type="date"
                value={draft.from}
                aria-invalid={Boolean(errors.from)}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    from: event.target.value,
                    to: draft.to && draft.to >= event.target.value ? draft.to : event.target.value,
                  })
                }
              />
            </FormField>
            <FormField id={`${ids}-to`} label={C.to} error={errors.to}>
              <input
                id={`${ids}-to`}
                type="date"
                value={draft.to}
                aria-invalid={Boolean(errors.to)}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              />
            </FormField>
          </div>
          <fieldset className="calendar-checks">
            <legend className="sr-only">{C.wholeDay}</legend>
            <label>
              <input
                type="radio"
                checked={!draft.partDay}
                onChange={() => setDraft({ ...draft, partDay: false })}
              />
              {C.wholeDay}
            </label>
            <label>
              <input
                type="radio"
                checked={draft.partDay}
                onChange={() => setDraft({ ...draft, partDay: true })}
              />
              {C.partDay}
            </label>
          </fieldset>
          {draft.partDay ? (
            <div className="calendar-form-row">
              <FormField id={`${ids}-start`} label={C.start}>
                <select
                  id={`${ids}-start`}
                  value={draft.start}
                  onChange={(event) => setDraft({ ...draft, start: Number(event.target.value) })}
                >
                  {QUARTERS.slice(0, -1).map((m) => (
                    <option key={m} value={m}>
                      {clockLabel(m)}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField id={`${ids}-end`} label={C.end} error={errors.end_minute}>
                <select
                  id={`${ids}-end`}
                  value={draft.end}
                  aria-invalid={Boolean(errors.end_minute)}
                  onChange={(event) => setDraft({ ...draft, end: Number(event.target.value) })}
                >
                  {QUARTERS.slice(1).map((m) => (
                    <option key={m} value={m}>
                      {clockLabel(m)}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
          ) : null}
          <FormField id={`${ids}-note`} label={C.note} error={errors.note}>
            <input
              id={`${ids}-note`}
              maxLength={CALENDAR_LIMITS.closureNoteChars}
              value={draft.note}
              placeholder={C.notePlaceholder}
              onChange={(event) => setDraft({ ...draft, note: event.target.value })}
            />
          </FormField>
        </div>
      ) : null}
      <WriteOutcome write={write} timeZone={settings.data?.time_zone ?? undefined} />
      <div className={draft ? 'calendar-actions' : 'calendar-actions calendar-actions-start'}>
        {draft ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setDraft(undefined)}>
              {CALENDAR_UI_TEXTS.services.cancel}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={write.pending || !draft.from}
              onClick={() => void save()}
            >
              {C.save}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={closures.length >= CALENDAR_LIMITS.closures}
            onClick={() => setDraft({ from: '', to: '', partDay: false, start: 720, end: 1020, note: '' })}
          >
            {C.add}
          </button>
        )}
      </div>
    </section>
  );
}

/** The grid bookable start times fall on. */
export function SlotGridSection({ userId }: { userId: string }) {
  const settings = useCalendarSettings(userId);
  const write = useCalendarWrite(userId, 'settings');
  const ids = useId();
  const current: CalendarSettings['slot_grid_minutes'] | undefined = settings.data?.slot_grid_minutes;
  return (
    <section className="calendar-section" aria-labelledby={`${ids}-title`} data-testid="slot-grid">
      <h3 id={`${ids}-title`}>{G.title}</h3>
      <FormField id={`${ids}-grid`} label={G.label} hint={G.intro}>
        <select
          id={`${ids}-grid`}
          value={current ?? ''}
          disabled={!settings.data || write.pending}
          onChange={(event) =>
            void write
              .save({
                method: 'PUT',
                path: 'slot-grid',
                body: { slot_grid_minutes: Number(event.target.value) as SlotGridMinutes },
              })
              .catch(() => {})
          }
        >
          {G.choices.map((minutes) => (
            <option key={minutes} value={minutes}>
              {G.choice(minutes)}
            </option>
          ))}
        </select>
      </FormField>
      <WriteOutcome write={write} />
    </section>
  );
}
