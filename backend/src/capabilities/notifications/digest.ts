import type { BusinessClock } from '@shared/analytics';
import { OVERVIEW_TEXTS, periodFigures, type OverviewMessage } from '@shared/overview';
import { formatDollars } from '@shared/receptionist/deposits';
import {
  addDays,
  isoDateOf,
  localMidnight,
  spokenClock,
  zonedParts,
} from '@shared/receptionist/business-time';
import { CHANNEL_LABELS, OUTCOME_LABELS, isOtherLanguage, languageLabel } from '@shared/call-log';
import type { Conversation } from '@shared/schemas/conversation';
import { NOTIFICATION_LIMITS } from '@shared/notifications';
import type { OverviewPeriod } from '@shared/schemas/overview';
import { callerLabel, emailFooter, safeLine, type EmailLinks } from './summary-email';

/**
 * The daily digest (issue 13 §2): yesterday in the business's own time zone, with the Overview's figures
 * (shared/overview.ts periodFigures, so the e-mail and the dashboard count alike). Pure; the notifier reads
 * the records and sends the e-mail.
 */
export type DigestCounts = OverviewPeriod;

/**
 * The local calendar day before `now`'s in the zone, as [from, to) instants and its date; a day of a DST
 * change is 23 or 25 hours long, never a fixed 24.
 */
export function yesterdayWindow(now: Date, timeZone: string) {
  const today = zonedParts(now, timeZone);
  const yesterday = addDays(today, -1);
  return {
    from: localMidnight(yesterday, timeZone),
    to: localMidnight(today, timeZone),
    date: isoDateOf(yesterday),
  };
}

/** Is it the digest hour in the zone at `now`? (The job runs hourly; each zone's turn comes once a day.) */
export const isDigestHour = (now: Date, timeZone: string) =>
  zonedParts(now, timeZone).hour === NOTIFICATION_LIMITS.digestHour;

/** The day's figures: its conversations (the owner's tests left out) and its messages still waiting. */
export const digestCounts = (
  conversations: readonly Conversation[],
  messages: readonly OverviewMessage[],
  from: Date,
  clock: BusinessClock,
): DigestCounts => periodFigures(conversations, messages, from, clock);

/** Nothing happened and nothing waits: no e-mail (a daily "nothing" would teach owners to ignore it). */
export const digestIsEmpty = (counts: DigestCounts) =>
  counts.conversations === 0 && counts.messages_waiting === 0;

export function digestEmail(input: {
  businessName: string;
  timeZone: string;
  date: string;
  counts: DigestCounts;
  conversations: readonly Conversation[];
  callLogLink: string;
  links: EmailLinks;
}): { subject: string; text: string } {
  const { counts, timeZone } = input;
  const business = safeLine(input.businessName, 80) || 'Your business';
  const listed = input.conversations
    .filter((c) => c.channel !== 'test')
    .slice(0, NOTIFICATION_LIMITS.digestListMax)
    .map((c) => {
      const at = spokenClock(new Date(c.started_at), timeZone);
      const outcome = c.outcome ? OUTCOME_LABELS[c.outcome] : 'Answered';
      const money = c.amount_collected_cents > 0 ? `, ${formatDollars(c.amount_collected_cents)}` : '';
      const summary = safeLine(c.summary ?? '', 120);
      // A caller who did not speak English is named with their language (decision 174); the summary line
      // quotes their own words as they said them.
      const language = isOtherLanguage(c.language) ? ` · ${languageLabel(c.language)}` : '';
      return `- ${at} · ${CHANNEL_LABELS[c.channel]}${language} · ${callerLabel(c.caller)} · ${outcome}${money}${summary ? ` · ${summary}` : ''}`;
    });
  const more = counts.conversations - listed.length;
  const lines = [
    `Yesterday (${input.date}, ${timeZone}) at ${business}:`,
    '',
    `${OVERVIEW_TEXTS.conversations}: ${counts.conversations}`,
    `${OVERVIEW_TEXTS.bookings}: ${counts.bookings}`,
    `${OVERVIEW_TEXTS.deposits}: ${formatDollars(counts.deposits_collected_cents)}`,
    `${OVERVIEW_TEXTS.messagesWaiting}: ${counts.messages_waiting}`,
    `${OVERVIEW_TEXTS.missedCallsSaved} (${OVERVIEW_TEXTS.missedCallsSavedHint.replace(/\.$/, '').toLowerCase()}): ${counts.missed_calls_saved}`,
    '',
    ...(listed.length ? ['Conversations:', ...listed] : ['No conversations yesterday.']),
    ...(more > 0 ? [`…and ${more} more in the call log.`] : []),
    '',
    `Open the call log: ${input.callLogLink}`,
    '',
    emailFooter('You get this e-mail because the daily digest is on for your assistant.', input.links),
  ];
  return {
    subject: `${business}: ${counts.conversations} conversation${counts.conversations === 1 ? '' : 's'} yesterday`,
    text: lines.join('\n'),
  };
}
