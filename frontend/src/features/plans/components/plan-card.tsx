import { formatPlanPrice, isWaitListPlan, MOST_POPULAR_LABEL, TRIAL_DAYS } from '@shared/plans';
import type { Plan } from '@shared/schemas/subscription';

export function PlanCard({
  plan,
  mostPopular,
  busy,
  trialUsed = false,
  onChoose,
}: {
  plan: Plan;
  mostPopular: boolean;
  busy: boolean;
  /** A customer who has had a trial gets none: the button says Subscribe (issue 10 §2). */
  trialUsed?: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const price = formatPlanPrice(plan);
  const waitList = isWaitListPlan(plan);
  return (
    <article
      className={`card plan-card${mostPopular ? ' plan-card-popular' : ''}`}
      data-testid="plan-card"
      aria-label={`${plan.name} ${plan.interval === 'year' ? 'yearly' : 'monthly'}`}
    >
      {mostPopular ? <span className="plan-badge">{MOST_POPULAR_LABEL}</span> : null}
      <h3>{plan.name}</h3>
      <p className="plan-interval">{plan.interval === 'year' ? 'Billed yearly' : 'Billed monthly'}</p>
      <p className="plan-price" data-testid="plan-price">
        <strong>{price.price}</strong>
        <span>{price.period}</span>
      </p>
      {price.perMonth ? <p className="plan-per-month">{price.perMonth}</p> : null}
      <p className="plan-description">{plan.description}</p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <button
        type="button"
        className={`btn btn-block ${waitList ? 'btn-secondary' : 'btn-primary'}`}
        disabled={busy}
        onClick={() => onChoose(plan)}
      >
        {waitList ? 'Join Waitlist' : trialUsed ? 'Subscribe' : `Start ${TRIAL_DAYS}-Day Free Trial`}
      </button>
    </article>
  );
}
