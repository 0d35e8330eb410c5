import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  BUSINESS_TYPES,
  CA_REGION_CODES,
  REGISTRATION_COUNTRIES,
  STOCK_EXCHANGES,
  US_REGION_CODES,
  type BusinessRegistrationDetails,
  type MessagingRegistration,
} from '@shared/schemas/messaging-registration';
import {
  BUSINESS_TYPE_LABELS,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_FORM_TEXTS as T,
  type RegistrationFieldPath,
} from '@shared/messaging-registration-form';
import { FormField } from '../../../components/ui/form-field';
import { ApiClientError } from '../../../lib/api-client';
import { registrationApi } from '../api/registration-api';
import {
  asksForEin,
  asksForListing,
  draftOf,
  failureFieldError,
  type RegistrationDefaults,
  type RegistrationDraft,
  type RegistrationFieldErrors,
} from '../registration-form';
import { validateRegistrationDraft } from '../registration-validation';

const inputId = (path: RegistrationFieldPath) => `registration-${path.replace('.', '-')}`;

/** The field errors and words of a refused submission: the API's 400 names a field, a 422 is the carrier's. */
function refusalOf(error: unknown): {
  errors: RegistrationFieldErrors;
  message: string;
  registration?: MessagingRegistration;
} {
  if (!(error instanceof ApiClientError)) {
    return { errors: {}, message: error instanceof Error ? error.message : String(error) };
  }
  const body = (error.body ?? {}) as {
    field?: string;
    message?: string;
    whatToChange?: string;
    registration?: MessagingRegistration;
  };
  const message = error.serverError ?? error.message;
  if (error.status === 422 && body.registration) {
    return { errors: {}, message, registration: body.registration };
  }
  return {
    errors: failureFieldError({ field: body.field, message: body.whatToChange ?? message }),
    message: body.whatToChange ? `${message} ${body.whatToChange}` : message,
  };
}

/**
 * The business's legal details, checked with the API's own schema before they go (each wrong field says
 * why), kept as typed whatever the answer. After a carrier's refusal the field it names carries what to
 * change until the owner edits it.
 */
