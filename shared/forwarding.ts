import { BRAND } from './brand';
import { formatPhone, isSamePhone, parsePhone } from './phone/phone-number';
import type { ForwardingCarrier, ForwardingKind } from './forwarding-kinds';
import type { ForwardingRecord, ForwardingStatus } from './schemas/forwarding';

/**
 * Forwarding the owner's existing business line to the assistant number (docs/decisions/172-forwarding.md):
 * the one table of carriers and phone systems × kinds of forwarding, the steps rendered with the assistant
 * number filled in, the texts of the guide and the status the Overview shows. Pure, shared by both sides.
 */

/** One step of a guide: words, and the exact code to dial when there is one. */
export type ForwardingStep = { text: string; code?: string };

/** How a row writes the number into a dial code. */
type NumberForm =
  /** 10 digits, area code first: what CDMA-era star codes take (*72 2125550123). */
  | 'ten_digits'
  /** 1 + 10 digits: what GSM codes take on US networks (**21*12125550123#). */
  | 'eleven_digits'
  /** As people read it, for steps in words: (212) 555-0123. */
  | 'national';

/** A step template: `{number}` is replaced by the assistant number in the row's form. */
type StepTemplate = { text: string; code?: string };

type CarrierRow = {
  label: string;
  /** The carrier's support page the codes come from (its title), for whoever checks them again. */
  source: string;
  numberForm: NumberForm;
  steps: Record<ForwardingKind, readonly StepTemplate[]>;
  /** How to turn forwarding off again. */
  cancel: readonly StepTemplate[];
};

/** GSM supplementary-service codes (3GPP TS 22.030), used by AT&T and T-Mobile alike. */
const GSM_STEPS: CarrierRow['steps'] = {
  always: [{ text: 'Dial this code and press Call to forward every call:', code: '**21*{number}#' }],
  conditional: [
    { text: 'When you do not answer, dial and press Call:', code: '**61*{number}#' },
    { text: 'When you are on another call, dial and press Call:', code: '**67*{number}#' },
    { text: 'When your phone is off or has no signal, dial and press Call:', code: '**62*{number}#' },
  ],
};
const GSM_CANCEL: CarrierRow['cancel'] = [
  { text: 'To stop all forwarding, dial and press Call:', code: '##004#' },
];
const WAIT_FOR_CONFIRMATION = {
  text: 'Wait for the confirmation tone or message, then hang up.',
} as const satisfies StepTemplate;

