import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isPhone } from '@shared/phone/phone-number';
import { PRIVACY_TEXTS } from '@shared/privacy';
import { CALL_RECORDING_TEXTS } from '@shared/call-recordings';
import { RETENTION_CHOICES, type RetentionDays } from '@shared/privacy-retention';
import { ConfirmModal } from '../../../../components/ui/confirm-modal';
import { privacyApi } from '../../api/privacy-api';
import { recordingsApi } from '../../api/recordings-api';

/** A whole number of any country, as the erasure's own schema reads it (shared/schemas/privacy.ts). */
const isCallerPhone = (typed: string) => isPhone(typed, 'possible');

/** Issue 13 §5, under the call log: how long conversations are kept, and erasing everything about a caller. */
export function PrivacyPanel({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = ['dashboard', 'privacy', userId];
  const settings = useQuery({ queryKey: key, queryFn: () => privacyApi.get(userId), retry: false });
  const recordingKey = ['dashboard', 'call-recording-setting', userId];
  const recordingSetting = useQuery({
    queryKey: recordingKey,
    queryFn: () => recordingsApi.setting(userId),
    retry: false,
  });
  const [notice, setNotice] = useState<string | undefined>();
  const [phone, setPhone] = useState('');
  const [confirming, setConfirming] = useState(false);

  const retention = useMutation({
    mutationFn: (days: RetentionDays) => privacyApi.setRetention(userId, days),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setNotice(PRIVACY_TEXTS.retentionSaved(saved.transcript_retention_days));
    },
  });
  const recording = useMutation({
    mutationFn: (on: boolean) => recordingsApi.save(userId, on),
    onSuccess: (saved) => {
      queryClient.setQueryData(recordingKey, saved);
      setNotice(CALL_RECORDING_TEXTS.saved(saved.call_recording));
    },
  });
  const erase = useMutation({
    mutationFn: () => privacyApi.eraseCaller(userId, phone),
    onSuccess: (result) => {
      setConfirming(false);
      setPhone('');
      setNotice(PRIVACY_TEXTS.erased(result.erased));
      void queryClient.invalidateQueries({ queryKey: ['dashboard', 'call-log', userId] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard', 'appointments', userId] });
    },
    onError: () => setConfirming(false),
  });
  const failure = retention.error ?? recording.error ?? erase.error;

  const askToErase = (event: FormEvent) => {
    event.preventDefault();
    if (isCallerPhone(phone)) setConfirming(true);
  };

  return (
    <section className="card dashboard-panel privacy-panel" aria-labelledby="privacy-title">
      <h2 id="privacy-title">{PRIVACY_TEXTS.title}</h2>
      {notice ? (
        <p className="alert alert-success" role="status">
          {notice}
        </p>
      ) : null}
      {failure ? (
        <p className="alert alert-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="privacy-retention">{PRIVACY_TEXTS.retentionLabel}</label>
        <select
          id="privacy-retention"
          value={settings.data?.transcript_retention_days ?? ''}
          disabled={!settings.data || retention.isPending}
          onChange={(e) => retention.mutate(Number(e.target.value) as RetentionDays)}
        >
          {RETENTION_CHOICES.map((days) => (
            <option key={days} value={days}>
              {PRIVACY_TEXTS.retentionChoice(days)}
            </option>
          ))}
        </select>
        <p className="field-hint">{PRIVACY_TEXTS.retentionHint}</p>
      </div>
      <div className="field">
        <label className="privacy-toggle" htmlFor="privacy-call-recording">
          <input
            id="privacy-call-recording"
            type="checkbox"
            // The owner's choice shows at once while it is saved; a failed save puts the stored one back.
            checked={
              recording.isPending ? recording.variables : (recordingSetting.data?.call_recording ?? false)
            }
            disabled={!recordingSetting.data || recording.isPending}
            aria-describedby="privacy-call-recording-hint"
            onChange={(e) => recording.mutate(e.target.checked)}
          />
          {CALL_RECORDING_TEXTS.label}
        </label>
        <p className="field-hint" id="privacy-call-recording-hint">
          {CALL_RECORDING_TEXTS.hint}
        </p>
      </div>
      <form className="privacy-erase" onSubmit={askToErase}>
        <div className="field">
          <label htmlFor="privacy-erase-phone">{PRIVACY_TEXTS.eraseLabel}</label>
          <input
            id="privacy-erase-phone"
            type="tel"
            inputMode="tel"
            maxLength={30}
            placeholder="(415) 555-0123"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <p className="field-hint">{PRIVACY_TEXTS.eraseHint}</p>
        </div>
        <button
          type="submit"
          className="btn btn-secondary"
          disabled={!isCallerPhone(phone) || erase.isPending}
        >
          {PRIVACY_TEXTS.eraseButton}
        </button>
      </form>
      {confirming ? (
        <ConfirmModal
          title={PRIVACY_TEXTS.eraseButton}
          confirmLabel={PRIVACY_TEXTS.eraseButton}
          cancelLabel="Keep"
          tone="primary"
          busy={erase.isPending}
          onConfirm={() => erase.mutate()}
          onClose={() => setConfirming(false)}
        >
          <p>{PRIVACY_TEXTS.eraseConfirm(phone)}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
