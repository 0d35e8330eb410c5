import { useId, useState } from 'react';
import { CALENDAR_LIMITS, PRICE_KINDS, type PriceKind } from '@shared/calendar-model';
import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';
import type { CalendarModel, Service } from '@shared/schemas/calendar-model';
import type { ServiceSuggestion } from '@shared/schemas/calendar-model-api';
import { FormField } from '../../../components/ui/form-field';
import {
  fieldErrorsOf,
  useCalendarModel,
  useCalendarWrite,
  useServiceSuggestions,
} from '../hooks/calendar-queries';
import { WriteOutcome } from './affected-list';
import { ItemActions } from './item-actions';
import './calendar.css';

const T = CALENDAR_UI_TEXTS.services;

type Draft = {
  id?: string;
  name: string;
  duration: string;
  priceKind: PriceKind;
  price: string;
  ownDeposit: boolean;
  deposit: string;
  buffer: string;
  staffIds: string[];
  resourceId: string;
};
const EMPTY: Draft = {
  name: '',
  duration: '30',
  priceKind: 'fixed',
  price: '',
  ownDeposit: false,
  deposit: '',
  buffer: '0',
  staffIds: [],
  resourceId: '',
};

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(cents % 100 ? 2 : 0));
/** "45" or "45.50" → cents; anything else is sent as it is, so the API's message lands on the field. */
const cents = (text: string) => (text.trim() === '' ? null : Math.round(Number(text) * 100));

export const priceLabel = (service: Pick<Service, 'price_kind' | 'price_cents'>) =>
  service.price_kind === 'none' || service.price_cents === null
    ? ''
    : `${service.price_kind === 'from' ? 'from ' : ''}$${dollars(service.price_cents)}`;
export const durationLabel = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;

const draftOf = (service: Service): Draft => ({
  id: service.id,
  name: service.name,
  duration: String(service.duration_minutes),
  priceKind: service.price_kind,
  price: dollars(service.price_cents),
  ownDeposit: service.deposit_cents !== null,
  deposit: dollars(service.deposit_cents),
  buffer: String(service.buffer_minutes),
  staffIds: service.staff_ids,
  resourceId: service.resource_id ?? '',
});

const bodyOf = (draft: Draft, description = '') => ({
  name: draft.name,
  description,
  duration_minutes: Number(draft.duration),
  price_kind: draft.priceKind,
  price_cents: draft.priceKind === 'none' ? null : cents(draft.price),
  deposit_cents: draft.ownDeposit ? (cents(draft.deposit) ?? 0) : null,
  buffer_minutes: Number(draft.buffer),
  staff_ids: draft.staffIds,
  resource_id: draft.resourceId || null,
});

/**
 * The owner's services (docs/decisions/183): each with its length, price, deposit, buffer, who does it and
 * the resource it needs; the description's prices as "add" chips. Used on the dashboard's Calendar tab and
 * as an optional section of setup step 2. Every control is a plain button: inside the wizard's form, none
 * submits the step.
 */