export const FORWARDING_TABLE: Record<ForwardingCarrier, CarrierRow> = {
  // Source: AT&T, "Set up call forwarding on your wireless phone" (att.com/support).
  att: {
    label: 'AT&T',
    source: 'AT&T support: "Set up call forwarding on your wireless phone"',
    numberForm: 'eleven_digits',
    steps: {
      always: [...GSM_STEPS.always, WAIT_FOR_CONFIRMATION],
      conditional: [...GSM_STEPS.conditional, WAIT_FOR_CONFIRMATION],
    },
    cancel: GSM_CANCEL,
  },
  // Source: Verizon, "Call Forwarding FAQs" and "No Answer/Busy Transfer FAQs" (verizon.com/support).
  verizon: {
    label: 'Verizon',
    source: 'Verizon support: "Call Forwarding FAQs" and "No Answer/Busy Transfer FAQs"',
    numberForm: 'ten_digits',
    steps: {
      always: [{ text: 'Dial this code and press Call:', code: '*72{number}' }, WAIT_FOR_CONFIRMATION],
      conditional: [
        {
          text: 'Dial this code and press Call (calls you do not answer, or get while busy):',
          code: '*71{number}',
        },
        WAIT_FOR_CONFIRMATION,
      ],
    },
    cancel: [{ text: 'To stop forwarding, dial and press Call:', code: '*73' }],
  },
  // Source: T-Mobile, "Call forwarding" (t-mobile.com/support), GSM codes.
  t_mobile: {
    label: 'T-Mobile',
    source: 'T-Mobile support: "Call forwarding"',
    numberForm: 'eleven_digits',
    steps: {
      always: [...GSM_STEPS.always, WAIT_FOR_CONFIRMATION],
      conditional: [...GSM_STEPS.conditional, WAIT_FOR_CONFIRMATION],
    },
    cancel: GSM_CANCEL,
  },
  // Source: UScellular, "Call Forwarding" (uscellular.com/support); conditional forwarding is set in the
  // phone's own call settings there.
  us_cellular: {
    label: 'US Cellular',
    source: 'UScellular support: "Call Forwarding"',
    numberForm: 'ten_digits',
    steps: {
      always: [{ text: 'Dial this code and press Call:', code: '*72{number}' }, WAIT_FOR_CONFIRMATION],
      conditional: [
        { text: 'Open your phone’s Phone app, then Settings → Calls → Call forwarding.' },
        {
          text: 'Turn on “When busy”, “When unanswered” and “When unreachable”, each with this number:',
          code: '{number}',
        },
      ],
    },
    cancel: [{ text: 'To stop forwarding every call, dial and press Call:', code: '*73' }],
  },
  // Source: Comcast Business, "Using Call Forwarding" (business.comcast.com/support); busy / no-answer
  // forwarding is set in the Business Voice Manager.
  comcast_business: {
    label: 'Comcast Business',
    source: 'Comcast Business support: "Using Call Forwarding"',
    numberForm: 'ten_digits',
    steps: {
      always: [
        { text: 'From your business phone, dial this code:', code: '*72{number}' },
        { text: 'Wait for the call to the assistant to connect (that confirms it), then hang up.' },
      ],
      conditional: [
        { text: 'Sign in to Comcast Business Voice Manager and open Call Forwarding.' },
        {
          text: 'Turn on “Call Forwarding Busy” and “Call Forwarding No Answer”, each to this number:',
          code: '{number}',
        },
        { text: 'Save.' },
      ],
    },
    cancel: [{ text: 'To stop forwarding every call, dial from your business phone:', code: '*73' }],
  },
  // Source: RingCentral, "Call Handling & Forwarding" (support.ringcentral.com).
  ringcentral: {
    label: 'RingCentral',
    source: 'RingCentral support: "Call Handling & Forwarding"',
    numberForm: 'national',
    steps: {
      always: [
        { text: 'In the RingCentral app or admin portal, open Settings → Phone → Call handling.' },
        {
          text: 'Under your business hours rule, choose “Forward all calls” to this number:',
          code: '{number}',
        },
        { text: 'Do the same for after hours if you want the assistant then too, and save.' },
      ],
      conditional: [
        { text: 'In the RingCentral app or admin portal, open Settings → Phone → Call handling.' },
        {
          text: 'Keep “Ring my phones”, and under “If no one answers” add a forwarding number:',
          code: '{number}',
        },
        { text: 'Save.' },
      ],
    },
    cancel: [{ text: 'Remove the number from Call handling and save.' }],
  },
  // Source: common PBX feature codes ("Call Forward All / Busy / No Answer" in the system's user guide).
  desk_phone: {
    label: 'Desk phone / PBX',
    source: 'PBX user guides: "Call Forward All / Busy / No Answer" feature codes',
    numberForm: 'eleven_digits',
    steps: {
      always: [
        {
          text: 'On the desk phone, press Forward (or Call Forward All) and enter this number:',
          code: '{number}',
        },
        {
          text: 'If your phone has no such key, ask whoever manages your phone system to forward the line to it.',
        },
      ],
      conditional: [
        { text: 'In your phone system’s web portal, open the line’s forwarding settings.' },
        { text: 'Set “Forward when busy” and “Forward when not answered” to this number:', code: '{number}' },
        { text: 'If you do not manage the system, send these steps to whoever does.' },
      ],
    },
    cancel: [{ text: 'Press Forward again (or clear the forwarding in the portal).' }],
  },
  // No carrier named: the steps every phone service has in some form.
  other: {
    label: 'Other',
    source: 'General steps (no carrier named)',
    numberForm: 'national',
    steps: {
      always: [
        { text: 'Look for “Call forwarding” in your phone service’s app, portal or support pages.' },
        { text: 'Forward all calls to this number:', code: '{number}' },
      ],
      conditional: [
        { text: 'Look for “Call forwarding” in your phone service’s app, portal or support pages.' },
        { text: 'Forward calls when busy, not answered and unreachable to this number:', code: '{number}' },
      ],
    },
    cancel: [{ text: 'Turn call forwarding off in the same place.' }],
  },
};

