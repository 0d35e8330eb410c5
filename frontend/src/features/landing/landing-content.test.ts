import { describe, expect, it } from 'vitest';
import { BRAND } from '@shared/brand';
import {
  COMPARISON_CTA,
  COMPARISON_ROWS,
  COMPARISON_SERVICES,
  COST_CHART,
  FEATURES,
  FINAL_CTA,
  HERO_COPY,
  PITCH_LINES,
  TRUST_BADGES,
} from './landing-content';

describe('landing content (spec §1, §2)', () => {
  it('quotes the pitch lines and calls to action word for word', () => {
    expect(PITCH_LINES.primary).toBe('Stop Losing Business on the Phone.');
    expect(PITCH_LINES.secondary).toBe('From Hello to Paid.');
    expect(COMPARISON_CTA).toBe('Start Converting More Calls Today');
    expect(FINAL_CTA).toBe('Start Free Trial');
    expect(HERO_COPY.offer).toContain('$99/month with a 14-day free trial');
  });

  it('lists the four feature cards', () => {
    expect(FEATURES.map((f) => f.title)).toEqual([
      'Answer calls and SMS',
      'Book appointments',
      'Collect payments',
      'Send confirmations',
    ]);
  });

  it('charts the estimated monthly costs 100, 16, 95 and 99', () => {
    expect(COST_CHART.map((bar) => [bar.name, bar.monthlyCost])).toEqual([
      [BRAND.name, 100],
      ['Scheduling app', 16],
      ['Voice agent A', 95],
      ['Voice agent B', 99],
    ]);
  });

  it('compares the product with three services on the six features, full on all for the product', () => {
    expect(COMPARISON_SERVICES).toHaveLength(4);
    expect(COMPARISON_SERVICES[0]).toBe(BRAND.name);
    expect(COMPARISON_ROWS.map((row) => row.feature)).toEqual([
      'Live payment verification during a call',
      'Simultaneous voice and SMS workflow',
      'Deposit-driven booking commitment',
      '24/7 AI availability',
      'No human follow-up required',
      'Built for small businesses',
    ]);
    for (const row of COMPARISON_ROWS) {
      expect(row.marks).toHaveLength(4);
      expect(row.marks[0]).toBe('full');
    }
  });

  it('greys out SOC 2 Type II and HIPAA as in progress, and only those', () => {
    expect(TRUST_BADGES.filter((b) => b.inProgress).map((b) => b.label)).toEqual(['SOC 2 Type II', 'HIPAA']);
    expect(TRUST_BADGES).toHaveLength(6);
  });
});
