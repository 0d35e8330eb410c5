import { useId } from 'react';
import { CALENDAR_LIMITS } from '@shared/calendar-model';
import { CALENDAR_UI_TEXTS } from '@shared/calendar-model-texts';
import { WEEKDAY_NAMES } from '@shared/receptionist/business-time';
import type { WeeklyHoursInput } from '@shared/schemas/calendar-model';
import './calendar.css';

const T = CALENDAR_UI_TEXTS.hours;
type Interval = { start: number; end: number };

/** "9:00 AM" for 540; 1440 closes at midnight. */
export function clockLabel(minutes: number): string {
  if (minutes === 1440) return 'Midnight';
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const meridiem = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${meridiem}`;
}
/** Every quarter hour of a day, and midnight at its end. */
const QUARTERS = Array.from({ length: 97 }, (_, n) => n * 15);

/** A new period after the day's last one (or 9 to 5 on a closed day). */
function nextPeriod(day: readonly Interval[]): Interval {
  const last = day.at(-1);
  if (!last) return { start: 540, end: 1020 };
  const start = Math.min(last.end + 60, 1380);
  return { start, end: Math.min(start + 120, 1440) };
}

/**
 * The weekly hours editor (docs/decisions/183): each day closed or open in up to four periods (a split day:
 * morning and afternoon), quarter-hour selects, and Monday copied to the other weekdays. Field errors come
 * from the API keyed by path ("0.1.end": Monday's second period's closing time); `errorPrefix` is the path
 * of the hours in the request ("opening_hours", "hours").
 */
export function WeeklyHoursEditor({
  value,
  onChange,
  errors = {},
  errorPrefix,
  label,
  legendHidden = false,
}: {
  value: WeeklyHoursInput;
  onChange: (hours: WeeklyHoursInput) => void;
  errors?: Record<string, string>;
  errorPrefix: string;
  label: string;
  /** The section's own heading already says what these hours are. */
  legendHidden?: boolean;
}) {
  const ids = useId();
  const setDay = (index: number, day: Interval[]) =>
    onChange(value.map((current, n) => (n === index ? day : current)) as WeeklyHoursInput);
  const errorAt = (...path: Array<string | number>) => errors[[errorPrefix, ...path].join('.')];

  return (
    <fieldset className="hours-editor" data-testid="hours-editor">
      <legend className={legendHidden ? 'sr-only' : 'hours-editor-legend'}>{label}</legend>
      {value.map((day, index) => {
        const name = WEEKDAY_NAMES[index]!;
        const dayError = errorAt(index);
        return (
          <div key={name} className="hours-day" role="group" aria-label={name} data-testid={`hours-${name}`}>
            <span className="hours-day-name">{name}</span>
            <label className="hours-open-toggle">
              <input
                type="checkbox"
                checked={day.length > 0}
                onChange={(event) => setDay(index, event.target.checked ? [nextPeriod([])] : [])}
              />
              {day.length > 0 ? T.open : T.closed}
            </label>
            <div className="hours-periods">
              {day.map((period, p) => {
                const id = `${ids}-${index}-${p}`;
                const endError = errorAt(index, p, 'end');
                return (
                  <div key={p} className="hours-period">
                    <label htmlFor={`${id}-start`} className="sr-only">
                      {`${name} ${T.opens} ${p + 1}`}
                    </label>
                    <select
                      id={`${id}-start`}
                      value={period.start}
                      onChange={(event) =>
                        setDay(
                          index,
                          day.map((d, n) => (n === p ? { ...d, start: Number(event.target.value) } : d)),
                        )
                      }
                    >
                      {QUARTERS.slice(0, -1).map((m) => (
                        <option key={m} value={m}>
                          {clockLabel(m)}
                        </option>
                      ))}
                    </select>
                    <span aria-hidden="true">–</span>
                    <label htmlFor={`${id}-end`} className="sr-only">
                      {`${name} ${T.closes} ${p + 1}`}
                    </label>
                    <select
                      id={`${id}-end`}
                      value={period.end}
                      aria-invalid={Boolean(endError)}
                      aria-describedby={endError ? `${id}-error` : undefined}
                      onChange={(event) =>
                        setDay(
                          index,
                          day.map((d, n) => (n === p ? { ...d, end: Number(event.target.value) } : d)),
                        )
                      }
                    >
                      {QUARTERS.slice(1).map((m) => (
                        <option key={m} value={m}>
                          {clockLabel(m)}
                        </option>
                      ))}
                    </select>
                    {day.length > 1 ? (
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        aria-label={`${T.removePeriod}: ${name} ${clockLabel(period.start)}`}
                        onClick={() =>
                          setDay(
                            index,
                            day.filter((_, n) => n !== p),
                          )
                        }
                      >
                        {T.removePeriod}
                      </button>
                    ) : null}
                    {endError ? (
                      <span className="field-error" id={`${id}-error`} role="alert">
                        {endError}
                      </span>
                    ) : null}
                  </div>
                );
              })}
              {day.length > 0 && day.length < CALENDAR_LIMITS.intervalsPerDay ? (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={`${T.addPeriod}: ${name}`}
                  onClick={() => setDay(index, [...day, nextPeriod(day)])}
                >
                  {T.addPeriod}
                </button>
              ) : null}
              {dayError ? (
                <span className="field-error" role="alert">
                  {dayError}
                </span>
              ) : null}
            </div>
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() =>
            onChange(
              value.map((day, n) =>
                n >= 1 && n <= 4 ? value[0].map((i) => ({ ...i })) : day,
              ) as WeeklyHoursInput,
            )
          }
        >
          {T.copyMonday}
        </button>
      </div>
    </fieldset>
  );
}
