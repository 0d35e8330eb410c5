import { capabilitiesOfModules, MODULE_CAPABILITIES } from './objective-templates';

/**
 * Honest capability coverage (issue 12 §4, docs/decisions/141-honest-capability-coverage.md and 150): a module is on
 * because something the owner set up makes it work, or because an operator granted it (ops CLI
 * `grant-modules`). Pure rules, used by the API (which modules are on) and the UI (what the owner can do
 * about a missing capability, and when only support can help).
 */

/** What the business has actually set up, as the server sees it. */
export type SetupSources = {
  /** The Business Calendar exists (step 7) or a personal calendar is connected and not expired. */
  calendar: boolean;
  /** The assistant has its own phone number (it answers calls and texts on it). */
  phoneNumber: boolean;
  /** The owner's own Stripe account can be paid (Get paid, issue 12 §3): deposits go there. */
  payouts: boolean;
  /** A manager number to transfer and text to (step 5). */
  managerNumber: boolean;
  /** The business description states prices: the only prices the assistant may quote (step 2). */
  prices: boolean;
};

/**
 * Modules the owner turns on by setting something up, and where in the app they do it. The order is the
 * order a missing capability is looked up in: availability check is offered through a calendar first.
 */
export const OWNER_SETUP_MODULES = {
  sms: { source: 'phoneNumber', action: 'Choose a phone number in Setup, step 4', href: '/setup?step=4' },
  scheduling: { source: 'calendar', action: 'Set up a calendar in Setup, step 7', href: '/setup?step=7' },
  booking: {
    source: 'payouts',
    action: 'Connect Stripe under Get paid on the dashboard',
    href: '/dashboard?tab=overview',
  },
  escalation: {
    source: 'managerNumber',
    action: 'Add a manager number in Setup, step 5',
    href: '/setup?step=5',
  },
  pricing: {
    source: 'prices',
    action: 'Add your prices to the business description in Setup, step 2',
    href: '/setup?step=2',
  },
} as const satisfies Record<string, { source: keyof SetupSources; action: string; href: string }>;
type OwnerModule = keyof typeof OWNER_SETUP_MODULES;
const OWNER_MODULES = Object.keys(OWNER_SETUP_MODULES) as OwnerModule[];

/** The modules that what is set up turns on. */
export const connectedModules = (sources: SetupSources): string[] =>
  OWNER_MODULES.filter((module) => sources[OWNER_SETUP_MODULES[module].source]);

/** The modules in effect: connected ones plus operator grants, once each, in the module map's order. */
export function effectiveModules(sources: SetupSources, granted: readonly string[] = []): string[] {
  const on = new Set([...connectedModules(sources), ...granted]);
  return Object.keys(MODULE_CAPABILITIES).filter((module) => on.has(module));
}

export type CoverageGaps = {
  /** Missing capabilities the owner can turn on themselves, grouped by the setup that gives them. */
  ownerCanSetUp: Array<{ module: OwnerModule; action: string; href: string; capabilities: string[] }>;
  /** Missing capabilities no owner setup gives: only support can enable them. */
  needsSupport: string[];
};

/** What an objective still lacks with `modules` on, and who can fix each gap. */
export function coverageGaps(required: readonly string[], modules: readonly string[]): CoverageGaps {
  const on = capabilitiesOfModules(modules);
  const missing = [...new Set(required)].filter((capability) => !on.has(capability));
  const ownerCanSetUp: CoverageGaps['ownerCanSetUp'] = [];
  const needsSupport: string[] = [];
  for (const capability of missing) {
    const module = OWNER_MODULES.find((m) =>
      (MODULE_CAPABILITIES[m] as readonly string[]).includes(capability),
    );
    if (!module) {
      needsSupport.push(capability);
      continue;
    }
    const group = ownerCanSetUp.find((g) => g.module === module);
    if (group) group.capabilities.push(capability);
    else {
      const { action, href } = OWNER_SETUP_MODULES[module];
      ownerCanSetUp.push({ module, action, href, capabilities: [capability] });
    }
  }
  return { ownerCanSetUp, needsSupport };
}

/** The sentences of a business description, trimmed. */
const descriptionSentences = (text: string | undefined) =>
  (text ?? '')
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A sentence that states a price: an amount in dollars, or the words price or cost(s). */
const STATES_A_PRICE = /\$\s?\d|\bprice|\bcosts?\b/i;

/** The description's sentences that state a price: the only prices the assistant may quote. */
export const priceSentences = (description: string | undefined) =>
  descriptionSentences(description).filter((sentence) => STATES_A_PRICE.test(sentence));

/**
 * Whether the description states a price (`priceSentences(description).length > 0`) without splitting it
 * into sentences: every config answer asks (the pricing module, issue 41 §3). The same answer, as no match
 * of STATES_A_PRICE can span a sentence break (a break is whitespace after `.`, `!` or `?`).
 */
export const statesAPrice = (description: string | undefined) => STATES_A_PRICE.test(description ?? '');
