import { dateTimeFormat, type DateTimeStyle } from '@shared/intl-format';

const MOMENT: DateTimeStyle = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

/** A moment in the business's zone, e.g. "Nov 22, 3:05 PM" (the call log's time column). */
export const momentLabel = (iso: string, timeZone: string) =>
  dateTimeFormat(MOMENT, timeZone).format(new Date(iso));

/** Shared with the summary e-mails (shared/call-log.ts). */
export { durationLabel } from '@shared/call-log';

/** The range choices of the log's filter; `days` undefined means all time. */
export const CALL_LOG_RANGES = [
  { key: 'all', label: 'All time', days: undefined },
  { key: '7', label: 'Last 7 days', days: 7 },
  { key: '30', label: 'Last 30 days', days: 30 },
  { key: '90', label: 'Last 90 days', days: 90 },
] as const;
export type CallLogRangeKey = (typeof CALL_LOG_RANGES)[number]['key'];

/** The ISO start of a range choice at `now`, or undefined for all time. */
export function rangeStart(key: CallLogRangeKey, now: Date): string | undefined {
  const days = CALL_LOG_RANGES.find((range) => range.key === key)?.days;
  return days === undefined ? undefined : new Date(now.getTime() - days * 86_400_000).toISOString();
}