export const FORWARDING_KIND_LABELS: Record<ForwardingKind, string> = {
  always: 'Always: the assistant answers every call',
  conditional: 'When busy, not answered or unreachable',
};

/** The assistant number in a row's form, or undefined when it is not a North American number. */
function numberIn(form: NumberForm, assistantNumber: string): string | undefined {
  const parts = parsePhone(assistantNumber);
  if (!parts?.possible || parts.callingCode !== '1') return undefined;
  if (form === 'ten_digits') return parts.national;
  if (form === 'eleven_digits') return `1${parts.national}`;
  return formatPhone(parts.e164, 'national');
}

const fill = (template: StepTemplate, number: string): ForwardingStep => ({
  text: template.text,
  ...(template.code !== undefined ? { code: template.code.replace('{number}', number) } : {}),
});

export type ForwardingGuide = {
  carrier: string;
  kind: string;
  source: string;
  steps: ForwardingStep[];
  cancel: ForwardingStep[];
};

/**
 * The steps for one carrier and kind with the assistant number filled in; undefined when the number is not a
 * North American one (the product buys only those, so that is a broken config, not a choice).
 */
export function forwardingGuide(
  carrier: ForwardingCarrier,
  kind: ForwardingKind,
  assistantNumber: string,
): ForwardingGuide | undefined {
  const row = FORWARDING_TABLE[carrier];
  const number = numberIn(row.numberForm, assistantNumber);
  if (number === undefined) return undefined;
  return {
    carrier: row.label,
    kind: FORWARDING_KIND_LABELS[kind],
    source: row.source,
    steps: row.steps[kind].map((step) => fill(step, number)),
    cancel: row.cancel.map((step) => fill(step, number)),
  };
}

/** The codes of a guide, one per line: what Copy puts on the clipboard. */
export const guideCodes = (guide: ForwardingGuide): string =>
  guide.steps
    .map((step) => step.code)
    .filter((code): code is string => code !== undefined)
    .join('\n');

/** How often the open guide asks whether a forwarded call has verified forwarding yet. */
export const FORWARDING_VERIFY_REFRESH_MS = 5_000;

/** What the owner reads in the guide and on the Overview. */
export const FORWARDING_TEXTS = {
  guideTitle: 'Forward your existing number',
  guideIntro:
    'Keep the number on your sign, your cards and your Google listing: forward it to your assistant, and the calls your customers already make reach it.',
  carrierLabel: 'Your phone service',
  kindLabel: 'When should calls go to your assistant?',
  copy: 'Copy',
  copied: 'Copied!',
  cancelTitle: 'To turn it off',
  noAssistantNumber: 'Choose your assistant’s number first (step 4): the steps need it.',
  verifyTitle: 'Verify',
  verifyText: (businessPhone: string | undefined) =>
    businessPhone
      ? `Once forwarding is on, call your business number ${formatPhone(businessPhone, 'national')} from another phone. When your assistant answers, forwarding is verified here.`
      : 'Once forwarding is on, call your business number from another phone. When your assistant answers, forwarding is verified here.',
  verifyConditional:
    'With forwarding only when busy or not answered, let it ring out (or decline the call) so it forwards.',
  openGuide: 'Forward your existing number',
  saveFailed: 'Could not save your choice. Please try again.',
  statusLabel: 'Forwarding',
  verified: 'verified',
  notVerified: 'not verified',
  lastSeen: 'last seen',
  from: 'Last forwarded from',
} as const;

