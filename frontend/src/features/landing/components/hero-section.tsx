import { Link } from 'react-router-dom';
import { HERO_COPY, PITCH_LINES } from '../landing-content';
import './hero-section.css';
import { InternationalWaitlistLink } from './international-waitlist';
import { SampleCallButton } from './sample-call-button';

function CheckIcon() {
  return (
    <svg className="hero-note-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.15" />
      <path
        d="M6 10.5l2.5 2.5L14 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A small, static summary of one call, illustrating the flow from hello to paid. */
function CallCard() {
  const steps = [
    { label: 'Answered on the first ring', time: '7:42 PM' },
    { label: 'Booked Thu, 4:30 PM', time: '7:43 PM' },
    { label: 'Deposit verified: $25.00', time: '7:44 PM' },
    { label: 'Confirmation sent by SMS and e-mail', time: '7:44 PM' },
  ];
  return (
    <aside className="hero-card card" aria-label="Example of a call handled after hours">
      <div className="hero-card-head">
        <span className="hero-card-pulse" aria-hidden="true" />
        <div>
          <p className="hero-card-title">Incoming call, after hours</p>
          <p className="hero-card-sub">(415) 555-0142 · New customer</p>
        </div>
      </div>
      <ol className="hero-card-steps">
        {steps.map((step) => (
          <li key={step.label}>
            <CheckIcon />
            <span className="hero-card-step-label">{step.label}</span>
            <span className="hero-card-step-time">{step.time}</span>
          </li>
        ))}
      </ol>
      <div className="hero-card-foot">
        <span>Revenue captured</span>
        <strong>$25.00 deposit</strong>
      </div>
    </aside>
  );
}

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <div className="hero-copy">
          <p className="hero-pill">
            <span className="hero-pill-dot" aria-hidden="true" />
            Now in private beta
          </p>
          <h1 id="hero-title" className="hero-title">
            {PITCH_LINES.primary}
          </h1>
          <p className="hero-subtitle">{PITCH_LINES.secondary}</p>
          <p className="hero-lead">{HERO_COPY.lead}</p>
          <div className="hero-actions">
            <Link className="btn btn-primary hero-btn" to="/signup">
              Try it free for 14 days
            </Link>
            <SampleCallButton className="btn btn-secondary hero-btn" />
          </div>
          <ul className="hero-notes">
            <li>
              <CheckIcon />
              <span>
                <strong>{HERO_COPY.offer}</strong> {HERO_COPY.cardRequired}
              </span>
            </li>
            <li>
              <CheckIcon />
              <span>
                {HERO_COPY.region} <InternationalWaitlistLink />
              </span>
            </li>
            <li>
              <CheckIcon />
              <span>{HERO_COPY.beta}</span>
            </li>
          </ul>
        </div>
        <CallCard />
      </div>
    </section>
  );
}
