import { CALLER_TEXTS } from '@shared/caller-texts';
import { REMINDER_LIMITS, REMINDER_OFFSET_CHOICES, REMINDER_TEXTS } from '@shared/reminders';
import type { ReminderSettingsInput, StoredReminderSettings } from '@shared/schemas/reminders';
import { FormField } from '../../../../components/ui/form-field';
import { ToggleSwitch } from '../../../../components/ui/toggle-switch';
import { remindersApi } from '../../api/reminders-api';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { onDemand } from '../../../../lib/chunk-load';
import { useSettingsForm } from '../../hooks/use-settings-form';
import { SettingsFormFooter, SettingsLoadFailed } from '../settings-form-parts';

// The form's check (the API's schema, and zod with it) loads when the owner starts editing or saves.
const reminderValidation = onDemand('reminder-form', () => import('./reminder-form'));

type Draft = Required<ReminderSettingsInput>;

/**
 * Appointment reminders on the Notifications tab (docs/decisions/175-reminders.md): on/off, when (up to two
 * offsets), quiet hours (only wider than 21:00–08:00), an optional line, and a preview of the text.
 */
const toDraft = ({ enabled_since: _since, ...settings }: StoredReminderSettings): Draft => settings;

export function RemindersSection({ userId }: { userId: string }) {
  const form = useSettingsForm({
    queryKey: dashboardQueryKeys.reminders(userId),
    load: () => remindersApi.get(userId),
    save: (settings: ReminderSettingsInput) => remindersApi.save(userId, settings),
    toDraft,
    check: async (report) => (await reminderValidation.getOr(report))?.validateReminderForm,
  });
  const { stored, draft, errors, change } = form;

  if (stored.isError) {
    return (
      <SettingsLoadFailed
        titleId="reminders-title"
        title={REMINDER_TEXTS.title}
        message={stored.error.message}
      />
    );
  }
  if (!draft) return <p className="dashboard-muted">Loading…</p>;

  const toggleOffset = (hours: number, on: boolean) =>
    change({
      offsets_hours: on ? [...draft.offsets_hours, hours] : draft.offsets_hours.filter((h) => h !== hours),
    });
  const { sample } = REMINDER_TEXTS;
  const preview = CALLER_TEXTS.en.reminder(
    { business: sample.business, when: sample.when, service: sample.service },
    draft.note.trim(),
  );
  const since = stored.data?.enabled_since;

  return (
    <section className="card dashboard-panel notifications reminders" aria-labelledby="reminders-title">
      <h2 id="reminders-title">{REMINDER_TEXTS.title}</h2>
      <p className="dashboard-muted">{REMINDER_TEXTS.intro}</p>
      <form onSubmit={(event) => void form.submit(event)} onFocus={reminderValidation.preload} noValidate>
        <div className="notifications-switches">
          <ToggleSwitch
            id="reminders-enabled"
            label={REMINDER_TEXTS.enabledLabel}
            {...(since && stored.data?.enabled
              ? { description: REMINDER_TEXTS.since(new Date(since).toLocaleString()) }
              : {})}
            checked={draft.enabled}
            onChange={(on) => change({ enabled: on })}
          />
        </div>
        <fieldset
          className="notifications-reasons"
          aria-invalid={errors.offsets_hours ? true : undefined}
          aria-describedby={errors.offsets_hours ? 'reminders-offsets-error' : 'reminders-offsets-hint'}
        >
          <legend>{REMINDER_TEXTS.offsetsLabel}</legend>
          {REMINDER_OFFSET_CHOICES.map((hours) => {
            const checked = draft.offsets_hours.includes(hours);
            return (
              <label key={hours} className="notifications-reason">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && draft.offsets_hours.length >= REMINDER_LIMITS.maxOffsets}
                  onChange={(e) => toggleOffset(hours, e.target.checked)}
                />
                {REMINDER_TEXTS.offsetLabel(hours)}
              </label>
            );
          })}
          <span className="field-hint" id="reminders-offsets-hint">
            {REMINDER_TEXTS.offsetsHint}
          </span>
          {errors.offsets_hours ? (
            <span className="field-error" id="reminders-offsets-error" role="alert">
              {errors.offsets_hours}
            </span>
          ) : null}
        </fieldset>
        <fieldset className="notifications-reasons reminders-quiet">
          <legend>{REMINDER_TEXTS.quietLabel}</legend>
          <div className="reminders-quiet-row">
            <label htmlFor="reminders-quiet-start">{REMINDER_TEXTS.quietFrom}</label>
            <select
              id="reminders-quiet-start"
              value={draft.quiet_start_hour}
              onChange={(e) => change({ quiet_start_hour: Number(e.target.value) })}
            >
              {REMINDER_LIMITS.quietStartHours.map((hour) => (
                <option key={hour} value={hour}>
                  {REMINDER_TEXTS.hourLabel(hour)}
                </option>
              ))}
            </select>
            <label htmlFor="reminders-quiet-end">{REMINDER_TEXTS.quietTo}</label>
            <select
              id="reminders-quiet-end"
              value={draft.quiet_end_hour}
              onChange={(e) => change({ quiet_end_hour: Number(e.target.value) })}
            >
              {REMINDER_LIMITS.quietEndHours.map((hour) => (
                <option key={hour} value={hour}>
                  {REMINDER_TEXTS.hourLabel(hour)}
                </option>
              ))}
            </select>
          </div>
          <span className="field-hint">{REMINDER_TEXTS.quietHint}</span>
          {errors.quiet_start_hour || errors.quiet_end_hour ? (
            <span className="field-error" role="alert">
              {errors.quiet_start_hour ?? errors.quiet_end_hour}
            </span>
          ) : null}
        </fieldset>
        <FormField id="reminders-note" label={REMINDER_TEXTS.noteLabel} error={errors.note}>
          <input
            id="reminders-note"
            type="text"
            maxLength={REMINDER_LIMITS.noteChars + 20}
            placeholder={REMINDER_TEXTS.notePlaceholder}
            value={draft.note}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? 'reminders-note-error' : undefined}
            onChange={(e) => change({ note: e.target.value })}
          />
        </FormField>
        <div className="reminders-preview">
          <span className="reminders-preview-label">{REMINDER_TEXTS.previewLabel}</span>
          <p data-testid="reminder-preview">{preview}</p>
        </div>
        <SettingsFormFooter
          saved={form.saved}
          savedText={REMINDER_TEXTS.saved}
          failure={form.failure}
          pending={form.pending}
          saveText={REMINDER_TEXTS.save}
        />
      </form>
    </section>
  );
}
