import { BILLING_INTERVALS, yearlySavingPercent, type BillingInterval } from '@shared/plans';
import type { Plan } from '@shared/schemas/subscription';

/** Monthly / Yearly: which plan cards /plans shows (one row of three, not six cards with a gap). */
export function BillingIntervalSwitch({
  plans,
  value,
  onChange,
}: {
  plans: readonly Plan[];
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  const saving = yearlySavingPercent(plans);
  const offered = BILLING_INTERVALS.filter(({ interval }) => plans.some((p) => p.interval === interval));
  if (offered.length < 2) return null;
  return (
    <div className="interval-switch" role="radiogroup" aria-label="Billing period">
      {offered.map(({ interval, label }) => (
        <button
          key={interval}
          type="button"
          role="radio"
          aria-checked={value === interval}
          className={`interval-option${value === interval ? ' active' : ''}`}
          onClick={() => onChange(interval)}
        >
          {label}
          {interval === 'year' && saving ? <span className="interval-saving">Save {saving}%</span> : null}
        </button>
      ))}
    </div>
  );
}
