import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { STEP_REQUIREMENTS } from '@shared/setup-steps';
import { BUSINESS_TIME_ZONES, DEFAULT_TIME_ZONE, guessTimeZone } from '@shared/receptionist/time-zones';
import { SETUP_MESSAGES as SHARED_SETUP_MESSAGES } from '@shared/setup-messages';
import { FormField } from '../../../../components/ui/form-field';
import { ApiClientError, apiFieldErrors } from '../../../../lib/api-client';
import {
  createConfig,
  populateBusiness,
  searchBusinesses,
  updateConfig,
  type PopulatedConfig,
} from '../../api/setup-api';
import type { BusinessLookupResult } from '@shared/schemas/business-lookup';
import type { BusinessInfoForm } from '../../business-info-form';
import { onDemand } from '../../../../lib/chunk-load';
import { useSetDirty, useStepSave, type StepProps } from '../../hooks/wizard-context';
import { WIZARD_TEXT } from '../../wizard-text';
import { TEXT_LIMITS } from '@shared/text-limits';
import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';
import { weeklyHoursList } from '@shared/calendar-model-changes';
import { resolveWeeklyHours } from '@shared/receptionist/opening-hours';
import type { WeeklyHoursInput } from '@shared/schemas/calendar-model';
import { calendarModelApi, WeeklyHoursEditor } from '../../../calendar-model';

/** Spec §8 business-lookup texts by status. */
function lookupError(error: unknown) {
  if (!(error instanceof ApiClientError)) return WIZARD_TEXT.lookupFailed(0);
  if (error.status === 401) return WIZARD_TEXT.lookupSignIn;
  if (error.status === 429) return WIZARD_TEXT.lookupTooMany;
  return WIZARD_TEXT.lookupFailed(error.status);
}
function populateError(error: unknown) {
  if (!(error instanceof ApiClientError)) return WIZARD_TEXT.populateFailed(0);
  if (error.status === 401) return WIZARD_TEXT.populateSignIn;
  if (error.status === 404) return WIZARD_TEXT.populateNotFound;
  return WIZARD_TEXT.populateFailed(error.status);
}

type Mode = 'search' | 'manual' | 'summary';

// The form's schema (the API's business-info schema, and zod with it) loads at the first check, not with
// the wizard: the step shows and takes typing without it.
const businessInfoChecks = onDemand('business-info-form', async () => {
  const form = await import('../../business-info-form');
  return { ...form, resolver: zodResolver(form.businessInfoFormSchema) };
});
const businessInfoResolver: Resolver<BusinessInfoForm> = async (...args) =>
  (await businessInfoChecks.get()).resolver(...args);

