import { COST_CHART } from '../landing-content';
import './cost-chart.css';

const formatUsd = (value: number) => `$${value}`;

/** Horizontal bar chart of estimated monthly cost; every bar carries its value as visible text and as its label. */
export function CostChart() {
  const max = Math.max(...COST_CHART.map((bar) => bar.monthlyCost));
  return (
    <figure className="cost-chart card">
      <figcaption className="cost-chart-caption">
        <span className="cost-chart-title">Estimated monthly cost</span>
        <span className="cost-chart-sub">US dollars per month, typical small-business plan</span>
      </figcaption>
      <ul className="cost-chart-bars">
        {COST_CHART.map((bar) => (
          <li key={bar.name} className={bar.highlight ? 'cost-chart-row is-highlight' : 'cost-chart-row'}>
            <span className="cost-chart-label">
              <span className="cost-chart-name">{bar.name}</span>
              <span className="cost-chart-detail">{bar.detail}</span>
            </span>
            <span className="cost-chart-track">
              <span
                className="cost-chart-bar"
                role="img"
                aria-label={`${bar.name}: ${formatUsd(bar.monthlyCost)} per month`}
                style={{ width: `${(bar.monthlyCost / max) * 100}%` }}
              />
            </span>
            <span className="cost-chart-value" aria-hidden="true">
              {formatUsd(bar.monthlyCost)}
            </span>
          </li>
        ))}
      </ul>
      <p className="cost-chart-note">
        Competitor figures are estimates for comparable plans. A scheduling app alone can&apos;t answer the
        phone, and voice-only agents don&apos;t collect deposits — our figure covers voice, SMS, booking and
        payments in one.
      </p>
    </figure>
  );
}
