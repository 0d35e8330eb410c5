import { useQuery } from '@tanstack/react-query';
import { APPOINTMENT_RATES_TEXTS as T, type AnalyticsTimeRange } from '@shared/analytics';
import type { AppointmentRatesPeriod, AppointmentShare } from '@shared/schemas/analytics';
import { analyticsApi } from '../../api/analytics-api';

const percent = (value: number | null) => (value === null ? T.none : `${(value * 100).toFixed(1)}%`);

function Period({ id, title, period }: { id: string; title: string; period: AppointmentRatesPeriod }) {
  return (
    <div className="appointment-rates-period" data-testid={id}>
      <h4>{title}</h4>
      <dl>
        <dt title={T.confirmationHint}>{T.confirmationRate}</dt>
        <dd data-testid={`${id}-confirmation`}>{percent(period.confirmation_rate)}</dd>
        <dt title={T.noShowHint}>{T.noShowRate}</dt>
        <dd data-testid={`${id}-no-show`}>{percent(period.no_show_rate)}</dd>
      </dl>
      <p className="dashboard-muted">{T.counts(period)}</p>
    </div>
  );
}

/** The range's appointments by service or staff member (issue 34); shown once there is more than one. */
function Shares({
  id,
  title,
  shares,
  unnamed,
}: {
  id: string;
  title: string;
  shares: AppointmentShare[];
  unnamed: string;
}) {
  if (shares.length < 2) return null;
  return (
    <div className="appointment-rates-period" data-testid={id}>
      <h4>{title}</h4>
      <dl>
        {shares.map((share) => (
          <div key={share.name ?? ''} className="appointment-share">
            <dt>{share.name ?? unnamed}</dt>
            <dd>{T.share(share)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The Analytics tab's appointment rates over the chosen range (docs/decisions/175-reminders.md): the
 * confirmation rate and the no-show rate, before and after reminders were switched on, each defined in
 * words under it.
 */
export function AppointmentRates({ range }: { range: AnalyticsTimeRange }) {
  const rates = useQuery({
    queryKey: ['analytics', 'appointments', range],
    queryFn: () => analyticsApi.appointmentRates(range),
    retry: false,
  });
  return (
    <section className="card analytics-section" aria-labelledby="analytics-appointments">
      <h3 id="analytics-appointments">{T.title}</h3>
      <p className="dashboard-muted">{T.intro}</p>
      {rates.isPending ? (
        <p>Loading...</p>
      ) : rates.isError ? (
        <p className="alert alert-error" role="alert">
          {T.loadFailed}
        </p>
      ) : rates.data ? (
        <>
          <div className="appointment-rates">
            <Period id="rates-before" title={T.before} period={rates.data.before} />
            {rates.data.reminders_enabled_since ? (
              <Period id="rates-after" title={T.after} period={rates.data.after} />
            ) : (
              <p className="dashboard-muted">{T.neverOn}</p>
            )}
          </div>
          <p className="field-hint">
            {T.confirmationRate}: {T.confirmationHint}. {T.noShowRate}: {T.noShowHint}.
          </p>
          <div className="appointment-rates">
            <Shares
              id="rates-by-service"
              title={T.byService}
              shares={rates.data.by_service}
              unnamed={T.noService}
            />
            <Shares id="rates-by-staff" title={T.byStaff} shares={rates.data.by_staff} unnamed={T.noStaff} />
          </div>
        </>
      ) : null}
    </section>
  );
}
