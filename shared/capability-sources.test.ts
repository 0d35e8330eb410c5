import { describe, expect, it } from 'vitest';
import {
  connectedModules,
  coverageGaps,
  effectiveModules,
  priceSentences,
  statesAPrice,
  type SetupSources,
} from './capability-sources';
import { coveragePercent } from './objective-templates';

const nothing: SetupSources = {
  calendar: false,
  phoneNumber: false,
  payouts: false,
  managerNumber: false,
  prices: false,
};
const set = (on: Partial<SetupSources>): SetupSources => ({ ...nothing, ...on });

describe('honest capability coverage', () => {
  it('turns modules on from what is set up', () => {
    expect(connectedModules(nothing)).toEqual([]);
    expect(connectedModules(set({ calendar: true }))).toEqual(['scheduling']);
    expect(connectedModules(set({ phoneNumber: true }))).toEqual(['sms']);
    // A Stripe account that can be paid turns deposits (booking) on.
    expect(connectedModules(set({ payouts: true }))).toEqual(['booking']);
    expect(connectedModules(set({ managerNumber: true }))).toEqual(['escalation']);
    expect(connectedModules(set({ prices: true }))).toEqual(['pricing']);
    expect(
      connectedModules({
        calendar: true,
        phoneNumber: true,
        payouts: true,
        managerNumber: true,
        prices: true,
      }),
    ).toEqual(['sms', 'scheduling', 'booking', 'escalation', 'pricing']);
  });

  it('adds operator grants once each, in the module map order', () => {
    expect(effectiveModules(set({ calendar: true }), ['escalation', 'scheduling', 'sms'])).toEqual([
      'sms',
      'scheduling',
      'escalation',
    ]);
    expect(effectiveModules(nothing)).toEqual([]);
    expect(effectiveModules(set({ calendar: true, phoneNumber: true }))).not.toContain('booking');
  });

  it('a calendar gives availability check and appointment creation; Stripe gives deposits', () => {
    const required = ['availability_check', 'appointment_creation'];
    expect(coveragePercent(required, effectiveModules(set({ phoneNumber: true })))).toBe(0);
    expect(coveragePercent(required, effectiveModules(set({ calendar: true })))).toBe(100);
    const deposit = ['availability_check', 'deposit_collection', 'appointment_creation'];
    expect(coveragePercent(deposit, effectiveModules(set({ calendar: true })))).toBe(67);
    expect(coveragePercent(deposit, effectiveModules(set({ calendar: true, payouts: true })))).toBe(100);
  });

  it('sends every gap to the setup that closes it; support only for what no setup gives', () => {
    const required = [
      'availability_check',
      'appointment_creation',
      'info_collection',
      'pricing_info',
      'deposit_collection',
    ];
    const none = coverageGaps(required, []);
    expect(none.ownerCanSetUp).toEqual([
      {
        module: 'scheduling',
        action: 'Set up a calendar in Setup, step 7',
        href: '/setup?step=7',
        capabilities: ['availability_check', 'appointment_creation'],
      },
      {
        module: 'sms',
        action: 'Choose a phone number in Setup, step 4',
        href: '/setup?step=4',
        capabilities: ['info_collection'],
      },
      {
        module: 'pricing',
        action: 'Add your prices to the business description in Setup, step 2',
        href: '/setup?step=2',
        capabilities: ['pricing_info'],
      },
      {
        module: 'booking',
        action: 'Connect Stripe under Get paid on the dashboard',
        href: '/dashboard?tab=overview',
        capabilities: ['deposit_collection'],
      },
    ]);
    expect(none.needsSupport).toEqual([]);

    const connected = coverageGaps(required, effectiveModules(set({ calendar: true, phoneNumber: true })));
    expect(connected.ownerCanSetUp.map((gap) => gap.module)).toEqual(['pricing', 'booking']);
    // A capability no owner setup gives (one a newer template may name) is support's.
    expect(coverageGaps(['voice_cloning'], []).needsSupport).toEqual(['voice_cloning']);
    // Fully covered through grants.
    expect(coverageGaps(required, ['sms', 'scheduling', 'pricing', 'booking'])).toEqual({
      ownerCanSetUp: [],
      needsSupport: [],
    });
  });

  it('says a description states a price exactly when it has a price sentence', () => {
    const descriptions = [
      undefined,
      '',
      'We cut hair. Walk-ins welcome!',
      'Haircuts are $30. Color from $ 80.',
      'Ask us about pricing? Or our prices? We call back.',
      'A trim costs less. Open daily.',
      'Nothing here costly. Priceless smiles.',
      'We take $. 5 stars on every review!',
      'Cost: ask. Prices vary',
    ];
    for (const description of descriptions) {
      expect(statesAPrice(description)).toBe(priceSentences(description).length > 0);
    }
    expect(descriptions.filter((d) => statesAPrice(d))).toHaveLength(5);
  });
});
