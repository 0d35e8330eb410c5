import type { Analytics } from '@shared/schemas/analytics';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 40, right: 16, top: 12, bottom: 28 };
const plotWidth = WIDTH - PAD.left - PAD.right;
const plotHeight = HEIGHT - PAD.top - PAD.bottom;

const pct = (rate: number) => `${Math.round(rate * 100)}%`;
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The daily completion rate as an SVG line. Days without conversations have no point and break the line,
 * so a quiet day never reads as a 0 % day. Each point carries its date and rate for screen readers.
 */
export function CompletionTrendChart({ trend }: { trend: Analytics['performance_trends'] }) {
  const step = trend.length > 1 ? plotWidth / (trend.length - 1) : 0;
  const x = (i: number) => PAD.left + i * step;
  const y = (rate: number) => PAD.top + (1 - rate) * plotHeight;

  // Runs of consecutive days with data, each drawn as its own line.
  const segments: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  trend.forEach((point, i) => {
    if (point.completion_rate === null) {
      if (current.length) segments.push(current);
      current = [];
    } else current.push([x(i), y(point.completion_rate)]);
  });
  if (current.length) segments.push(current);

  const withData = trend.filter((p) => p.completion_rate !== null).length;
  const labelEvery = Math.max(1, Math.ceil(trend.length / 7));
  const first = trend[0]?.date;
  const last = trend.at(-1)?.date;

  return (
    <svg
      className="trend-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="trend-chart-title"
    >
      <title id="trend-chart-title">
        {`Daily completion rate from ${first ? shortDate(first) : ''} to ${last ? shortDate(last) : ''}: ${withData} of ${trend.length} days had conversations`}
      </title>
      {[0, 0.5, 1].map((rate) => (
        <g key={rate} aria-hidden="true">
          <line className="trend-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(rate)} y2={y(rate)} />
          <text className="trend-axis" x={PAD.left - 6} y={y(rate) + 4} textAnchor="end">
            {pct(rate)}
          </text>
        </g>
      ))}
      {trend.map((point, i) =>
        i % labelEvery === 0 || i === trend.length - 1 ? (
          <text
            key={point.date}
            className="trend-axis"
            x={x(i)}
            y={HEIGHT - 8}
            // The last label ends at the plot's edge instead of running past it.
            textAnchor={i === trend.length - 1 && i > 0 ? 'end' : 'middle'}
            aria-hidden="true"
          >
            {shortDate(point.date)}
          </text>
        ) : null,
      )}
      {segments.map((segment) => (
        <polyline
          key={segment[0]!.join(',')}
          className="trend-line"
          points={segment.map(([px, py]) => `${px},${py}`).join(' ')}
        />
      ))}
      {trend.map((point, i) =>
        point.completion_rate === null ? null : (
          <circle key={point.date} className="trend-point" cx={x(i)} cy={y(point.completion_rate)} r={3.5}>
            <title>{`${shortDate(point.date)}: ${pct(point.completion_rate)}`}</title>
          </circle>
        ),
      )}
    </svg>
  );
}