/** Step 1: find the business by name (and optional 'City, State') or enter it by hand. */
export function BusinessInfoStep({ userId, config, storeConfig }: StepProps) {
  const setDirty = useSetDirty();
  const hasInfo = Boolean(config && STEP_REQUIREMENTS[1](config));
  const [mode, setMode] = useState<Mode>(hasInfo ? 'summary' : 'search');
  const [hours, setHours] = useState<string[] | undefined>(config?.business_hours?.weekday_text);
  // The hours every reader uses (the owner's, else the listing's, else the default), always editable; only
  // an edit is saved as the owner's hours, so an untouched listing keeps being read from its lines.
  const [openingHours, setOpeningHours] = useState<WeeklyHoursInput>(() =>
    weeklyHoursList(resolveWeeklyHours(config ?? {}).hours),
  );
  const [hoursEdited, setHoursEdited] = useState(false);
  const [hoursErrors, setHoursErrors] = useState<Record<string, string>>({});
  // Stays a guess from the address or phone until the owner picks one (issue 9 §4).
  const [chosenZone, setChosenZone] = useState<string | undefined>(config?.time_zone);
  const [saveError, setSaveError] = useState('');
  // After the first save attempt every change re-checks the form, so marks and the summary never go stale.
  const [attempted, setAttempted] = useState(false);
  const form = useForm<BusinessInfoForm>({
    resolver: businessInfoResolver,
    defaultValues: {
      business_name: config?.business_name ?? '',
      phone_number: config?.phone_number ?? '',
      website: config?.website ?? '',
      address: config?.address ?? '',
    },
  });
  const { register, formState } = form;

  const applyPopulated = async (populated: PopulatedConfig) => {
    form.reset({
      business_name: populated.business_name ?? '',
      phone_number: populated.phone_number ?? '',
      website: populated.website ?? '',
      address: populated.address ?? '',
    });
    setHours(populated.business_hours?.weekday_text);
    if (!hoursEdited) setOpeningHours(weeklyHoursList(resolveWeeklyHours(populated).hours));
    setDirty(true);
    // Anything the maps service did not know is completed by hand.
    const { businessInfoFormSchema } = await businessInfoChecks.get();
    const complete = businessInfoFormSchema.safeParse(form.getValues()).success;
    setMode(complete ? 'summary' : 'manual');
    if (!complete) void form.trigger();
  };

  /** The step-level summary for the current field errors: the spec's text only when something is empty. */
  const summaryFor = (values: BusinessInfoForm) =>
    Object.values(values).some((value) => !value.trim())
      ? SHARED_SETUP_MESSAGES.fillRequiredFields
      : SHARED_SETUP_MESSAGES.fixHighlightedFields;

  const recheck = async () => {
    if (!attempted) return;
    const valid = await form.trigger();
    setSaveError(valid ? '' : summaryFor(form.getValues()));
  };

  useStepSave(1, async () => {
    setSaveError('');
    setAttempted(true);
    const valid = await form.trigger();
    if (!valid) {
      setMode('manual');
      setSaveError(summaryFor(form.getValues()));
      return false;
    }
    const info = (await businessInfoChecks.get()).businessInfoPayload(form.getValues());
    const extras = {
      ...(hours ? { business_hours: { weekday_text: hours } } : {}),
      ...(knownZone ? { time_zone: knownZone.id } : {}),
    };
    try {
      if (config) {
        storeConfig(await updateConfig(userId, { ...info, ...extras }));
      } else {
        const created = await createConfig(info);
        storeConfig(created);
        if (Object.keys(extras).length > 0)
          await updateConfig(userId, extras).then(storeConfig).catch(console.error);
      }
    } catch (error) {
      // The server's field errors land on their fields (its schema is the one the form uses).
      const fieldErrors = apiFieldErrors(error);
      const formFields = Object.keys(form.getValues()) as Array<keyof BusinessInfoForm>;
      const marked = formFields.filter((field) => fieldErrors[field]);
      for (const field of marked) form.setError(field, { message: fieldErrors[field] });
      if (marked.length > 0) {
        setMode('manual');
        setSaveError(SHARED_SETUP_MESSAGES.fixHighlightedFields);
      } else {
        console.warn('Saving business information failed', error);
        setSaveError(error instanceof Error ? error.message : String(error));
      }
      return false;
    }
    if (hoursEdited) {
      try {
        await calendarModelApi.writeSettings(
          userId,
          'PUT',
          'opening-hours',
          { opening_hours: openingHours },
          {},
        );
        setHoursErrors({});
        setHoursEdited(false);
      } catch (error) {
        setHoursErrors(apiFieldErrors(error));
        setSaveError(
          Object.keys(apiFieldErrors(error)).length > 0
            ? SHARED_SETUP_MESSAGES.fixHighlightedFields
            : error instanceof Error
              ? error.message
              : String(error),
        );
        return false;
      }
    }
    form.reset(form.getValues());
    setDirty(false);
    setMode('summary');
    return true;
  });

  const values = form.watch();
  const timeZone =
    chosenZone ?? guessTimeZone({ address: values.address, phone: values.phone_number }) ?? DEFAULT_TIME_ZONE;
  // Only a zone the API accepts is sent (the list the picker offers).
  const knownZone = BUSINESS_TIME_ZONES.find((zone) => zone.id === timeZone);
  const zoneLabel = knownZone?.label ?? timeZone;
  return (
    <div className="step-body">
      <p className="step-intro">
        Tell your assistant about your business. Search for it by name, or enter the details yourself.
      </p>
      {saveError ? (
        <div className="alert alert-error" role="alert">
          {saveError}
        </div>
      ) : null}

      {mode === 'summary' ? (
        <div className="info-summary">
          <dl>
            <dt>Business name</dt>
            <dd>{values.business_name}</dd>
            <dt>Phone</dt>
            <dd>{values.phone_number}</dd>
            <dt>Website</dt>
            <dd>{values.website}</dd>
            <dt>Address</dt>
            <dd>{values.address}</dd>
            <dt>Time zone</dt>
            <dd data-testid="time-zone-summary">{zoneLabel}</dd>
          </dl>
          <button type="button" className="btn btn-secondary" onClick={() => setMode('manual')}>
            {WIZARD_TEXT.editInfo}
          </button>
        </div>
      ) : (
        <>
          <div className="segmented" role="tablist" aria-label="How to add your business">
            <button
              type="button"
              role="tab"
              aria-selected={mode === 'search'}
              className={mode === 'search' ? 'active' : ''}
              onClick={() => setMode('search')}
            >
              Search for my business
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={mode === 'manual'}
              className={mode === 'manual' ? 'active' : ''}
              onClick={() => setMode('manual')}
            >
              Enter manually
            </button>
          </div>
          {mode === 'search' ? (
            <BusinessSearch
              // Without the form's check (its download failed) the owner completes the fields by hand.
              onPicked={(populated) => void applyPopulated(populated).catch(() => setMode('manual'))}
            />
          ) : (
            <form
              className="form-grid"
              noValidate
              onChange={() => {
                setDirty(true);
                void recheck();
              }}
              onSubmit={(event) => event.preventDefault()}
            >
              <FormField
                id="business_name"
                label="Business name"
                error={formState.errors.business_name?.message}
              >
                <input
                  id="business_name"
                  maxLength={TEXT_LIMITS.businessName}
                  autoComplete="organization"
                  aria-invalid={Boolean(formState.errors.business_name)}
                  {...register('business_name')}
                />
              </FormField>
              <FormField
                id="phone_number"
                label="Business phone"
                error={formState.errors.phone_number?.message}
              >
                <input
                  id="phone_number"
                  maxLength={TEXT_LIMITS.phone}
                  type="tel"
                  autoComplete="tel"
                  aria-invalid={Boolean(formState.errors.phone_number)}
                  {...register('phone_number')}
                />
              </FormField>
              <FormField id="website" label="Website" error={formState.errors.website?.message}>
                <input
                  id="website"
                  maxLength={TEXT_LIMITS.website}
                  type="url"
                  placeholder="https://"
                  aria-invalid={Boolean(formState.errors.website)}
                  {...register('website')}
                />
              </FormField>
              <FormField id="address" label="Address" error={formState.errors.address?.message}>
                <input
                  id="address"
                  maxLength={TEXT_LIMITS.address}
                  autoComplete="street-address"
                  aria-invalid={Boolean(formState.errors.address)}
                  {...register('address')}
                />
              </FormField>
              <FormField id="time_zone" label="Time zone">
                <select
                  id="time_zone"
                  value={timeZone}
                  onChange={(event) => {
                    setChosenZone(event.target.value);
                    setDirty(true);
                  }}
                >
                  {BUSINESS_TIME_ZONES.map((zone) => (
                    <option key={zone.id} value={zone.id}>
                      {zone.label}
                    </option>
                  ))}
                </select>
              </FormField>
            </form>
          )}
        </>
      )}
      {mode !== 'search' ? (
        <section className="card setup-hours-section" aria-label={CALENDAR_UI_TEXTS.hours.title}>
          <WeeklyHoursEditor
            label={CALENDAR_UI_TEXTS.hours.title}
            value={openingHours}
            onChange={(next) => {
              setOpeningHours(next);
              setHoursEdited(true);
              setDirty(true);
            }}
            errors={hoursErrors}
            errorPrefix="opening_hours"
          />
          <p className="field-hint">
            {config?.opening_hours || hoursEdited
              ? CALENDAR_UI_TEXTS.hours.intro
              : hours?.length
                ? CALENDAR_UI_TEXTS.hours.fromLookup
                : CALENDAR_UI_TEXTS.hours.defaulted}
          </p>
        </section>
      ) : null}
    </div>
  );
}

