import { BRAND } from '@shared/brand';
import { DEMO_BUSINESS, DEMO_TRANSCRIPT } from '@shared/sample-call';
import './demo-section.css';

const HIGHLIGHTS = [
  { value: '3 min', label: 'from hello to paid booking' },
  { value: '$25', label: 'deposit verified during the call' },
  { value: '0', label: 'follow-ups for your staff' },
];

/** #demo: a sample call transcript showing a booking secured with a deposit. */
export function DemoSection() {
  return (
    <section id="demo" className="landing-section landing-section-alt" aria-labelledby="demo-title">
      <div className="container demo-inner">
        <div className="demo-copy">
          <p className="landing-eyebrow">See it in action</p>
          <h2 id="demo-title">A real conversation, start to finish</h2>
          <p>
            Here is a sample call to {DEMO_BUSINESS}. {BRAND.name} checks the calendar, texts a secure deposit
            link while the caller is still on the line, confirms the payment and sends the confirmation — no
            one on your team lifts a finger.
          </p>
          <ul className="demo-highlights">
            {HIGHLIGHTS.map((item) => (
              <li key={item.label}>
                <strong>{item.value}</strong>
                <span>{item.label}</span>
              </li>
            ))}
          </ul>
        </div>

        <figure className="demo-call card">
          <figcaption className="demo-call-head">
            <span className="demo-call-avatar" aria-hidden="true">
              A
            </span>
            <span>
              <span className="demo-call-title">Sample call transcript</span>
              <span className="demo-call-sub">
                {DEMO_BUSINESS} · answered by {BRAND.name}
              </span>
            </span>
          </figcaption>
          <ol className="demo-transcript">
            {DEMO_TRANSCRIPT.map((entry, index) =>
              entry.kind === 'event' ? (
                <li key={index} className="demo-event">
                  <span className="demo-event-chip">{entry.text}</span>
                </li>
              ) : (
                <li key={index} className={`demo-line demo-line-${entry.speaker}`}>
                  <span className="demo-speaker">
                    {entry.speaker === 'assistant' ? 'Ava (AI)' : 'Caller'}
                  </span>
                  <p className="demo-bubble">{entry.text}</p>
                </li>
              ),
            )}
          </ol>
        </figure>
      </div>
    </section>
  );
}
