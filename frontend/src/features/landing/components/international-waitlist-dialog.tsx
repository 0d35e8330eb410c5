import { useState, type FormEvent } from 'react';
import { COUNTRY_CODES, SUPPORTED_COUNTRY_CODE } from '@shared/signup-rules';
import { internationalWaitlistRequestSchema } from '@shared/schemas/waitlist';
import { Modal } from '../../../components/ui/modal';
import { landingApi } from '../api/landing-api';
import { HERO_COPY } from '../landing-content';

const COUNTRIES = COUNTRY_CODES.filter((country) => country.code !== SUPPORTED_COUNTRY_CODE);

/** The waitlist form in a modal; its own chunk, loaded when the visitor opens it (international-waitlist.tsx). */
export function InternationalWaitlistDialog({ onClose }: { onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState<string>(COUNTRIES[0]!.code);
  const [state, setState] = useState<'editing' | 'sending' | 'joined'>('editing');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entry = {
      email: email.trim(),
      country_code: countryCode,
      country_name: COUNTRIES.find((c) => c.code === countryCode)?.name ?? countryCode,
      notify: true,
    };
    if (!internationalWaitlistRequestSchema.safeParse(entry).success) {
      setError('Please enter a valid e-mail address.');
      return;
    }
    setError('');
    setState('sending');
    try {
      await landingApi.joinInternationalWaitlist(entry);
      setState('joined');
    } catch {
      setState('editing');
      setError('We could not add you to the waitlist just now. Please try again.');
    }
  };

  if (state === 'joined') {
    return (
      <Modal
        title="You're on the list"
        onClose={onClose}
        actions={
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Close
          </button>
        }
      >
        <p role="status" data-testid="international-waitlist-joined">
          Thanks! We will e-mail {email.trim()} as soon as the AI receptionist is available in your country.
        </p>
      </Modal>
    );
  }
  return (
    <Modal
      title="Join the international waitlist"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="international-waitlist-form"
            className="btn btn-primary"
            disabled={state === 'sending'}
          >
            {state === 'sending' ? 'Joining…' : 'Notify me'}
          </button>
        </>
      }
    >
      <p>{HERO_COPY.region} Tell us where you are and we will let you know when we launch there.</p>
      <form id="international-waitlist-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor="waitlist-email">Email</label>
          <input
            id="waitlist-email"
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={Boolean(error)}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="waitlist-country">Country</label>
          <select id="waitlist-country" value={countryCode} onChange={(e) => setCountryCode(e.target.value)}>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
