import { formatDollars } from '@shared/receptionist/deposits';
import { spokenTime } from '@shared/receptionist/business-time';
import {
  CHANNEL_LABELS,
  OUTCOME_LABELS,
  callerLanguageSentence,
  durationLabel,
  durationSeconds,
  isOtherLanguage,
  languageLabel,
} from '@shared/call-log';
import type { Conversation, TranscriptTurn } from '@shared/schemas/conversation';
import { sanitizeEmailText } from '@shared/email-text';
import { formatPhoneForText } from '@shared/sms';
import { phoneTelHref } from '@shared/phone/phone-number';
import { ENGLISH_RENDERING_LIMITS } from '../../providers/llm/port';

/**
 * The after-conversation e-mail to the owner (issue 13 §2), plain text. Everything a caller or the owner
 * typed (business name, the summary line, tool summaries) goes through sanitizeEmailText: no line breaks
 * into the subject, no control characters, no links that were not ours. It is in English whatever the
 * caller spoke; a caller in another language is named and quoted (docs/decisions/174-spanish.md).
 */
export type SummaryFacts = Pick<
  Conversation,
  'id' | 'channel' | 'caller' | 'started_at' | 'ended_at' | 'amount_collected_cents' | 'actions' | 'language'
> & {
  outcome: NonNullable<Conversation['outcome']>;
  summary: string;
  /** The caller's own words (callerWords), quoted when they did not speak English. */
  callerWords?: string[];
  /** Their English, line for line, where a model rendered it (never locally: nothing false is said). */
  englishRendering?: string[];
};

export type EmailLinks = { unsubscribe: string; settings: string };

const LINE_MAX = 200;
const ACTIONS_MAX = 12;
/** Internal bookkeeping actions the owner gains nothing from reading. */
const QUIET_TOOLS = new Set(['get_business_info', 'end_conversation']);

export const safeLine = (text: string, max = LINE_MAX) => sanitizeEmailText(text, max);

/**
 * What the caller said, first lines first, each on one safe line: quoted in the summary e-mail of a caller
 * who did not speak English, and the only text sent for an English rendering (so its cost is bounded).
 */
export function callerWords(
  turns: readonly TranscriptTurn[],
  limits: { lines: number; lineChars: number } = ENGLISH_RENDERING_LIMITS,
): string[] {
  return turns
    .filter((turn) => turn.speaker === 'caller')
    .map((turn) => safeLine(turn.text, limits.lineChars))
    .filter(Boolean)
    .slice(0, limits.lines);
}

/** The e-mail's quote of a caller who spoke another language, with its English when a model gave one. */
function quotedWords(c: SummaryFacts): string[] {
  if (!isOtherLanguage(c.language) || !c.callerWords?.length) return [];
  const quote = (lines: readonly string[]) => lines.map((line) => `  “${safeLine(line, LINE_MAX * 2)}”`);
  return [
    '',
    `In the caller's words (${languageLabel(c.language)}):`,
    ...quote(c.callerWords),
    ...(c.englishRendering?.length
      ? ['', 'In English (machine translation, may be imperfect):', ...quote(c.englishRendering)]
      : []),
  ];
}

/** "(415) 555-0199", or "an unknown number" when there is none. */
export const callerLabel = (caller: string) =>
  safeLine(formatPhoneForText(caller) ?? '', 40) || 'an unknown number';

/** The tel: link a phone opens to call back, only for a real number (not 'Anonymous'). */
export const telLink = (caller: string) => phoneTelHref(caller);

/** The footer every notification e-mail ends with: why it came, how to stop it, where to change it. */
export const emailFooter = (why: string, links: EmailLinks) =>
  ['--', why, `Unsubscribe: ${links.unsubscribe}`, `Change your notifications: ${links.settings}`].join('\n');

export function summaryEmail(input: {
  businessName: string;
  timeZone: string;
  conversation: SummaryFacts;
  conversationLink: string;
  links: EmailLinks;
}): { subject: string; text: string } {
  const { conversation: c, timeZone } = input;
  const business = safeLine(input.businessName, 80) || 'Your business';
  const caller = callerLabel(c.caller);
  const kind = c.channel === 'voice' ? 'Call' : 'Text conversation';
  const outcome = OUTCOME_LABELS[c.outcome];
  const actions = (c.actions ?? [])
    .filter((action) => !QUIET_TOOLS.has(action.tool))
    .slice(-ACTIONS_MAX)
    .map((action) => `- ${action.ok ? '' : '(failed) '}${safeLine(action.summary)}`);
  const tel = telLink(c.caller);
  const spoke = callerLanguageSentence(c.language);
  const lines = [
    `${kind} with ${caller}, handled by your assistant.${spoke ? ` ${spoke}` : ''}`,
    '',
    `Caller: ${caller}`,
    `Channel: ${CHANNEL_LABELS[c.channel]}`,
    ...(spoke ? [`Language: ${languageLabel(c.language)}`] : []),
    `When: ${spokenTime(new Date(c.started_at), timeZone)} (${timeZone})`,
    `Duration: ${durationLabel(durationSeconds(c.started_at, c.ended_at))}`,
    `Outcome: ${outcome}`,
    `Amount collected: ${formatDollars(c.amount_collected_cents)}`,
    `Summary: ${safeLine(c.summary) || outcome}`,
    ...quotedWords(c),
    '',
    'What the assistant did:',
    ...(actions.length ? actions : ['- Answered without using any tools']),
    '',
    `Open the conversation: ${input.conversationLink}`,
    ...(tel ? [`Call back: ${tel}`] : []),
    '',
    emailFooter('You get this e-mail because conversation summaries are on for your assistant.', input.links),
  ];
  return {
    subject: `${business}: ${kind.toLowerCase()} with ${caller} (${outcome}${spoke ? `, in ${languageLabel(c.language)}` : ''})`,
    text: lines.join('\n'),
  };
}

/** The dashboard's call log opened on one conversation. */
export const conversationLink = (appUrl: string, conversation: Pick<Conversation, 'id' | 'started_at'>) =>
  `${appUrl.replace(/\/+$/, '')}/dashboard?${new URLSearchParams({
    tab: 'calls',
    conversation: conversation.id,
    started_at: conversation.started_at,
  }).toString()}`;