function BusinessSearch({ onPicked }: { onPicked: (populated: PopulatedConfig) => void }) {
  const [name, setName] = useState('');
  const [cityState, setCityState] = useState('');
  const [results, setResults] = useState<BusinessLookupResult[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'search' | string | null>(null);

  const search = async () => {
    setError('');
    if (!name.trim()) {
      setError('Please enter your business name');
      return;
    }
    setBusy('search');
    try {
      setResults((await searchBusinesses(name.trim(), cityState.trim())).results);
    } catch (caught) {
      setResults(null);
      setError(lookupError(caught));
    } finally {
      setBusy(null);
    }
  };

  const pick = async (result: BusinessLookupResult) => {
    setError('');
    setBusy(result.name + (result.address ?? ''));
    try {
      const { populated_config } = await populateBusiness(result.name, result.address ?? '');
      onPicked(populated_config);
    } catch (caught) {
      setError(populateError(caught));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="business-search">
      <form
        className="search-row"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <FormField id="search_name" label="Business name">
          <input
            id="search_name"
            maxLength={TEXT_LIMITS.businessName}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField id="search_address" label="City, State (optional)">
          <input
            id="search_address"
            maxLength={TEXT_LIMITS.searchArea}
            placeholder="City, State"
            value={cityState}
            onChange={(event) => setCityState(event.target.value)}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'search' ? 'Searching...' : 'Search'}
        </button>
      </form>
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      {results && results.length === 0 ? (
        <p className="muted">No businesses found. Try another name, or enter your details manually.</p>
      ) : null}
      {results && results.length > 0 ? (
        <ul className="search-results">
          {results.map((result) => {
            const key = result.name + (result.address ?? '');
            return (
              <li key={key}>
                <button
                  type="button"
                  className="search-result"
                  onClick={() => void pick(result)}
                  disabled={busy !== null}
                >
                  <span className="search-result-name">{result.name}</span>
                  {result.address ? <span className="muted">{result.address}</span> : null}
                  <span className="search-result-meta">
                    {result.phone ? <span>{result.phone}</span> : null}
                    {result.rating !== undefined ? <span>★ {result.rating}</span> : null}
                  </span>
                  {busy === key ? <span className="muted">Loading details...</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