/** "Forwarding: verified · last seen 3:04 PM" / "Forwarding: not verified", given a time formatter. */
export function forwardingStatusLine(status: ForwardingStatus, formatTime: (iso: string) => string): string {
  const state = status.state === 'verified' ? FORWARDING_TEXTS.verified : FORWARDING_TEXTS.notVerified;
  const seen = status.last_seen_at
    ? ` · ${FORWARDING_TEXTS.lastSeen} ${formatTime(status.last_seen_at)}`
    : '';
  return `${FORWARDING_TEXTS.statusLabel}: ${state}${seen}`;
}

/**
 * The forwarding status of a config: verified once a forwarded call reached the assistant number. A call
 * forwarded from another line than today's business number still proves forwarding works, so it counts;
 * `forwarded_from` says which line it was.
 */
export function forwardingStatus(config: {
  phone_number?: string | undefined;
  assistant_phone?: string | undefined;
  forwarding?: ForwardingRecord | undefined;
}): ForwardingStatus {
  const record = config.forwarding ?? {};
  return {
    state: record.verifiedAt ? 'verified' : 'not_verified',
    carrier: record.carrier ?? null,
    kind: record.kind ?? null,
    verified_at: record.verifiedAt ?? null,
    last_seen_at: record.lastSeenAt ?? null,
    forwarded_from: record.forwardedFrom ?? null,
    business_phone: parsePhone(config.phone_number)?.e164 ?? null,
    assistant_phone: parsePhone(config.assistant_phone)?.e164 ?? null,
  };
}

/** How a forwarded call reached the assistant, as the voice webhook reads Twilio's parameters. */
export type ForwardedCall = { forwardedFrom: string; fromBusinessLine: boolean };

/**
 * Whether an incoming call was forwarded to the assistant (Twilio sets ForwardedFrom when the carrier passes
 * the forwarding line on), and whether it came through the owner's business line. Calls to the assistant
 * number without ForwardedFrom are direct calls.
 */
export function forwardedCallOf(
  params: { ForwardedFrom?: string | undefined; To: string; Called?: string | undefined },
  config: { phone_number?: string | undefined; assistant_phone?: string | undefined },
): ForwardedCall | undefined {
  const from = parsePhone(params.ForwardedFrom);
  if (!from?.possible) return undefined;
  // The line forwarded to itself is no forward at all (a misconfigured test, or a spoofed header).
  if (isSamePhone(from.e164, params.Called ?? params.To)) return undefined;
  return { forwardedFrom: from.e164, fromBusinessLine: isSamePhone(from.e164, config.phone_number) };
}

/** Refusals of a business number (item "bad input"): each a code and what the owner is told. */
export const BUSINESS_NUMBER_REFUSALS = {
  own_assistant_number: {
    error: 'forwarding_loop',
    message:
      'That is your assistant’s own number. Enter the number your customers call today: forwarding the assistant’s number to itself would make calls loop.',
  },
  another_assistant_number: {
    error: 'forwarding_loop',
    message: `That number is a ${BRAND.name} assistant number, not a business line. Enter the number your customers call today: forwarding between assistant numbers would make calls loop.`,
  },
  /** Step 4: the number picked for the assistant is the business's own line (step 1). */
  business_line_as_assistant: {
    error: 'forwarding_loop',
    message:
      'That is your business’s own number (step 1). Pick a new number for your assistant: your business line forwards to it, so the same number would make calls loop.',
  },
} as const;
export type BusinessNumberRefusal = keyof typeof BUSINESS_NUMBER_REFUSALS;
