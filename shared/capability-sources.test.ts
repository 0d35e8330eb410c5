import { describe, expect, it } from 'vitest';
import { connectedModules, coverageGaps, effectiveModules } from './capability-sources';
import { coveragePercent } from './objective-templates';

describe('honest capability coverage', () => {
  it('turns modules on from what is set up: calendar → scheduling, phone number → sms', () => {
    expect(connectedModules({ calendar: false, phoneNumber: false })).toEqual([]);
    expect(connectedModules({ calendar: true, phoneNumber: false })).toEqual(['scheduling']);
    expect(connectedModules({ calendar: false, phoneNumber: true })).toEqual(['sms']);
    expect(connectedModules({ calendar: true, phoneNumber: true })).toEqual(['sms', 'scheduling']);
  });

  it('adds operator grants once each, in the module map order', () => {
    expect(
      effectiveModules({ calendar: true, phoneNumber: false }, ['escalation', 'scheduling', 'sms']),
    ).toEqual(['sms', 'scheduling', 'escalation']);
    expect(effectiveModules({ calendar: false, phoneNumber: false })).toEqual([]);
    // Deposits stay a grant (booking) until Stripe Connect onboarding exists.
    expect(effectiveModules({ calendar: true, phoneNumber: true })).not.toContain('booking');
  });

  it('a calendar gives availability check and appointment creation', () => {
    const required = ['availability_check', 'appointment_creation'];
    expect(coveragePercent(required, effectiveModules({ calendar: false, phoneNumber: true }))).toBe(0);
    expect(coveragePercent(required, effectiveModules({ calendar: true, phoneNumber: false }))).toBe(100);
  });

  it('sends owner-fixable gaps to setup and only the rest to support', () => {
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
        setupStep: 7,
        capabilities: ['availability_check', 'appointment_creation'],
      },
      {
        module: 'sms',
        action: 'Choose a phone number in Setup, step 4',
        setupStep: 4,
        capabilities: ['info_collection'],
      },
    ]);
    expect(none.needsSupport).toEqual(['pricing_info', 'deposit_collection']);

    const connected = coverageGaps(required, effectiveModules({ calendar: true, phoneNumber: true }));
    expect(connected.ownerCanSetUp).toEqual([]);
    expect(connected.needsSupport).toEqual(['pricing_info', 'deposit_collection']);

    // Nothing missing that only support gives: no support text.
    expect(coverageGaps(['availability_check', 'contact_validation'], []).needsSupport).toEqual([]);
    // Fully covered through grants.
    expect(coverageGaps(required, ['sms', 'scheduling', 'pricing', 'booking'])).toEqual({
      ownerCanSetUp: [],
      needsSupport: [],
    });
  });
});
