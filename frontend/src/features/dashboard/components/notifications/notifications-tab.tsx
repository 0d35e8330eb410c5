import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesInput } from '@shared/schemas/notifications';
import { NOTIFICATION_TEXTS, URGENT_SMS_REASONS, type UrgentSmsReason } from '@shared/notifications';
import { FormField } from '../../../../components/ui/form-field';
import { ToggleSwitch } from '../../../../components/ui/toggle-switch';
import { formatAssistantPhone } from '../../assistant-phone';
import { notificationsApi } from '../../api/notifications-api';
import { dashboardQueryKeys } from '../../hooks/dashboard-query-keys';
import type { NotificationFieldErrors } from './notification-form';
import { onDemand } from '../../../../lib/chunk-load';
import { RemindersSection } from './reminders-section';
import './notifications-tab.css';

// The form's check (the API's schema, and zod with it) loads when the owner starts editing or saves.
const notificationValidation = onDemand('notification-form', () => import('./notification-form'));

type Draft = NotificationPreferencesInput & { urgent_sms_reasons: UrgentSmsReason[] };

/**
 * Issue 13 §2, the dashboard's Notifications section: the summary e-mail, urgent texts (which outcomes, to
 * which mobile) and the daily digest. Checked with the API's schema before saving; saved or failed is said.
 */
export function NotificationsTab({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = dashboardQueryKeys.notifications(userId);
  const stored = useQuery({ queryKey: key, queryFn: () => notificationsApi.get(userId) });
  const [draft, setDraft] = useState<Draft | undefined>();
  const [errors, setErrors] = useState<NotificationFieldErrors>({});
  const [saved, setSaved] = useState(false);
  const [checkFailed, setCheckFailed] = useState<string>();

  // The form starts from what is stored (shown in the owner's own format), once it has loaded.
  useEffect(() => {
    if (stored.data && !draft) {
      setDraft({
        ...stored.data,
        urgent_sms_number: stored.data.urgent_sms_number
          ? formatAssistantPhone(stored.data.urgent_sms_number)
          : '',
      });
    }
  }, [stored.data, draft]);

  const save = useMutation({
    mutationFn: (prefs: NotificationPreferencesInput) => notificationsApi.save(userId, prefs),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result);
      setSaved(true);
    },
  });

  if (stored.isError) {
    return (
      <section className="card dashboard-panel" aria-labelledby="notifications-title">
        <h2 id="notifications-title">{NOTIFICATION_TEXTS.title}</h2>
        <p className="alert alert-error" role="alert">
          {stored.error.message}
        </p>
      </section>
    );
  }
  if (!draft) return <p className="dashboard-muted">Loading…</p>;

  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setSaved(false);
    save.reset();
  };
  const toggleReason = (reason: UrgentSmsReason, on: boolean) =>
    change({
      urgent_sms_reasons: on
        ? [...draft.urgent_sms_reasons, reason]
        : draft.urgent_sms_reasons.filter((r) => r !== reason),
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = await notificationValidation.getOr(setCheckFailed);
    if (!validation) return;
    setCheckFailed(undefined);
    const checked = validation.validateNotificationForm(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) save.mutate(checked.value);
  };
  const describedBy = (id: string, field: keyof NotificationFieldErrors, hint?: string) =>
    [hint, errors[field] ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <>
      <section className="card dashboard-panel notifications" aria-labelledby="notifications-title">
        <h2 id="notifications-title">{NOTIFICATION_TEXTS.title}</h2>
        <p className="dashboard-muted">{NOTIFICATION_TEXTS.intro}</p>
        <form onSubmit={(event) => void submit(event)} onFocus={notificationValidation.preload} noValidate>
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
          {saved ? (
            <p className="alert alert-success" role="status">
              {NOTIFICATION_TEXTS.saved}
            </p>
          ) : null}
          {checkFailed || save.isError ? (
            <p className="alert alert-error" role="alert">
              {checkFailed ?? save.error?.message}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : NOTIFICATION_TEXTS.save}
          </button>
        </form>
      </section>
      <RemindersSection userId={userId} />
    </>
  );
}
