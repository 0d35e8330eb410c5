import { formatAmount } from '@shared/plans';
import { OVERVIEW_TEXTS } from '@shared/overview';
import type { OverviewPeriod, OverviewResponse } from '@shared/schemas/overview';

const ROWS: ReadonlyArray<{
  key: keyof OverviewPeriod;
  label: string;
  hint?: string;
  format?: (value: number) => string;
}> = [
  { key: 'conversations', label: OVERVIEW_TEXTS.conversations },
  { key: 'bookings', label: OVERVIEW_TEXTS.bookings },
  { key: 'deposits_collected_cents', label: OVERVIEW_TEXTS.deposits, format: formatAmount },
  { key: 'messages_waiting', label: OVERVIEW_TEXTS.messagesWaiting },
  {
    key: 'missed_calls_saved',
    label: OVERVIEW_TEXTS.missedCallsSaved,
    hint: OVERVIEW_TEXTS.missedCallsSavedHint,
  },
];

/** Today's and this week's figures side by side, counted on the business's clock. */
export function OverviewFigures({ overview }: { overview: OverviewResponse }) {
  return (
    <section className="card dashboard-panel overview-figures" aria-labelledby="overview-figures-title">
      <h2 id="overview-figures-title">
        {OVERVIEW_TEXTS.today} &amp; {OVERVIEW_TEXTS.thisWeek.toLowerCase()}
      </h2>
      <table className="overview-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Figure</span>
            </th>
            <th scope="col">{OVERVIEW_TEXTS.today}</th>
            <th scope="col">{OVERVIEW_TEXTS.thisWeek}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => {
            const show = row.format ?? String;
            return (
              <tr key={row.key}>
                <th scope="row">
                  {row.label}
                  {row.hint ? <span className="overview-hint">{row.hint}</span> : null}
                </th>
                <td data-testid={`overview-today-${row.key}`}>{show(overview.today[row.key])}</td>
                <td data-testid={`overview-week-${row.key}`}>{show(overview.this_week[row.key])}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="dashboard-muted overview-footnote">
        Times in {overview.time_zone}. Test calls and chats are not counted.
      </p>
    </section>
  );
}
