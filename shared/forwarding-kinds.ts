/**
 * The choices of the forwarding guide (docs/decisions/172-forwarding.md), apart from their zod schemas
 * (shared/schemas/forwarding.ts) so the guide's screens load no schema.
 */

/** The phone services the guide knows, in the order the owner picks from. */
export const FORWARDING_CARRIERS = [
  'att',
  'verizon',
  't_mobile',
  'us_cellular',
  'comcast_business',
  'ringcentral',
  'desk_phone',
  'other',
] as const;
export type ForwardingCarrier = (typeof FORWARDING_CARRIERS)[number];

/** always: every call goes to the assistant; conditional: only when busy, not answered or unreachable. */
export const FORWARDING_KINDS = ['always', 'conditional'] as const;
export type ForwardingKind = (typeof FORWARDING_KINDS)[number];

/** Verified once a forwarded call has reached the assistant number. */
export const FORWARDING_STATES = ['verified', 'not_verified'] as const;
