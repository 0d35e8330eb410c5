import type { RegistrationState } from '@shared/schemas/messaging-registration';
import {
  REGISTRATION_BADGES,
  REGISTRATION_FORM_TEXTS as T,
  TEXTING_PAUSED_TEXTS,
} from '@shared/messaging-registration-form';
import { useRegistration } from '../hooks/registration-query';
import './texting-paused-notice.css';

const ACTION: Record<Exclude<RegistrationState, 'approved'>, string> = {
  not_started: T.openRegistration,
  failed: T.fixRegistration,
  otp_required: T.replyYes,
  in_review: T.viewRegistration,
  resubmitted: T.viewRegistration,
};

/**
 * The Overview's line while texts are paused (docs/decisions/169-a2p-10dlc-registration.md): until the
 * carriers approve the business, the assistant answers calls but texts no caller; it says so, why, where the
 * registration stands and opens it. Once approved, it speaks up again while a changed assistant number has not
 * joined the registration yet (its US texts wait). Nothing once texting is allowed. Free of zod, like the
 * Overview.
 */
export function TextingPausedNotice({ userId, onOpen }: { userId: string; onOpen: () => void }) {
  const registration = useRegistration(userId);
  const current = registration.data;
  if (!current) return null;
  const approved = current.textingAllowed || current.state === 'approved';
  if (approved && !current.numberPending) return null;
  return (
    <div className="texting-paused" role="status" data-testid="texting-paused">
      <p className="texting-paused-title">
        <strong>{TEXTING_PAUSED_TEXTS.title}</strong>{' '}
        <span className="texting-paused-state" data-testid="texting-paused-state">
          {REGISTRATION_BADGES[current.state]}
        </span>
      </p>
      <p>{approved ? T.numberPending : TEXTING_PAUSED_TEXTS.why}</p>
      <button type="button" className="btn btn-secondary" onClick={onOpen}>
        {current.state === 'approved' ? T.viewRegistration : ACTION[current.state]}
      </button>
    </div>
  );
}
