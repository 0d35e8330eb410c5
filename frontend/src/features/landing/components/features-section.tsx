import { CALENDARS, FEATURES, type CalendarKind } from '../landing-content';
import { LandingIcon } from './landing-icon';
import './features-section.css';

function CalendarMark({ id }: { id: CalendarKind['id'] }) {
  if (id === 'google_calendar') {
    return (
      <svg className="calendar-mark" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
        <rect x="4" y="6" width="32" height="30" rx="6" fill="#fff" stroke="#dadce0" strokeWidth="2" />
        <path d="M4 12a6 6 0 0 1 6-6h20a6 6 0 0 1 6 6v2H4z" fill="#4285f4" />
        <rect x="11" y="2" width="3" height="8" rx="1.5" fill="#1a73e8" />
        <rect x="26" y="2" width="3" height="8" rx="1.5" fill="#1a73e8" />
        <text
          x="20"
          y="31"
          textAnchor="middle"
          fontSize="13"
          fontWeight="700"
          fill="#1a73e8"
          fontFamily="system-ui, sans-serif"
        >
          31
        </text>
      </svg>
    );
  }
  return (
    <svg className="calendar-mark" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
      <circle cx="20" cy="20" r="17" fill="#006bff" />
      <path d="M25.5 14.5a8 8 0 1 0 0 11" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
    </svg>
  );
}

/** Feature cards (#features) and the two supported calendar kinds. */
export function FeaturesSection() {
  return (
    <section id="features" className="landing-section" aria-labelledby="features-title">
      <div className="container">
        <div className="landing-section-head">
          <p className="landing-eyebrow">What it does</p>
          <h2 id="features-title">A receptionist that never misses a call</h2>
          <p>From the first ring to the paid booking, every step happens automatically, day or night.</p>
        </div>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="card feature-card">
              <span className="feature-icon">
                <LandingIcon name={feature.icon} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.description}</p>
            </li>
          ))}
        </ul>

        <section className="calendar-panel card" aria-labelledby="calendar-title">
          <div className="calendar-panel-copy">
            <h3 id="calendar-title">Works with the calendar you already use</h3>
            <p>
              Connect one of two calendar kinds and bookings land where you already look. No calendar yet?
              Start with the built-in business calendar.
            </p>
          </div>
          <ul className="calendar-list">
            {CALENDARS.map((calendar) => (
              <li key={calendar.id} className="calendar-item">
                <CalendarMark id={calendar.id} />
                <div>
                  <p className="calendar-name">{calendar.name}</p>
                  <p className="calendar-desc">{calendar.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}
