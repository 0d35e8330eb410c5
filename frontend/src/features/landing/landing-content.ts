/**
 * Copy and figures for the public landing page (spec §1 and §2). Kept as typed data so the page
 * components stay presentational and the numbers live in one place.
 */
import { BRAND } from '@shared/brand';

export type IconName =
  'phone' | 'calendar' | 'card' | 'send' | 'lock' | 'stripe' | 'cloud' | 'shield' | 'badge' | 'health';

/** The two pitch lines, quoted word for word from the spec. */
export const PITCH_LINES = {
  primary: 'Stop Losing Business on the Phone.',
  secondary: 'From Hello to Paid.',
} as const;

export const HERO_COPY = {
  lead: `${BRAND.name} answers every call and text around the clock, checks your availability, books the appointment and collects the deposit while the caller is still on the line.`,
  offer: 'Available from $99/month with a 14-day free trial.',
  cardRequired: 'A credit card is required to start your free trial.',
  region: 'Available in the United States and Canada only.',
  waitlist: 'Outside North America? Join the international waitlist.',
  beta: `${BRAND.name} is in private beta. New accounts join the beta waitlist and are invited in waves.`,
} as const;

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
}

export const FEATURES: readonly Feature[] = [
  {
    icon: 'phone',
    title: 'Answer calls and SMS',
    description:
      'Every call and text is answered 24/7 in a natural voice, so no customer hits voicemail or waits for a call back.',
  },
  {
    icon: 'calendar',
    title: 'Book appointments',
    description:
      'Checks your live availability, offers open slots and books the appointment straight into your calendar.',
  },
  {
    icon: 'card',
    title: 'Collect payments',
    description:
      'Texts a secure payment link during the call and verifies the deposit or payment before the caller hangs up.',
  },
  {
    icon: 'send',
    title: 'Send confirmations',
    description:
      'Sends the booking details by e-mail and SMS right away, so customers show up and you have a paper trail.',
  },
];

export interface CalendarKind {
  id: 'google_calendar' | 'calendly';
  name: string;
  description: string;
}

/** The two calendar kinds advertised on the landing page. */
export const CALENDARS: readonly CalendarKind[] = [
  {
    id: 'google_calendar',
    name: 'Google Calendar',
    description: 'Reads free/busy times and writes confirmed bookings as events.',
  },
  {
    id: 'calendly',
    name: 'Calendly',
    description: 'Uses your existing event types and availability rules.',
  },
];

export interface CostBar {
  name: string;
  detail: string;
  /** Estimated monthly cost in US dollars. */
  monthlyCost: number;
  highlight?: boolean;
}

/** Estimated monthly cost figures as given in the spec: the product 100, scheduling 16, voice agents 95 and 99. */
export const COST_CHART: readonly CostBar[] = [
  { name: BRAND.name, detail: 'Voice, SMS, booking and payments', monthlyCost: 100, highlight: true },
  { name: 'Scheduling app', detail: 'Online booking only', monthlyCost: 16 },
  { name: 'Voice agent A', detail: 'Voice answering only', monthlyCost: 95 },
  { name: 'Voice agent B', detail: 'Voice answering only', monthlyCost: 99 },
];

export type Mark = 'full' | 'partial' | 'none';

export const MARK_LABELS: Record<Mark, string> = {
  full: 'Full',
  partial: 'Partial',
  none: 'Not available',
};

/** Column order of the comparison table; the first one is the product. */
export const COMPARISON_SERVICES = [BRAND.name, 'Scheduling app', 'Voice agent A', 'Voice agent B'] as const;

export interface ComparisonRow {
  feature: string;
  /** One mark per entry of COMPARISON_SERVICES, in the same order. */
  marks: readonly [Mark, Mark, Mark, Mark];
}

/** The six compared features, word for word from the spec. The product is full on every one. */
export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  { feature: 'Live payment verification during a call', marks: ['full', 'none', 'none', 'partial'] },
  { feature: 'Simultaneous voice and SMS workflow', marks: ['full', 'partial', 'partial', 'none'] },
  { feature: 'Deposit-driven booking commitment', marks: ['full', 'partial', 'none', 'none'] },
  { feature: '24/7 AI availability', marks: ['full', 'none', 'full', 'full'] },
  { feature: 'No human follow-up required', marks: ['full', 'partial', 'partial', 'partial'] },
  { feature: 'Built for small businesses', marks: ['full', 'full', 'partial', 'none'] },
];

export const COMPARISON_CTA = 'Start Converting More Calls Today';

export interface TrustBadge {
  icon: IconName;
  label: string;
  detail: string;
  /** Certifications not yet obtained are shown greyed out as in progress. */
  inProgress?: boolean;
}

export const TRUST_BADGES: readonly TrustBadge[] = [
  { icon: 'lock', label: 'SSL secured', detail: 'All traffic encrypted with TLS' },
  { icon: 'stripe', label: 'Powered by Stripe', detail: 'Card payments by our payment provider' },
  { icon: 'cloud', label: 'Hosted on AWS', detail: 'Cloud infrastructure in North America' },
  {
    icon: 'shield',
    label: 'PCI compliant',
    detail: 'Through Stripe. No card data stored by us',
  },
  { icon: 'badge', label: 'SOC 2 Type II', detail: 'In progress', inProgress: true },
  { icon: 'health', label: 'HIPAA', detail: 'In progress', inProgress: true },
];

export const PRICING = {
  price: 99,
  period: 'month',
  trial: '14-day free trial',
  inclusions: [
    '24/7 answering of calls and SMS',
    'A dedicated local phone number',
    'Appointment booking with Google Calendar or Calendly',
    'Deposits and payments collected during the call',
    'E-mail and SMS confirmations',
    'Dashboard with analytics and referrals',
  ],
} as const;

export interface FaqItem {
  question: string;
  answer: string;
}

export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'Do I need a credit card for the trial?',
    answer:
      'Yes. A credit card is required to start your 14-day free trial. Cancel before the trial ends and you are not charged.',
  },
  {
    question: 'Can I cancel any time?',
    answer: 'Yes. Cancel from your dashboard; your plan stays active until the end of the billing period.',
  },
];

export const FINAL_CTA = 'Start Free Trial';
