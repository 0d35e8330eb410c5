import { useQueryClient } from '@tanstack/react-query';
import {
  BRAND_TYPE_LABELS,
  REGISTRATION_STATE_TEXTS,
  type MessagingRegistration,
} from '@shared/schemas/messaging-registration';
import {
  BUSINESS_TYPE_LABELS,
  REGISTRATION_BADGES,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_FORM_TEXTS as T,
} from '@shared/messaging-registration-form';
import { registrationQueryKey, useRegistration } from '../hooks/registration-query';
import { failureFieldLabel, type RegistrationDefaults } from '../registration-form';
import { DetailsForm } from './details-form';
import { VerificationStep } from './verification-step';
import './texting-registration.css';

export type RegistrationPanelProps = {
  userId: string;
  /** What the form starts from before anything was submitted (the business as setup knows it). */
  defaults?: RegistrationDefaults;
  /** The panel's heading level where it sits: a card of its own (2) or a section of a setup step (3). */
  headingLevel?: 2 | 3;
  /** A word under the form while nothing is submitted yet (setup: it can wait). */
  notStartedNote?: string;
};

/**
 * Texting (A2P 10DLC) registration, as the owner sees it in setup and on the dashboard
 * (docs/decisions/169-a2p-10dlc-registration.md): the state with what it means, the carrier's reason and
 * what to change after a failure, the code step of a sole proprietor, and the legal-details form while there
 * is something to submit. Every answer of the API is the stored registration, put straight in the cache.
 */
export function RegistrationPanel({
  userId,
  defaults,
  headingLevel = 2,
  notStartedNote,
}: RegistrationPanelProps) {
  const queryClient = useQueryClient();
  const registration = useRegistration(userId);
  const stored = (next: MessagingRegistration) =>
    queryClient.setQueryData(registrationQueryKey(userId), next);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (!registration.data) {
    return (
      <section className="registration" aria-label={T.title} data-testid="texting-registration">
        {registration.isError ? (
          <p className="alert alert-error" role="alert">
            {registration.error.message}{' '}
            <button type="button" className="btn-link" onClick={() => void registration.refetch()}>
              Try Again
            </button>
          </p>
        ) : (
          <p className="registration-muted">{T.loading}</p>
        )}
      </section>
    );
  }
  const current = registration.data;
  const { state, failure } = current;
  const texts = REGISTRATION_STATE_TEXTS[state];
  const canSubmit = state === 'not_started' || state === 'failed';
  return (
    <section
      className="registration"
      aria-labelledby="registration-heading"
      data-testid="texting-registration"
    >
      <div className="registration-head">
        <Heading id="registration-heading" className="registration-heading">
          {texts.heading}
        </Heading>
        <span className={`registration-badge registration-badge-${state}`} data-testid="registration-state">
          {REGISTRATION_BADGES[state]}
        </span>
      </div>
      <p className="registration-explanation">{texts.explanation}</p>
      {current.numberPending ? (
        <p className="alert alert-info" role="status" data-testid="registration-number-pending">
          {T.numberPending}
        </p>
      ) : null}
      {state === 'failed' && failure ? (
        <div className="registration-failure" role="alert" data-testid="registration-failure">
          <p>
            <strong>{T.failureReason}:</strong> <span data-testid="failure-reason">{failure.reason}</span>
          </p>
          <p>
            <strong>{T.whatToChange}:</strong>{' '}
            <span data-testid="failure-what-to-change">{failure.whatToChange}</span>
          </p>
          {failureFieldLabel(failure.field) ? (
            <p>{T.fieldToChange(failureFieldLabel(failure.field)!)}</p>
          ) : null}
        </div>
      ) : null}
      {state === 'otp_required' ? (
        <VerificationStep
          userId={userId}
          registration={current}
          onStored={stored}
          onStale={() => void registration.refetch()}
        />
      ) : null}
      {canSubmit ? (
        <DetailsForm
          userId={userId}
          registration={current}
          defaults={defaults}
          onStored={stored}
          onStale={() => void registration.refetch()}
        />
      ) : (
        <SubmittedSummary registration={current} />
      )}
      {state === 'not_started' && notStartedNote ? (
        <p className="field-hint registration-note">{notStartedNote}</p>
      ) : null}
    </section>
  );
}

function SubmittedSummary({ registration }: { registration: MessagingRegistration }) {
  const { details, brandType, submittedAt } = registration;
  if (!details) return null;
  const rows: Array<[string, string]> = [
    [REGISTRATION_FIELD_LABELS.legalName, details.legalName],
    [REGISTRATION_FIELD_LABELS.businessType, BUSINESS_TYPE_LABELS[details.businessType]],
    ...(brandType ? [[T.brandType, BRAND_TYPE_LABELS[brandType]] as [string, string]] : []),
    [REGISTRATION_FIELD_LABELS.website, details.website],
    [T.contactSection, `${details.contact.firstName} ${details.contact.lastName}, ${details.contact.title}`],
    ...(submittedAt
      ? [
          [
            T.submittedAt,
            new Date(submittedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <div className="registration-summary">
      <h4 className="registration-summary-title">{T.submittedSummary}</h4>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
