import { TRIAL_DAYS, TRIAL_INCLUSIONS } from '@shared/plans';

export function TrialInclusions() {
  return (
    <aside className="card trial-inclusions" aria-labelledby="trial-inclusions-title">
      <h2 id="trial-inclusions-title">Your {TRIAL_DAYS}-day free trial includes</h2>
      <ul>
        {TRIAL_INCLUSIONS.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="trial-note">A credit card is required to start the trial.</p>
    </aside>
  );
}
