import { Link } from 'react-router-dom';
import {
  COMPARISON_CTA,
  COMPARISON_ROWS,
  COMPARISON_SERVICES,
  MARK_LABELS,
  type Mark,
} from '../landing-content';
import './comparison-table.css';

export function MarkIcon({ mark }: { mark: Mark }) {
  return (
    <span className={`mark mark-${mark}`} role="img" aria-label={MARK_LABELS[mark]} title={MARK_LABELS[mark]}>
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        {mark === 'full' && (
          <path
            d="M5.5 10.5l3 3 6-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
        {mark === 'partial' && (
          <>
            <circle cx="10" cy="10" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M10 4a6 6 0 0 1 0 12z" fill="currentColor" />
          </>
        )}
        {mark === 'none' && (
          <path
            d="M6.5 6.5l7 7M13.5 6.5l-7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        )}
      </svg>
    </span>
  );
}

/** Product vs three other services on the six features of spec §1. */
export function ComparisonTable() {
  return (
    <div className="comparison card">
      <h3 id="comparison-title" className="comparison-title">
        How we compare
      </h3>
      <p className="comparison-hint">Scroll sideways to see every service.</p>
      <div className="comparison-scroll" role="region" aria-labelledby="comparison-title" tabIndex={0}>
        <table className="comparison-table">
          <caption className="sr-only">
            {COMPARISON_SERVICES[0]} compared with three other services: full, partial or not available
          </caption>
          <thead>
            <tr>
              <th scope="col" className="comparison-feature-col">
                Feature
              </th>
              {COMPARISON_SERVICES.map((service, index) => (
                <th key={service} scope="col" className={index === 0 ? 'is-ours' : undefined}>
                  {service}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="comparison-feature-col">
                  {row.feature}
                </th>
                {row.marks.map((mark, index) => (
                  <td key={COMPARISON_SERVICES[index]} className={index === 0 ? 'is-ours' : undefined}>
                    <MarkIcon mark={mark} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="comparison-foot">
        <ul className="comparison-legend" aria-label="Legend">
          {(Object.keys(MARK_LABELS) as Mark[]).map((mark) => (
            <li key={mark}>
              <MarkIcon mark={mark} />
              <span aria-hidden="true">{MARK_LABELS[mark]}</span>
            </li>
          ))}
        </ul>
        <Link className="btn btn-primary comparison-cta" to="/signup">
          {COMPARISON_CTA}
        </Link>
      </div>
    </div>
  );
}
