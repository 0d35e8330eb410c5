import { depositSettingsSchema, type DepositSettings } from '@shared/schemas/get-paid';
import type { DepositDraft, DepositFieldErrors } from './deposit-settings-form';

// Its own module, loaded when the owner saves (onDemand, lib/chunk-load.ts): the schema it checks with, and
// zod, are not needed to show the Get paid card.

/** "$25", "25.50" → cents; anything else is NaN, which the schema reports as not a number. */
const centsOf = (text: string) => {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Math.round(Number(cleaned) * 100) : Number.NaN;
};
const wholeOf = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** Checks the draft with the API's own schema, so the form and the server refuse the same things. */
export function validateDepositDraft(
  draft: DepositDraft,
): { ok: true; value: DepositSettings } | { ok: false; errors: DepositFieldErrors } {
  const refund_window_hours = wholeOf(draft.refundHours);
  const candidate =
    draft.mode === 'fixed'
      ? { mode: 'fixed' as const, amount_cents: centsOf(draft.amount), refund_window_hours }
      : {
          mode: 'percent' as const,
          percent: wholeOf(draft.percent),
          price_cents: centsOf(draft.price),
          refund_window_hours,
        };
  const parsed = depositSettingsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: DepositFieldErrors = {};
  const field: Record<string, keyof DepositFieldErrors> = {
    amount_cents: 'amount',
    percent: 'percent',
    price_cents: 'price',
    refund_window_hours: 'refundHours',
  };
  for (const issue of parsed.error.issues) {
    const name = field[String(issue.path[0])];
    if (name && !errors[name]) {
      errors[name] = name === 'refundHours' ? 'Enter whole hours between 0 and 720' : issue.message;
    }
  }
  return { ok: false, errors };
}