export function ServicesEditor({ userId, headingLevel = 3 }: { userId: string; headingLevel?: 2 | 3 }) {
  const model = useCalendarModel(userId);
  const write = useCalendarWrite(userId, 'model');
  const [draft, setDraft] = useState<Draft>();
  const ids = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const services = model.data?.services ?? [];
  const errors = fieldErrorsOf(write.error);
  const full = services.length >= CALENDAR_LIMITS.services;

  const save = async () => {
    if (!draft) return;
    const existing = services.find((s) => s.id === draft.id);
    const body = bodyOf(draft, existing?.description);
    if (await write.saveEntry('services', draft.id, body)) setDraft(undefined);
  };

  return (
    <section className="calendar-section" aria-labelledby={`${ids}-title`} data-testid="services-editor">
      <Heading id={`${ids}-title`}>{T.title}</Heading>
      <p className="calendar-muted">{T.intro}</p>
      {model.data && services.length === 0 ? <p className="calendar-muted">{T.empty}</p> : null}
      {services.length > 0 ? (
        <ul className="calendar-list" data-testid="services-list">
          {services.map((service) => (
            <li key={service.id} className="calendar-item" data-testid="service-item">
              <span className="calendar-item-text">
                <strong>{service.name}</strong>
                <span className="calendar-muted">
                  {[
                    durationLabel(service.duration_minutes),
                    priceLabel(service),
                    staffNames(service, model.data),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <ItemActions
                name={service.name}
                onEdit={() => setDraft(draftOf(service))}
                onDelete={() =>
                  void write.save({ method: 'DELETE', path: `services/${service.id}` }).catch(() => {})
                }
                disabled={write.pending}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {!draft ? (
        <>
          <WriteOutcome write={write} />
          <div>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={full}
              onClick={() => setDraft(EMPTY)}
            >
              {T.add}
            </button>
          </div>
        </>
      ) : (
        <div
          className="calendar-form"
          role="group"
          aria-label={draft.id ? `${T.edit}: ${draft.name}` : T.add}
        >
          <FormField id={`${ids}-name`} label={T.name} error={errors.name} required>
            <input
              id={`${ids}-name`}
              maxLength={CALENDAR_LIMITS.nameChars}
              value={draft.name}
              aria-invalid={Boolean(errors.name)}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </FormField>
          <div className="calendar-form-row">
            <FormField id={`${ids}-duration`} label={`${T.duration} (min)`} error={errors.duration_minutes}>
              <input
                id={`${ids}-duration`}
                type="number"
                inputMode="numeric"
                min={CALENDAR_LIMITS.minServiceMinutes}
                max={CALENDAR_LIMITS.maxServiceMinutes}
                step={5}
                value={draft.duration}
                aria-invalid={Boolean(errors.duration_minutes)}
                onChange={(event) => setDraft({ ...draft, duration: event.target.value })}
              />
            </FormField>
            <FormField id={`${ids}-buffer`} label={`${T.buffer} (min)`} error={errors.buffer_minutes}>
              <input
                id={`${ids}-buffer`}
                type="number"
                inputMode="numeric"
                min={0}
                max={CALENDAR_LIMITS.maxBufferMinutes}
                step={5}
                value={draft.buffer}
                aria-invalid={Boolean(errors.buffer_minutes)}
                onChange={(event) => setDraft({ ...draft, buffer: event.target.value })}
              />
            </FormField>
          </div>
          <div className="calendar-form-row">
            <FormField id={`${ids}-price-kind`} label={T.priceKind}>
              <select
                id={`${ids}-price-kind`}
                value={draft.priceKind}
                onChange={(event) => setDraft({ ...draft, priceKind: event.target.value as PriceKind })}
              >
                {PRICE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {T.priceKinds[kind]}
                  </option>
                ))}
              </select>
            </FormField>
            {draft.priceKind !== 'none' ? (
              <FormField id={`${ids}-price`} label={T.price} error={errors.price_cents}>
                <input
                  id={`${ids}-price`}
                  inputMode="decimal"
                  value={draft.price}
                  aria-invalid={Boolean(errors.price_cents)}
                  onChange={(event) => setDraft({ ...draft, price: event.target.value })}
                />
              </FormField>
            ) : null}
          </div>
          <div className="calendar-form-row">
            <FormField id={`${ids}-deposit-kind`} label={T.deposit}>
              <select
                id={`${ids}-deposit-kind`}
                value={draft.ownDeposit ? 'own' : 'default'}
                onChange={(event) => setDraft({ ...draft, ownDeposit: event.target.value === 'own' })}
              >
                <option value="default">{T.depositDefault}</option>
                <option value="own">{T.depositCustom}</option>
              </select>
            </FormField>
            {draft.ownDeposit ? (
              <FormField id={`${ids}-deposit`} label={T.depositAmount} error={errors.deposit_cents}>
                <input
                  id={`${ids}-deposit`}
                  inputMode="decimal"
                  value={draft.deposit}
                  aria-invalid={Boolean(errors.deposit_cents)}
                  onChange={(event) => setDraft({ ...draft, deposit: event.target.value })}
                />
              </FormField>
            ) : null}
          </div>
          {model.data && model.data.staff.length > 0 ? (
            <fieldset className="calendar-checks">
              <legend>{T.staff}</legend>
              <p className="calendar-muted">{T.everyone}: leave all unticked.</p>
              {model.data.staff.map((member) => (
                <label key={member.id}>
                  <input
                    type="checkbox"
                    checked={draft.staffIds.includes(member.id)}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        staffIds: event.target.checked
                          ? [...draft.staffIds, member.id]
                          : draft.staffIds.filter((id) => id !== member.id),
                      })
                    }
                  />
                  {member.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          {model.data && model.data.resources.length > 0 ? (
            <FormField id={`${ids}-resource`} label={T.resource} error={errors.resource_id}>
              <select
                id={`${ids}-resource`}
                value={draft.resourceId}
                onChange={(event) => setDraft({ ...draft, resourceId: event.target.value })}
              >
                <option value="">{T.noResource}</option>
                {model.data.resources.map((resource) => (
                  <option key={resource.id} value={resource.id}>
                    {resource.name}
                  </option>
                ))}
              </select>
            </FormField>
          ) : null}
          <WriteOutcome write={write} />
          <div className="calendar-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setDraft(undefined)}>
              {T.cancel}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={write.pending}
              onClick={() => void save()}
            >
              {write.pending ? 'Saving…' : T.save}
            </button>
          </div>
        </div>
      )}
      <Suggestions userId={userId} onAdd={(s) => setDraft(suggestionDraft(s))} disabled={full} />
    </section>
  );
}

const suggestionDraft = (suggestion: ServiceSuggestion): Draft => ({
  ...EMPTY,
  name: suggestion.name,
  duration: String(suggestion.duration_minutes),
  priceKind: suggestion.price_kind,
  price: dollars(suggestion.price_cents),
});

function staffNames(service: Service, model: CalendarModel | undefined) {
  if (!model || model.staff.length === 0) return '';
  if (service.staff_ids.length === 0) return T.everyone;
  return model.staff
    .filter((member) => service.staff_ids.includes(member.id))
    .map((member) => member.name)
    .join(', ');
}

/** The description's priced services, each a chip that opens the form filled in. */
function Suggestions({
  userId,
  onAdd,
  disabled,
}: {
  userId: string;
  onAdd: (suggestion: ServiceSuggestion) => void;
  disabled: boolean;
}) {
  const suggestions = useServiceSuggestions(userId).data?.suggestions ?? [];
  if (suggestions.length === 0) return null;
  const S = CALENDAR_UI_TEXTS.suggestions;
  return (
    <div className="calendar-suggestions" data-testid="service-suggestions">
      <h4>{S.title}</h4>
      <p className="calendar-muted">{S.intro}</p>
      <div className="calendar-chips">
        {suggestions.map((suggestion) => (
          <button
            key={suggestion.name}
            type="button"
            className="calendar-chip"
            disabled={disabled}
            title={suggestion.source}
            aria-label={S.add(suggestion.name)}
            onClick={() => onAdd(suggestion)}
          >
            + {suggestion.name}
            {suggestion.price_cents !== null ? ` · ${priceLabel(suggestion)}` : ''}
          </button>
        ))}
      </div>
    </div>
  );
}
