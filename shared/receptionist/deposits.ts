import { groupedDigits } from '../intl-format';

/**
 * Deposits the assistant asks for when the owner's objectives include deposit collection (issue 9): the
 * owner's own amount (config `deposit_amount_cents`) or this default, never more than the cap.
 */
export const DEFAULT_DEPOSIT_CENTS = 2500;
export const MAX_DEPOSIT_CENTS = 50_000;
export const MIN_DEPOSIT_CENTS = 100;
/** Deposit links per owner per day: each creates a checkout session at the payment provider. */
export const MAX_DEPOSIT_LINKS_PER_OWNER_PER_DAY = 100;

/** "$25", "$12.50", "$14,380": no cents on whole dollars, thousands grouped as owners read totals. */
export const formatDollars = (cents: number) => {
  const [whole, fraction] = (Math.abs(cents) / 100).toFixed(cents % 100 === 0 ? 0 : 2).split('.');
  return `${cents < 0 ? '-' : ''}$${groupedDigits(whole!)}${fraction ? `.${fraction}` : ''}`;
};
