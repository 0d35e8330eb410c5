/**
 * The two gates in front of the assistant (docs/decisions/176-missed-call-text-back-and-block-list.md): the
 * owner's block list (a blocked number's calls are rejected and its texts get no reply) and the missed-call
 * text-back (a caller the assistant never spoke to gets one text). Limits, the pure rules and the owner-facing
 * words live here, once, for the API and the dashboard; the request and answer schemas are in
 * shared/schemas/caller-gates.ts.
 */

/** Blocked numbers an owner may keep: far above any real robocall list, bounded so one owner cannot grow it. */
export const BLOCKED_NUMBERS_LIMIT = 500;
/** The owner's note of why a number is blocked ("robocaller", "harassment"). */
export const BLOCK_REASON_MAX_CHARS = 200;

/** An owner's own text-back wording: two SMS segments at most, so a caller gets one readable text. */
export const MISSED_CALL_TEMPLATE_MAX_CHARS = 300;
/** The only placeholders an owner's wording may use, each filled from the business's settings. */
export const MISSED_CALL_TEMPLATE_PLACEHOLDERS = ['business'] as const;
export type MissedCallPlaceholder = (typeof MISSED_CALL_TEMPLATE_PLACEHOLDERS)[number];
/**
 * Text-backs one owner may send a day: each costs a text, and a burst of failed calls (a carrier outage, a
 * dialler) must not turn into a text bill. Well above a busy practice's missed calls.
 */
export const MISSED_CALL_TEXTS_OWNER_DAILY_LIMIT = 200;
/** Text-back is on until the owner turns it off: a caller who rang and reached nobody expects a word back. */
export const MISSED_CALL_TEXT_BACK_DEFAULT_ON = true;

/**
 * Twilio's final statuses of a call that never connected: nobody answered, the line was busy, the call
 * failed, or the caller hung up while it was still ringing (canceled).
 */
export const UNCONNECTED_CALL_STATUSES = ['no-answer', 'busy', 'failed', 'canceled'] as const;

export type MissedCallKind = 'not_connected' | 'hung_up_before_greeting' | 'hung_up_while_business_rang';

/**
 * Whether a finished call was missed, from what its final status callback and its conversation show: a call
 * that never connected, or one the assistant was to answer that ended before the relay connected (Twilio
 * speaks the greeting as the relay connects, which is when the conversation's `answered_at` is set). A call
 * the assistant answered, or one sent to the business's own line, was not missed by the assistant. With ring
 * me first, a caller who hung up while the business's line rang (it never picked up, and the assistant never
 * took the call) was missed by everyone.
 */
export function missedCallOf(call: {
  status: string;
  conversation?: { answered: boolean } | undefined;
  /** Ring me first: the business's line rang for this call; whether it picked up. */
  businessLine?: { pickedUp: boolean } | undefined;
}): MissedCallKind | undefined {
  if ((UNCONNECTED_CALL_STATUSES as readonly string[]).includes(call.status)) return 'not_connected';
  if (call.status !== 'completed') return undefined;
  if (call.conversation) return call.conversation.answered ? undefined : 'hung_up_before_greeting';
  if (call.businessLine && !call.businessLine.pickedUp) return 'hung_up_while_business_rang';
  return undefined;
}

