import { dateTimeFormat, type DateTimeStyle } from '@shared/intl-format';

const SEEN_STYLE: DateTimeStyle = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

/** "Nov 27, 3:04 PM" in the given zone (the business's on the Overview, the browser's elsewhere). */
export const seenAt = (iso: string, timeZone?: string) =>
  dateTimeFormat(SEEN_STYLE, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone).format(
    new Date(iso),
  );
