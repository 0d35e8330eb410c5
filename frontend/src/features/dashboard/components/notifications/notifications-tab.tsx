import type { NotificationPreferences, NotificationPreferencesInput } from '@shared/schemas/notifications';
import { NOTIFICATION_TEXTS, URGENT_SMS_REASONS, type UrgentSmsReason } from '@shared/notifications';
import { FormField } from '../../../../components/ui/form-field';
import { ToggleSwitch } from '../../../../components/ui/toggle-switch';
import { formatAssistantPhone } from '../../assistant-phone';
import { notificationsApi } from '../../api/notifications-api';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import { onDemand } from '../../../../lib/chunk-load';
import { RemindersSection } from './reminders-section';
import { useSettingsForm } from '../../hooks/use-settings-form';
import { SettingsFormFooter, SettingsLoadFailed } from '../settings-form-parts';
import './notifications-tab.css';

// The form's check (the API's schema, and zod with it) loads when the owner starts editing or saves.
const notificationValidation = onDemand('notification-form', () => import('./notification-form'));

type Draft = NotificationPreferencesInput & { urgent_sms_reasons: UrgentSmsReason[] };

/**
 * Issue 13 §2, the dashboard's Notifications section: the summary e-mail, urgent texts (which outcomes, to
 * which mobile) and the daily digest. Checked with the API's schema before saving; saved or failed is said.
 */
// Stored preferences as the form shows them (the mobile in the owner's own format).
const toDraft = (stored: NotificationPreferences): Draft => ({
  ...stored,
  urgent_sms_number: stored.urgent_sms_number ? formatAssistantPhone(stored.urgent_sms_number) : '',
});

export function NotificationsTab({ userId }: { userId: string }) {
  const form = useSettingsForm({
    queryKey: dashboardQueryKeys.notifications(userId),
    load: () => notificationsApi.get(userId),
    save: (prefs: NotificationPreferencesInput) => notificationsApi.save(userId, prefs),
    toDraft,
    check: async (report) => (await notificationValidation.getOr(report))?.validateNotificationForm,
  });
  const { draft, errors, change } = form;

  if (form.stored.isError) {
    return (
      <SettingsLoadFailed
        titleId="notifications-title"
        title={NOTIFICATION_TEXTS.title}
        message={form.stored.error.message}
      />
    );
  }
  if (!draft) return <p className="dashboard-muted">Loading…</p>;

  const toggleReason = (reason: UrgentSmsReason, on: boolean) =>
    change({
      urgent_sms_reasons: on
        ? [...draft.urgent_sms_reasons, reason]
        : draft.urgent_sms_reasons.filter((r) => r !== reason),
    });
  const describedBy = (id: string, field: keyof typeof errors, hint?: string) =>
    [hint, errors[field] ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <>
      <section className="card dashboard-panel notifications" aria-labelledby="notifications-title">
        <h2 id="notifications-title">{NOTIFICATION_TEXTS.title}</h2>
        <p className="dashboard-muted">{NOTIFICATION_TEXTS.intro}</p>
        <form
          onSubmit={(event) => void form.submit(event)}
          onFocus={notificationValidation.preload}
          noValidate
        >
          <FormField id="notify-email" label={NOTIFICATION_TEXTS.emailLabel} error={errors.email}>
            <input
              id="notify-email"
              type="email"
              autoComplete="email"
              value={draft.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('notify-email', 'email')}
              onChange={(e) => change({ email: e.target.value })}
            />
          </FormField>
          <div className="notifications-switches">
            <ToggleSwitch
              id="notify-summary"
              label={NOTIFICATION_TEXTS.summaryLabel}
              description={NOTIFICATION_TEXTS.summaryHint}
              checked={draft.summary_email}
              onChange={(on) => change({ summary_email: on })}
            />
            <ToggleSwitch
              id="notify-digest"
              label={NOTIFICATION_TEXTS.digestLabel}
              description={NOTIFICATION_TEXTS.digestHint}
              checked={draft.daily_digest}
              onChange={(on) => change({ daily_digest: on })}
            />
            <ToggleSwitch
              id="notify-urgent"
              label={NOTIFICATION_TEXTS.urgentLabel}
              description={NOTIFICATION_TEXTS.urgentHint}
              checked={draft.urgent_sms}
              onChange={(on) => change({ urgent_sms: on })}
            />
          </div>
          {draft.urgent_sms ? (
            <div className="notifications-urgent">
              <fieldset
                className="notifications-reasons"
                aria-invalid={errors.urgent_sms_reasons ? true : undefined}
                aria-describedby={errors.urgent_sms_reasons ? 'notify-reasons-error' : undefined}
              >
                <legend>{NOTIFICATION_TEXTS.reasonsLabel}</legend>
                {URGENT_SMS_REASONS.map((reason) => (
                  <label key={reason} className="notifications-reason">
                    <input
                      type="checkbox"
                      checked={draft.urgent_sms_reasons.includes(reason)}
                      onChange={(e) => toggleReason(reason, e.target.checked)}
                    />
                    {NOTIFICATION_TEXTS.reasonLabels[reason]}
                  </label>
                ))}
                {errors.urgent_sms_reasons ? (
                  <span className="field-error" id="notify-reasons-error" role="alert">
                    {errors.urgent_sms_reasons}
                  </span>
                ) : null}
              </fieldset>
              <FormField
                id="notify-mobile"
                label={NOTIFICATION_TEXTS.mobileLabel}
                error={errors.urgent_sms_number}
                required
              >
                <input
                  id="notify-mobile"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={30}
                  placeholder="(415) 555-0123"
                  value={draft.urgent_sms_number}
                  aria-required="true"
                  aria-invalid={errors.urgent_sms_number ? true : undefined}
                  aria-describedby={describedBy('notify-mobile', 'urgent_sms_number')}
                  onChange={(e) => change({ urgent_sms_number: e.target.value })}
                />
              </FormField>
            </div>
          ) : null}
          <p className="field-hint">{NOTIFICATION_TEXTS.testChatNote}</p>
          <SettingsFormFooter
            saved={form.saved}
            savedText={NOTIFICATION_TEXTS.saved}
            failure={form.failure}
            pending={form.pending}
            saveText={NOTIFICATION_TEXTS.save}
          />
        </form>
      </section>
      <RemindersSection userId={userId} />
    </>
  );
}