/** The calendar day of `at` in the business's time zone (YYYY-MM-DD): text-back is once per caller per day. */
export function businessDayOf(at: Date, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone || 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

const PLACEHOLDER = /\{([^{}]*)\}/g;
/** Web addresses as a texter's phone would link them: with a scheme, with www., or a bare name.tld. */
const LINK =
  /\b(?:https?:\/\/[^\s<>"]+|www\.[^\s<>"]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|ly|me|us|ca|mx|uk|app|link|site|online|shop|store|page|xyz|gl|to|cc|ws|tk|ai)\b[^\s<>"]*)/gi;

/** The host a link points at ('' when it cannot be read). */
function hostOf(link: string): string {
  try {
    return new URL(/^https?:\/\//i.test(link) ? link : `https://${link}`).host.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * What is wrong with an owner's template, in words for the owner; undefined when it may be sent. Bounded in
 * length, only the allowed placeholders, and no link but to the product's own hosts (a text-back is sent from
 * the business's registered number, whose A2P campaign names what it sends: a third-party link is what
 * carriers filter as spam).
 */
export function templateProblem(
  text: string,
  rules: { maxChars: number; placeholders: readonly string[]; ownHosts: readonly string[] },
): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return CALLER_GATES_TEXTS.templateEmpty;
  if (trimmed.length > rules.maxChars) return CALLER_GATES_TEXTS.templateTooLong(rules.maxChars);
  for (const [, name] of trimmed.matchAll(PLACEHOLDER)) {
    if (!rules.placeholders.includes(name!.trim()))
      return CALLER_GATES_TEXTS.templateUnknownPlaceholder(name!, rules.placeholders);
  }
  if (/[{}]/.test(trimmed.replace(PLACEHOLDER, '')))
    return CALLER_GATES_TEXTS.templateUnknownPlaceholder('', rules.placeholders);
  const own = rules.ownHosts.map((host) => host.toLowerCase());
  for (const [link] of trimmed.matchAll(LINK)) {
    if (!own.includes(hostOf(link))) return CALLER_GATES_TEXTS.templateLink;
  }
  return undefined;
}

/** The owner's template with its placeholders filled (the template was checked when it was saved). */
export const fillTemplate = (text: string, values: Record<MissedCallPlaceholder, string>) =>
  text
    .trim()
    .replace(PLACEHOLDER, (whole, name: string) => values[name.trim() as MissedCallPlaceholder] ?? whole);

/** The owner-facing words of both gates (API errors and the dashboard). */
export const CALLER_GATES_TEXTS = {
  blockTitle: 'Blocked numbers',
  blockIntro:
    'Calls from these numbers are rejected before your assistant answers, and their texts get no reply. Nothing else about them is kept: only how often they tried.',
  blockEmpty: 'No blocked numbers. Block a caller from their conversation in the call log.',
  blockAction: 'Block this number',
  blockReasonLabel: 'Reason (only you see it)',
  blockConfirm: 'Block',
  cancel: 'Cancel',
  save: 'Save',
  blocked: 'Blocked',
  unblock: 'Unblock',
  attempts: (count: number, last: string | undefined) =>
    count === 0
      ? 'No attempts since blocked'
      : `${count} attempt${count === 1 ? '' : 's'} since blocked${last ? `, last ${last}` : ''}`,
  invalidNumber: 'Enter a valid phone number, e.g. +1 415 555 0142.',
  ownAssistantNumber: 'That is your assistant’s own number: it cannot be blocked.',
  ownBusinessNumber: 'That is your business phone number: it cannot be blocked.',
  limitReached: (limit: number) =>
    `You have blocked ${limit} numbers, the most you can. Unblock one before blocking another.`,
  notBlocked: 'That number is not on your block list.',
  loadFailed: 'Failed to load your blocked numbers',
  textBackTitle: 'Missed-call text-back',
  textBackIntro:
    'When a caller hangs up before your assistant speaks, or the call fails, they get one text from your assistant number (once a day per caller; never to blocked or opted-out numbers, and only once texting is registered).',
  textBackToggle: 'Text back missed callers',
  textBackTemplateLabel: 'Your wording (optional)',
  textBackTemplateHint: (placeholders: readonly string[]) =>
    `Leave empty for the default. You may use ${placeholders.map((p) => `{${p}}`).join(', ')}; no links.`,
  textBackDefaultLabel: 'Default text',
  textBackDefaultSpanishLabel: 'To callers who speak Spanish',
  textBackSaved: 'Saved',
  templateEmpty: 'Write your wording, or leave it empty to send the default text.',
  templateTooLong: (max: number) => `Keep the text to ${max} characters or fewer.`,
  templateUnknownPlaceholder: (name: string, allowed: readonly string[]) =>
    `${name ? `{${name}} is not a placeholder you can use` : 'Curly braces are only for placeholders'}: use ${allowed.map((p) => `{${p}}`).join(', ')}.`,
  templateLink: 'Links are not allowed in the text-back: carriers filter texts with links as spam.',
} as const;
