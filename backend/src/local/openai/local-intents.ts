import { appointmentReplyOf } from '@shared/carrier-keywords';
import { detectLanguage, withoutAccents, type Language } from '@shared/language';
import { SPANISH_WEEKDAYS } from '@shared/receptionist/date-phrases-es';
import { WEEKDAY_NAMES } from '@shared/receptionist/business-time';
import {
  SPANISH_NAME,
  SPANISH_NOT_NAMES,
  SPANISH_ORDINALS,
  SPANISH_RULES,
  spanishServiceOf,
} from './local-intents-es';
import type { Intent } from './local-intent-names';

export type { Intent } from './local-intent-names';

const RULES: Array<[Intent, RegExp]> = [
  [
    'goodbye',
    /\b(bye|goodbye|good bye|that'?s all|that is all|nothing else|have a good (day|one))\b|^\s*(thanks|thank you|thx|ty|cheers)[\s!.]*$/i,
  ],
  [
    'message',
    // Before 'human', as in Spanish: "a message for the owner" asks for a message, not a transfer.
    /\b(leave (a|her|him|them)? ?message|take a message|message for|pass (a|the|on) message|call me back|have (someone|somebody|them|her|him) call)\b/i,
  ],
  [
    'human',
    // A manager or owner named without asking for them ("the owner said …") is no request to speak to one.
    /\b(human|real person|a person|live person|someone|somebody|representative|operator|speak (to|with)|talk (to|with)|put me through|transfer me|connect me)\b|\b(want|need|like|get|can i|could i|may i|is|are|let me)\b[^.?!]*\b(manager|owner|boss|supervisor)\b/i,
  ],
  ['cancel', /\bcancel/i],
  [
    'reschedule',
    /\b(reschedul\w*|move (my|the) (appointment|booking)|change (my|the) (appointment|booking|time))\b/i,
  ],
  ['deposit', /\b(deposit|pay|payment|link)\b/i],
  [
    'book',
    /\b(book|booking|appointment|schedule|reserve|availab\w*|opening|openings|slot|come in|get in|fit me in|make a time)\b/i,
  ],
  ['hours', /\b(hours|open|close|closing|closed|what time)\b/i],
  // Parking is a question of its own (the knowledge base's), not the street address.
  ['address', /\b(where|address|located|location|directions|find you)\b/i],
  ['prices', /\b(price|prices|pricing|cost|costs|how much|rates?|charge|fees?)\b/i],
  ['services', /\b(services?|offer|do you do|treatments?|menu|what do you)\b/i],
  ['website', /\b(website|web site|online|url)\b/i],
  ['phone', /\b(phone number|your number|number to call)\b/i],
  ['about', /\b(who are you|what is this|tell me about|what kind of business)\b/i],
  ['greeting', /^\s*(hi|hello|hey|hiya|good (morning|afternoon|evening)|yo)( there)?\b[\s!.,]*$/i],
  [
    'yes',
    // "Please" alone agrees; "please confirm it's free" is a request, not a yes.
    /^\s*(yes|yeah|yep|yup|sure|ok(ay)?|sounds good|that works|perfect|great|go ahead|do it|book it|correct)\b|^\s*please( do)?[\s!.]*$/i,
  ],
  ['no', /^\s*(no|nope|nah|not really|no thanks|never mind)\b/i],
];

/** The confirmation's and reminder's own replies (CONFIRM, CHANGE, CANCEL APPT) mean what they said they would. */
const APPOINTMENT_REPLY_INTENTS = {
  confirm: 'confirm',
  change: 'reschedule',
  cancel: 'cancel',
} as const satisfies Record<string, Intent>;

/**
 * The caller's intent, by the rules of their language (read from the text when not given). Spanish falls
 * back to the English rules, as Spanish texters often write "ok", "bye" or "cancel" (decision 174).
 */
export function intentOf(text: string, language: Language = detectLanguage(text)): Intent {
  const reply = appointmentReplyOf(text);
  if (reply) return APPOINTMENT_REPLY_INTENTS[reply];
  if (language === 'es') {
    const plain = withoutAccents(text.toLowerCase());
    const spanish = SPANISH_RULES.find(([, pattern]) => pattern.test(plain))?.[0];
    if (spanish) return spanish;
  }
  return RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? 'unknown';
}

const NAME_PATTERNS = [
  /\b(?:my name is|my name's|name is|this is|it's|it is|i am|i'm|call me)\s+([A-Za-z][A-Za-z'’-]+(?:\s+[A-Za-z][A-Za-z'’-]+)?)/i,
];
const NOT_NAMES =
  /^(calling|looking|wondering|trying|here|good|fine|ok|okay|interested|available|free|just|not|a|an|the|so|very|booked|sorry)$/i;

/** A name the caller gave ("this is Sam Lee"); with `bare`, a short answer to "what's your name?" counts. */
export function extractName(text: string, bare = false, language: Language = 'en'): string | undefined {
  const patterns: Array<[RegExp, RegExp]> = NAME_PATTERNS.map((pattern) => [pattern, NOT_NAMES]);
  if (language === 'es') patterns.unshift([SPANISH_NAME, SPANISH_NOT_NAMES]);
  for (const [pattern, notNames] of patterns) {
    const match = pattern.exec(text);
    const first = match?.[1]?.split(/\s+/)[0];
    if (match && first && !notNames.test(withoutAccents(first))) return titleCase(match[1]!);
  }
  if (!bare) return undefined;
  const cleaned = text.trim().replace(/[.!]+$/, '');
  // Accented letters: "José Núñez" is a name in either language.
  return /^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]*(\s+[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]*){0,2}$/.test(cleaned) &&
    !NOT_NAMES.test(cleaned) &&
    !(
      language === 'es' &&
      (SPANISH_NOT_NAMES.test(withoutAccents(cleaned)) || intentOf(cleaned, 'es') !== 'unknown')
    )
    ? titleCase(cleaned)
    : undefined;
}

const titleCase = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');

/** "a haircut", "for a cleaning" → the service the caller wants, if they named one. */
export function extractService(text: string, language: Language = 'en'): string | undefined {
  if (language === 'es') return spanishServiceOf(text);
  const match =
    /\b(?:book|get|schedule|want|need|for)\s+(?:me\s+)?(?:in\s+)?(?:for\s+)?(?:a|an|my|some)\s+([a-z][a-z -]{2,30}?)(?=\s+(?:on|at|for|tomorrow|today|next|this|in|appointment)\b|[?.!,]|$)/i.exec(
      text,
    );
  const service = match?.[1]?.trim().replace(/\s+appointment$/i, '');
  if (!service || /^(appointment|time|slot|booking|spot|person|message|deposit)$/i.test(service))
    return undefined;
  return service;
}

/** Which offered slot the caller picked: "the first", "2", "3:30", "Tuesday"; undefined when unclear. */
export function pickOffered(
  text: string,
  offered: Array<{ start: string; spoken: string }>,
  language: Language = 'en',
): string | undefined {
  const spanish = language === 'es';
  const lower = spanish ? withoutAccents(text.toLowerCase()) : text.toLowerCase();
  const ordinals: Array<[RegExp, number]> = [
    [/\b(first|1st|earliest|first one)\b|^\s*1\s*$/, 0],
    [/\b(second|2nd|middle)\b|^\s*2\s*$/, 1],
    [/\b(third|3rd|last one|latest)\b|^\s*3\s*$/, 2],
    ...(spanish ? SPANISH_ORDINALS : []),
  ];
  for (const [pattern, index] of ordinals)
    if (pattern.test(lower) && offered[index]) return offered[index].start;
  const byClock = offered.filter((slot) => {
    const clock = /at (\d{1,2}):(\d{2}) (AM|PM)/.exec(slot.spoken);
    if (!clock) return false;
    const hour = clock[1]!;
    const minute = clock[2]!;
    const forms =
      minute === '00'
        ? [
            `${hour}:00`,
            `${hour} ${clock[3]!.toLowerCase()}`,
            `${hour}${clock[3]!.toLowerCase()}`,
            `at ${hour}`,
            `${hour} o'clock`,
            ...(spanish ? [`las ${hour}`, `la ${hour}`] : []),
          ]
        : [`${hour}:${minute}`, ...(spanish && minute === '30' ? [`${hour} y media`] : [])];
    return forms.some((form) => lower.includes(form)) || new RegExp(`^\\s*${hour}\\s*$`).test(lower);
  });
  if (byClock.length === 1) return byClock[0]!.start;
  const byDay = offered.filter((slot) => {
    const weekday = slot.spoken.split(',')[0]!;
    const spanishDay = SPANISH_WEEKDAYS[WEEKDAY_NAMES.findIndex((name) => weekday.startsWith(name))];
    return lower.includes(weekday.toLowerCase()) || (spanish && !!spanishDay && lower.includes(spanishDay));
  });
  if (byDay.length === 1) return byDay[0]!.start;
  if (
    offered.length === 1 &&
    (/^\s*(yes|yeah|yep|sure|ok(ay)?|please|sounds good|that works|perfect|great|book it)\b/i.test(lower) ||
      (spanish && intentOf(lower, 'es') === 'yes'))
  ) {
    return offered[0]!.start;
  }
  return undefined;
}