export function DetailsForm({
  userId,
  registration,
  defaults,
  onStored,
  onStale,
}: {
  userId: string;
  registration: MessagingRegistration;
  defaults: RegistrationDefaults | undefined;
  onStored: (registration: MessagingRegistration) => void;
  /** The registration moved on elsewhere (a 409: in review, approved): read it again. */
  onStale: () => void;
}) {
  const [draft, setDraft] = useState<RegistrationDraft>(() => draftOf(registration.details, defaults));
  const [errors, setErrors] = useState<RegistrationFieldErrors>({});
  const [alert, setAlert] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const { failure } = registration;
  // A (new) carrier failure marks the field it names; the owner's edit of that field clears it.
  useEffect(() => {
    if (failure) setErrors(failureFieldError({ field: failure.field, message: failure.whatToChange }));
  }, [failure]);

  const submit = useMutation({
    mutationFn: (details: BusinessRegistrationDetails) => registrationApi.submit(userId, details),
    onSuccess: onStored,
    onError: (error) => {
      const refusal = refusalOf(error);
      // A carrier's refusal is stored as the failed registration: the panel shows its reason and what to
      // change, and this form (still holding what was typed) marks the field.
      if (refusal.registration) {
        onStored(refusal.registration);
        setAlert(undefined);
        return;
      }
      setErrors(refusal.errors);
      setAlert(refusal.message);
      if (error instanceof ApiClientError && error.status === 409) onStale();
    },
  });

  const focusFirstError = (fieldErrors: RegistrationFieldErrors) => {
    const first = Object.keys(REGISTRATION_FIELD_LABELS).find(
      (path) => fieldErrors[path as RegistrationFieldPath],
    ) as RegistrationFieldPath | undefined;
    if (first) form.current?.querySelector<HTMLElement>(`#${inputId(first)}`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRegistrationDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setAlert(T.fixFields);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    setAlert(undefined);
    submit.mutate(checked.value);
  };

  const change = (path: RegistrationFieldPath, value: string) => {
    setDraft((previous) => ({
      ...previous,
      [path]: value,
      // Another country has other regions: a state code is no province code.
      ...(path === 'address.country' ? { 'address.region': '' } : {}),
    }));
    setErrors(({ [path]: _cleared, ...rest }) => rest);
    submit.reset();
  };

  const field = (
    path: RegistrationFieldPath,
    control: (props: {
      id: string;
      value: string;
      onChange: (event: { target: { value: string } }) => void;
      'aria-invalid'?: true;
      'aria-describedby'?: string;
      'aria-required': 'true';
    }) => ReactNode,
    hint?: string,
  ) => {
    const id = inputId(path);
    const describedBy = [hint ? `${id}-hint` : undefined, errors[path] ? `${id}-error` : undefined]
      .filter(Boolean)
      .join(' ');
    return (
      <FormField
        id={id}
        label={REGISTRATION_FIELD_LABELS[path]}
        hint={hint ? <span id={`${id}-hint`}>{hint}</span> : undefined}
        error={errors[path]}
        required
      >
        {control({
          id,
          value: draft[path],
          onChange: (event) => change(path, event.target.value),
          ...(errors[path] ? { 'aria-invalid': true as const } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          'aria-required': 'true',
        })}
      </FormField>
    );
  };
  const text = (path: RegistrationFieldPath, extra: Record<string, string> = {}, hint?: string) =>
    field(path, (props) => <input type="text" {...extra} {...props} />, hint);
  const select = (path: RegistrationFieldPath, options: ReadonlyArray<readonly [string, string]>) =>
    field(path, (props) => (
      <select {...props}>
        <option value="">{T.chooseOne}</option>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    ));

  const regions = draft['address.country'] === 'CA' ? CA_REGION_CODES : US_REGION_CODES;
  return (
    <form
      ref={form}
      className="registration-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="registration-form"
    >
      <p className="registration-muted">{T.intro}</p>
      <fieldset>
        <legend>{T.businessSection}</legend>
        {text('legalName', { autoComplete: 'organization' })}
        {select(
          'businessType',
          BUSINESS_TYPES.map((type) => [type, BUSINESS_TYPE_LABELS[type]] as const),
        )}
        {asksForEin(draft) ? (
          text('ein', { inputMode: 'numeric', placeholder: '12-3456789' }, T.einHint)
        ) : (
          <p className="field-hint registration-sole-hint">{T.soleProprietorHint}</p>
        )}
        {asksForListing(draft) ? (
          <div className="registration-row">
            {text('stockTicker', { placeholder: 'ACME' })}
            {select(
              'stockExchange',
              STOCK_EXCHANGES.map((exchange) => [exchange, exchange] as const),
            )}
          </div>
        ) : null}
        {text('website', { inputMode: 'url', autoComplete: 'url', placeholder: 'https://' }, T.websiteHint)}
      </fieldset>
      <fieldset>
        <legend>{T.addressSection}</legend>
        {text('address.street', { autoComplete: 'street-address' })}
        <div className="registration-row">
          {text('address.city', { autoComplete: 'address-level2' })}
          {select(
            'address.region',
            regions.map((code) => [code, code] as const),
          )}
        </div>
        <div className="registration-row">
          {text('address.postalCode', { autoComplete: 'postal-code' })}
          {field('address.country', (props) => (
            <select {...props}>
              {REGISTRATION_COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {T.countryNames[country]}
                </option>
              ))}
            </select>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{T.contactSection}</legend>
        <p className="field-hint">{T.contactHint}</p>
        <div className="registration-row">
          {text('contact.firstName', { autoComplete: 'given-name' })}
          {text('contact.lastName', { autoComplete: 'family-name' })}
        </div>
        {text('contact.title', { autoComplete: 'organization-title' })}
        <div className="registration-row">
          {text('contact.email', { type: 'email', autoComplete: 'email' })}
          {text(
            'contact.phone',
            { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(415) 555-0142' },
            T.phoneHint,
          )}
        </div>
      </fieldset>
      {alert ? (
        <p className="alert alert-error" role="alert" data-testid="registration-form-error">
          {alert}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
        {submit.isPending ? T.submitting : registration.state === 'failed' ? T.resubmit : T.submit}
      </button>
    </form>
  );
}
