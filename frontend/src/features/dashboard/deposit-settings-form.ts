import { depositSettingsSchema, type DepositSettings } from '@shared/schemas/get-paid';

/** The Get paid card's form as typed: dollars and whole numbers as text, converted on save. */
export type DepositDraft = {
  mode: 'fixed' | 'percent';
  amount: string;
  percent: string;
  price: string;
  refundHours: string;
};

export type DepositFieldErrors = Partial<Record<'amount' | 'percent' | 'price' | 'refundHours', string>>;

const dollars = (cents: number) => (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);

/** The stored settings as the form shows them (the other mode's fields keep sensible starting values). */
export function draftOf(settings: DepositSettings): DepositDraft {
  return {
    mode: settings.mode,
    amount: dollars(settings.mode === 'fixed' ? settings.amount_cents : 2500),
    percent: String(settings.mode === 'percent' ? settings.percent : 20),
    price: settings.mode === 'percent' ? dollars(settings.price_cents) : '',
    refundHours: String(settings.refund_window_hours),
  };
}

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
