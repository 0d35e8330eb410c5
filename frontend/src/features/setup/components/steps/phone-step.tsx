import { SETUP_STEP_INTROS } from '@shared/setup-screen-texts';
import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  areaCodesFor,
  defaultPhoneSearch,
  findAreaCode,
  NUMBERS_PER_PAGE,
  PHONE_COUNTRIES,
  SAMPLE_PHONE_NUMBERS,
  type PhoneCountry,
} from '@shared/area-codes';
import { phoneLookupFailureMessage } from '@shared/phone-numbers';
import { REGISTRATION_FORM_TEXTS } from '@shared/messaging-registration-form';
import type { AvailablePhoneNumber } from '@shared/schemas/phone-numbers';
import { ApiClientError } from '../../../../lib/api-client';
import { isSubscriptionRequired } from '../../../../components/billing/subscription-status';
import { SubscriptionGateNotice } from '../../../../components/billing/subscription-gate-notice';
import { RegistrationPanel } from '../../../texting-registration';
import { ForwardingGuide } from '../../../forwarding';
import { loadAvailableNumbers, saveAssistantPhone } from '../../api/setup-api';
import type { StepProps } from '../../hooks/wizard-context';
import { formatPhoneForDisplay } from '../../phone-format';
import { WIZARD_TEXT } from '../../wizard-text';

/** The wait a 429 names in its details (the browser cannot read Retry-After across origins). */
const retryAfterSecondsOf = (error: ApiClientError) => {
  const seconds = (error.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
  return typeof seconds === 'number' ? seconds : undefined;
};

const lookupMessage = (error: unknown) =>
  error instanceof ApiClientError
    ? phoneLookupFailureMessage(error.status, error.serverError ?? '', retryAfterSecondsOf(error))
    : phoneLookupFailureMessage(0, error instanceof Error ? error.message : String(error));

/**
 * Step 4: three numbers at a time for a country and area code (defaulting from the business phone, else
 * US/415). Picking one reserves it as the assistant phone; a green card then shows it. When the lookup
 * fails the three sample numbers at $15/mo are offered instead. Once the number is bought, the business's
 * texting registration follows (decision 169): carriers deliver its texts only after they approve it. It has
 * its own button and never holds the step up: calls work meanwhile.
 */
export function PhoneStep({ userId, email, config, storeConfig }: StepProps) {
  const [search, setSearch] = useState(() => defaultPhoneSearch(config?.phone_number));
  const [changing, setChanging] = useState(!config?.assistant_phone);
  const [choosing, setChoosing] = useState<string | null>(null);
  const [saveError, setSaveError] = useState('');
  const [needsPlan, setNeedsPlan] = useState(false);
  const numbers = useQuery({
    queryKey: ['available-numbers', search.country, search.areaCode],
    queryFn: () =>
      loadAvailableNumbers({ country: search.country, area_code: search.areaCode, limit: NUMBERS_PER_PAGE }),
    enabled: changing,
    retry: 0,
    staleTime: 30_000,
  });
  const chosen = config?.assistant_phone;

  const choose = async (number: AvailablePhoneNumber) => {
    setChoosing(number.phone_number);
    setSaveError('');
    try {
      storeConfig((await saveAssistantPhone(userId, number.phone_number)).config);
      setChanging(false);
    } catch (error) {
      // Spec §8: the auto-save fails silently in the console; a number someone else took still needs saying.
      console.error('Saving the assistant phone failed', error);
      // 402: numbers can be browsed before paying, but buying one needs a plan (the notice says so).
      setNeedsPlan(isSubscriptionRequired(error));
      setSaveError(
        !isSubscriptionRequired(error) && error instanceof ApiClientError && error.serverError
          ? error.serverError
          : '',
      );
      void numbers.refetch();
    } finally {
      setChoosing(null);
    }
  };

  const list = numbers.isError ? SAMPLE_PHONE_NUMBERS : (numbers.data ?? []).slice(0, NUMBERS_PER_PAGE);
  return (
    <div className="step-body">
      <p className="step-intro">{SETUP_STEP_INTROS[4]}</p>
      {chosen ? (
        <div className="phone-confirmation" data-testid="phone-confirmation">
          <span className="phone-confirmation-icon" aria-hidden="true">
            ✓
          </span>
          <div>
            <p className="phone-confirmation-label">Your assistant's phone number</p>
            <p className="phone-confirmation-number">{formatPhoneForDisplay(chosen)}</p>
          </div>
          {!changing ? (
            <button type="button" className="btn btn-secondary" onClick={() => setChanging(true)}>
              Choose a different number
            </button>
          ) : null}
        </div>
      ) : null}

      {chosen && !changing ? (
        <div className="texting-registration-step">
          <Suspense fallback={null}>
            <RegistrationPanel
              userId={userId}
              headingLevel={3}
              defaults={{ legalName: config?.business_name, website: config?.website, email }}
              notStartedNote={REGISTRATION_FORM_TEXTS.setupLater}
            />
          </Suspense>
        </div>
      ) : null}

      {chosen && !changing ? (
        <ForwardingGuide userId={userId} assistantPhone={chosen} businessPhone={config?.phone_number} />
      ) : null}

      {changing ? (
        <>
          <SubscriptionGateNotice returnPath="/setup" force={needsPlan} />
          <div className="phone-search">
            <div className="field">
              <label htmlFor="phone-country">Country</label>
              <select
                id="phone-country"
                value={search.country}
                onChange={(event) => {
                  const country = event.target.value as PhoneCountry;
                  setSearch({ country, areaCode: areaCodesFor(country)[0]?.code ?? '' });
                }}
              >
                {PHONE_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="phone-area-code">Area code</label>
              <select
                id="phone-area-code"
                value={search.areaCode}
                onChange={(event) => setSearch({ ...search, areaCode: event.target.value })}
              >
                {!findAreaCode(search.areaCode) ? (
                  <option value={search.areaCode}>{search.areaCode}</option>
                ) : null}
                {areaCodesFor(search.country).map((a) => (
                  <option key={a.code} value={a.code}>
                    {a.code} — {a.location}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {numbers.isError ? (
            <div className="alert alert-error" role="alert">
              {lookupMessage(numbers.error)}
            </div>
          ) : null}
          {saveError ? (
            <div className="alert alert-error" role="alert">
              {saveError}
            </div>
          ) : null}
          {numbers.isFetching ? <p className="muted">Finding available numbers...</p> : null}
          {!numbers.isFetching && !numbers.isError && list.length === 0 ? (
            <p className="muted">No numbers are available in this area code. Try another one.</p>
          ) : null}
          {!numbers.isFetching ? (
            <ul className="number-list" aria-label="Available numbers">
              {list.map((number) => (
                <li key={number.phone_number}>
                  <button
                    type="button"
                    className={`number-option${number.phone_number === chosen ? ' active' : ''}`}
                    onClick={() => void choose(number)}
                    disabled={choosing !== null}
                  >
                    <span className="number-main">
                      <span className="number-friendly">{number.friendly_name}</span>
                      {number.locality || number.region ? (
                        <span className="muted">
                          {[number.locality, number.region].filter(Boolean).join(', ')}
                        </span>
                      ) : null}
                    </span>
                    <span className="number-side">
                      {list.length === 1 ? (
                        <span className="badge badge-warning">{WIZARD_TEXT.lastAvailable}</span>
                      ) : null}
                      {number.price ? <span className="number-price">{number.price}</span> : null}
                      <span className="number-action">
                        {choosing === number.phone_number ? 'Reserving...' : 'Select'}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
