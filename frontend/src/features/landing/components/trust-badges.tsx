import { TRUST_BADGES } from '../landing-content';
import { LandingIcon } from './landing-icon';
import './trust-badges.css';

/** Security and compliance strip; certifications still being obtained are greyed out as "In progress". */
export function TrustBadges() {
  return (
    <section className="trust" aria-labelledby="trust-title">
      <div className="container">
        <h2 id="trust-title" className="trust-title">
          Security you can count on
        </h2>
        <ul className="trust-list">
          {TRUST_BADGES.map((badge) => (
            <li key={badge.label} className={badge.inProgress ? 'trust-badge is-pending' : 'trust-badge'}>
              <span className="trust-icon">
                <LandingIcon name={badge.icon} />
              </span>
              <span className="trust-text">
                <span className="trust-label">{badge.label}</span>
                <span className="trust-detail">{badge.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
