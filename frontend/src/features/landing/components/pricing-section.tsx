import { Link } from 'react-router-dom';
import { HERO_COPY, PRICING, PRICING_FAQ } from '../landing-content';
import './pricing-section.css';
import { InternationalWaitlistLink } from './international-waitlist';

/** #pricing: the entry price and trial, linking to the plan selection page. */
export function PricingSection() {
  return (
    <section id="pricing" className="landing-section" aria-labelledby="pricing-title">
      <div className="container pricing-inner">
        <div className="pricing-copy">
          <p className="landing-eyebrow">Pricing</p>
          <h2 id="pricing-title">Simple pricing that pays for itself</h2>
          <p className="pricing-lead">
            One booked appointment a month usually covers the subscription. Pick the plan that fits your call
            volume and upgrade any time.
          </p>
          <dl className="pricing-faq">
            {PRICING_FAQ.map((item) => (
              <div key={item.question} className="pricing-faq-item">
                <dt>{item.question}</dt>
                <dd>{item.answer}</dd>
              </div>
            ))}
          </dl>
          <p className="pricing-fineprint">
            {HERO_COPY.region} <InternationalWaitlistLink />
          </p>
        </div>

        <div className="pricing-card card">
          <p className="pricing-badge">{PRICING.trial}</p>
          <p className="pricing-amount">
            <span className="pricing-from">from</span>
            <span className="pricing-price">${PRICING.price}</span>
            <span className="pricing-period">/{PRICING.period}</span>
          </p>
          <p className="pricing-offer">{HERO_COPY.offer}</p>
          <ul className="pricing-list">
            {PRICING.inclusions.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <Link className="btn btn-primary btn-block pricing-cta" to="/plans">
            See plans
          </Link>
          <p className="pricing-note">{HERO_COPY.cardRequired}</p>
        </div>
      </div>
    </section>
  );
}
