import type { DepositSettings } from '@shared/schemas/get-paid';

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
