import { useMutation } from '@tanstack/react-query';
import { formatPhone } from '@shared/phone/phone-number';
import { REGISTRATION_MESSAGES, type MessagingRegistration } from '@shared/schemas/messaging-registration';
import { REGISTRATION_FORM_TEXTS as T } from '@shared/messaging-registration-form';
import { ApiClientError } from '../../../lib/api-client';
import { registrationApi } from '../api/registration-api';

const shownPhone = (phone: string) => formatPhone(phone, 'national') ?? phone;

/**
 * A sole proprietor's step (decision 169): as in Twilio's flow, the carriers' registry texts the contact's
 * mobile and the contact replies YES; the product never takes the code. The owner sees where the text went
 * and can have it sent again (the registry's answer arrives as a status callback and moves the state).
 */
export function VerificationStep({
  userId,
  registration,
  onStored,
  onStale,
}: {
  userId: string;
  registration: MessagingRegistration;
  onStored: (registration: MessagingRegistration) => void;
  /** The contact already replied (a 409): read the registration again. */
  onStale: () => void;
}) {
  const resend = useMutation({
    mutationFn: () => registrationApi.resendVerification(userId),
    onSuccess: onStored,
    onError: (error) => {
      if (error instanceof ApiClientError && error.status === 409) onStale();
    },
  });
  const phone = registration.details?.contact.phone;
  const error = resend.error;
  return (
    <div className="registration-verification" data-testid="registration-verification">
      {phone ? (
        <p className="registration-verification-phone">{T.verificationSentTo(shownPhone(phone))}</p>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
      >
        {resend.isPending ? T.resending : T.resendVerification}
      </button>
      {resend.isSuccess ? (
        <p className="alert alert-success" role="status">
          {REGISTRATION_MESSAGES.otpResent}
        </p>
      ) : null}
      {error ? (
        <p className="alert alert-error" role="alert">
          {error instanceof ApiClientError && error.serverError ? error.serverError : error.message}
        </p>
      ) : null}
    </div>
  );
}
