import { describe, expect, it } from 'vitest';
import type { Plan } from './schemas/subscription';
import {
  catalogueAsPlans,
  currentPlanFor,
  formatAmount,
  formatPlanPrice,
  cardsForInterval,
  defaultBillingInterval,
  isMostPopular,
  yearlySavingPercent,
  isWaitListPlan,
  plansForCards,
  subscriptionDisplay,
  upgradeOptions,
} from './plans';

const plan = (overrides: Partial<Plan> & Pick<Plan, 'price_id'>): Plan => ({
  id: `prod_${overrides.price_id}`,
  name: overrides.price_id,
  amount: 9900,
  interval: 'month',
  description: '',
  features: [],
  metadata: {},
  ...overrides,
});

describe('plan cards', () => {
  it('keeps monthly and yearly plans only, sorted by display_order with 999 when absent', () => {
    const plans = [
      plan({ price_id: 'no-order' }),
      plan({ price_id: 'weekly', interval: 'week', display_order: 0 }),
      plan({ price_id: 'third', display_order: 3 }),
      plan({ price_id: 'first', interval: 'year', display_order: 1 }),
      plan({ price_id: 'after-999', display_order: 1000 }),
      plan({ price_id: 'also-no-order' }),
    ];
    expect(plansForCards(plans).map((p) => p.price_id)).toEqual([
      'first',
      'third',
      'no-order',
      'also-no-order',
      'after-999',
    ]);
  });

  it("marks the second card 'Most Popular' and no other", () => {
    expect([0, 1, 2, 3].map(isMostPopular)).toEqual([false, true, false, false]);
  });

  it('orders the catalogue as the monthly plans then the yearly ones, Pro monthly second', () => {
    const cards = plansForCards(catalogueAsPlans());
    expect(cards.map((p) => `${p.name}/${p.interval}`)).toEqual([
      'Essential/month',
      'Pro/month',
      'Enterprise/month',
      'Essential/year',
      'Pro/year',
      'Enterprise/year',
    ]);
    expect(cards.map((p) => p.amount)).toEqual([9900, 19900, 39900, 99000, 199000, 399000]);
    expect(cards.filter(isWaitListPlan).map((p) => p.name)).toEqual(['Enterprise', 'Enterprise']);
  });
});

describe('prices', () => {
  it('divides cents by 100 without decimals', () => {
    expect(formatAmount(9900)).toBe('$99');
    expect(formatAmount(19950)).toBe('$200');
    expect(formatAmount(199000)).toBe('$1,990');
  });

  it('shows monthly plans per month and yearly plans per year plus amount / 12 per month', () => {
    expect(formatPlanPrice({ amount: 19900, interval: 'month' })).toEqual({
      price: '$199',
      period: '/month',
    });
    expect(formatPlanPrice({ amount: 99000, interval: 'year' })).toEqual({
      price: '$990',
      period: '/year',
      perMonth: '$83/month',
    });
    expect(formatPlanPrice({ amount: 120000, interval: 'year' }).perMonth).toBe('$100/month');
  });
});

describe('subscription display', () => {
  it("shows 'Active', 'Free Trial' with the trial note, else 'Inactive'", () => {
    expect(subscriptionDisplay('active')).toEqual({ label: 'Active' });
    expect(subscriptionDisplay('trialing', { interval: 'month' })).toEqual({
      label: 'Free Trial',
      note: '(14-day trial)',
    });
    expect(subscriptionDisplay('trialing')).toEqual({ label: 'Free Trial', note: '(14-day trial)' });
    expect(subscriptionDisplay('trialing', { interval: 'year' })).toEqual({
      label: 'Free Trial',
      note: '(14-day trial for annual plan)',
    });
    for (const status of ['none', 'past_due', 'canceled', 'unpaid', 'incomplete']) {
      expect(subscriptionDisplay(status)).toEqual({ label: 'Inactive' });
    }
  });
});

describe('current plan', () => {
  const essential = plan({ price_id: 'p_ess', name: 'Essential', metadata: { ValueOrder: '1' } });
  const pro = plan({ price_id: 'p_pro', name: 'Pro', metadata: { ValueOrder: '2' } });
  const proYear = plan({ price_id: 'p_pro_y', name: 'Pro', interval: 'year', metadata: { ValueOrder: '2' } });
  const plans = [essential, pro, proYear];

  it('matches by price_id first', () => {
    expect(currentPlanFor(plans, { status: 'active', price_id: 'p_pro_y', plan_id: 'Essential' })).toBe(
      proYear,
    );
  });

  it('then by plan_id against the name or the price_id', () => {
    expect(currentPlanFor(plans, { status: 'canceled', price_id: 'gone', plan_id: 'Pro' })).toBe(pro);
    expect(currentPlanFor(plans, { status: 'canceled', price_id: null, plan_id: 'p_pro_y' })).toBe(proYear);
  });

  it('falls back to ValueOrder 1 only when active or trialing', () => {
    expect(currentPlanFor(plans, { status: 'trialing', price_id: 'unknown' })).toBe(essential);
    expect(currentPlanFor(plans, { status: 'active' })).toBe(essential);
    expect(currentPlanFor(plans, { status: 'past_due', price_id: 'unknown' })).toBeUndefined();
  });
});

describe('upgrade options', () => {
  const essential = plan({ price_id: 'ess', metadata: { ValueOrder: '1' } });
  const essentialYear = plan({ price_id: 'ess_y', interval: 'year', metadata: { ValueOrder: '1' } });
  const pro = plan({ price_id: 'pro', metadata: { ValueOrder: '2' } });
  const proWeekly = plan({ price_id: 'pro_w', interval: 'week', metadata: { ValueOrder: '2' } });
  const enterpriseYear = plan({ price_id: 'ent_y', interval: 'year', metadata: { ValueOrder: '3' } });
  const plans = [essential, essentialYear, pro, proWeekly, enterpriseYear];

  it('lists monthly and yearly plans with a higher ValueOrder', () => {
    expect(upgradeOptions(plans, essential).map((p) => p.price_id)).toEqual(['pro', 'ent_y']);
    expect(upgradeOptions(plans, pro).map((p) => p.price_id)).toEqual(['ent_y']);
    expect(upgradeOptions(plans, enterpriseYear)).toEqual([]);
  });

  it('lists every monthly and yearly plan when the current one is unknown', () => {
    expect(upgradeOptions(plans, undefined).map((p) => p.price_id)).toEqual(['ess', 'ess_y', 'pro', 'ent_y']);
  });
});

describe('billing interval switch', () => {
  it('shows one interval at a time, monthly first, and names the yearly saving', () => {
    const cards = plansForCards(catalogueAsPlans());
    expect(defaultBillingInterval(cards)).toBe('month');
    expect(cardsForInterval(cards, 'month').map((p) => p.price_id)).toEqual([
      'price_essential_monthly',
      'price_pro_monthly',
      'price_enterprise_monthly',
    ]);
    expect(cardsForInterval(cards, 'year').map((p) => p.price_id)).toEqual([
      'price_essential_yearly',
      'price_pro_yearly',
      'price_enterprise_yearly',
    ]);
    // Ten months' price for twelve: 1 - 10/12.
    expect(yearlySavingPercent(cards)).toBe(17);
  });

  it('opens on yearly when only yearly plans exist, and names no saving without monthly prices', () => {
    const yearlyOnly = plansForCards(catalogueAsPlans()).filter((p) => p.interval === 'year');
    expect(defaultBillingInterval(yearlyOnly)).toBe('year');
    expect(yearlySavingPercent(yearlyOnly)).toBeUndefined();
  });
});
