import { describe, expect, it } from 'vitest';
import { businessRegistrationDetailsSchema } from '@shared/schemas/messaging-registration';
import type { StoredRegistration } from './records/messaging-registrations';
import { registrationEventOf, A2P_EVENT_TYPES } from './a2p-events';
import { campaignContent, CAMPAIGN_OPT_IN_KEYWORDS } from './campaign-content';
import {
  SUBMISSION_LEASE_MS,
  applyEvent,
  claimedSubmission,
  numberAwaitsService,
  registrationView,
  sendsFromServiceNumber,
  submitRefusal,
  withServiceNumber,
} from './registration-rules';
import { needsA2pCampaign } from './texting-gate';
import { SAMPLE_REGISTRATION_DETAILS } from '../../../../tests/support/registration-details';

const now = new Date('2026-11-27T12:00:00.000Z');
const BRAND = `BN${'a'.repeat(32)}`;
const details = businessRegistrationDetailsSchema.parse(SAMPLE_REGISTRATION_DETAILS);
const stored = (changes: Partial<StoredRegistration>): StoredRegistration => ({
  state: 'in_review',
  details,
  brandType: 'low_volume_standard',
  submittedAt: now.toISOString(),
  updatedAt: now.toISOString(),
  refs: { brandSid: BRAND },
  version: 2,
  ...changes,
});
const failure = { reason: 'Website not reachable', field: 'website', whatToChange: 'Fix it' };

describe('what the owner may do', () => {
  it('submits when nothing is pending, and again after a failure or a crashed claim', () => {
    expect(submitRefusal(undefined, now)).toBeUndefined();
    expect(submitRefusal(stored({ state: 'failed' }), now)).toBeUndefined();
    expect(submitRefusal(stored({}), now)).toBe('registration_in_review');
    expect(submitRefusal(stored({ state: 'otp_required' }), now)).toBe('registration_awaiting_code');
    expect(submitRefusal(stored({ state: 'approved' }), now)).toBe('registration_approved');
    const crashed = stored({
      refs: {},
      updatedAt: new Date(now.getTime() - SUBMISSION_LEASE_MS - 1).toISOString(),
    });
    expect(submitRefusal(crashed, now)).toBeUndefined();
    expect(submitRefusal({ ...crashed, updatedAt: now.toISOString() }, now)).toBe('registration_in_review');
  });

  it('resubmits only what had been in review, keeping the owner’s messaging service', () => {
    expect(claimedSubmission(undefined, details, now).state).toBe('in_review');
    const after = claimedSubmission(
      stored({ state: 'failed', refs: { brandSid: BRAND, messagingServiceSid: 'MG1' } }),
      details,
      now,
    );
    expect(after).toMatchObject({
      state: 'resubmitted',
      resubmission: true,
      refs: { messagingServiceSid: 'MG1' },
    });
    expect(claimedSubmission(stored({ state: 'failed', submittedAt: undefined }), details, now).state).toBe(
      'in_review',
    );
  });
});

describe('status callbacks', () => {
  it('submits the campaign once the brand is registered, then approves and e-mails', () => {
    const registered = applyEvent(
      stored({}),
      { kind: 'brand_registered', brandSid: BRAND, identityVerified: false },
      now,
    );
    expect(registered).toEqual({ submitCampaign: true });
    const withCampaign = stored({ refs: { brandSid: BRAND, campaignSid: 'QE1' } });
    expect(
      applyEvent(withCampaign, { kind: 'brand_registered', brandSid: BRAND, identityVerified: true }, now),
    ).toEqual({ submitCampaign: false });
    const approved = applyEvent(withCampaign, { kind: 'campaign_approved', brandSid: BRAND }, now);
    expect(approved).toMatchObject({ next: { state: 'approved' }, email: 'approved' });
    // Before the campaign exists nothing can be approved; after approval, later events change nothing.
    expect(applyEvent(stored({}), { kind: 'campaign_approved', brandSid: BRAND }, now).next).toBeUndefined();
    expect(
      applyEvent(stored({ state: 'approved' }), { kind: 'campaign_failed', brandSid: BRAND, failure }, now)
        .next,
    ).toBeUndefined();
  });

  it('ignores events about another (older) brand', () => {
    expect(
      applyEvent(stored({}), { kind: 'brand_failed', brandSid: `BN${'b'.repeat(32)}`, failure }, now),
    ).toEqual({ submitCampaign: false });
  });

  it('fails with the reason and e-mails it', () => {
    expect(applyEvent(stored({}), { kind: 'brand_failed', brandSid: BRAND, failure }, now)).toMatchObject({
      next: { state: 'failed', failure },
      email: 'failed',
    });
  });

  it('waits for a sole proprietor’s verification, then returns to review (again after a fix)', () => {
    const sole = stored({ brandType: 'sole_proprietor', resubmission: true, state: 'resubmitted' });
    expect(applyEvent(sole, { kind: 'brand_unverified', brandSid: BRAND }, now).next?.state).toBe(
      'otp_required',
    );
    expect(
      applyEvent(sole, { kind: 'brand_registered', brandSid: BRAND, identityVerified: false }, now).next
        ?.state,
    ).toBe('otp_required');
    const waiting = { ...sole, state: 'otp_required' as const };
    const verified = applyEvent(
      waiting,
      { kind: 'brand_registered', brandSid: BRAND, identityVerified: true },
      now,
    );
    expect(verified).toMatchObject({
      next: { state: 'resubmitted', identityVerified: true },
      submitCampaign: true,
    });
    // A business brand is never asked for the verification text.
    expect(applyEvent(stored({}), { kind: 'brand_unverified', brandSid: BRAND }, now).next).toBeUndefined();
  });

  it('reads Twilio’s events', () => {
    expect(
      registrationEventOf({
        id: 'NO1',
        type: A2P_EVENT_TYPES.brandFailure,
        data: {
          brandsid: BRAND,
          brandregistrationerrors: [
            {
              registrationerrordescription: 'The Brand contact email is invalid.',
              registrationerrorfields: ['brand_contact_email'],
            },
          ],
        },
      }),
    ).toMatchObject({
      kind: 'brand_failed',
      failure: { field: 'contact.email', reason: 'The Brand contact email is invalid.' },
    });
    expect(
      registrationEventOf({ id: 'NO2', type: 'com.twilio.other', data: { brandsid: BRAND } }),
    ).toBeUndefined();
    expect(
      registrationEventOf({ id: 'NO3', type: A2P_EVENT_TYPES.campaignApproved, data: {} }),
    ).toBeUndefined();
  });
});

describe('the view, the gate’s numbers and the campaign', () => {
  it('shows no provider ids and the failure only while failed', () => {
    expect(registrationView(undefined, now)).toEqual({
      state: 'not_started',
      updatedAt: now.toISOString(),
      textingAllowed: false,
    });
    const view = registrationView(stored({ state: 'approved', failure }), now);
    expect(view).toMatchObject({ state: 'approved', textingAllowed: true });
    expect(view).not.toHaveProperty('failure');
    expect(JSON.stringify(view)).not.toContain(BRAND);
  });

  it('needs a campaign for US numbers and its territories, not for Canada', () => {
    expect(needsA2pCampaign('+14155550142')).toBe(true);
    expect(needsA2pCampaign('+17875550142')).toBe(true);
    expect(needsA2pCampaign('+16045550142')).toBe(false);
    expect(needsA2pCampaign('+447700900123')).toBe(false);
    expect(needsA2pCampaign('+15555550100')).toBe(true);
  });

  it('describes the campaign with the product’s own texts and without YES as an opt-in keyword', () => {
    const content = campaignContent('Bella Hair Studio', 'standard');
    expect(content.usAppToPersonUsecase).toBe('MIXED');
    expect(content.messageSamples.every((sample) => sample.startsWith('Bella Hair Studio'))).toBe(true);
    expect(CAMPAIGN_OPT_IN_KEYWORDS).not.toContain('YES');
    expect(content.messageFlow).toMatch(/texts the business number first, or asks during a phone call/);
  });

  it('registers the keyword replies callers get: bilingual where Spanish is served (decision 174)', () => {
    const english = campaignContent('Bella Hair Studio', 'standard');
    const bilingual = campaignContent('Bella Hair Studio', 'standard', ['en', 'es']);
    expect(english.optOutMessage).not.toContain('Responda');
    expect(bilingual.optOutMessage).toBe(
      `${english.optOutMessage} Ya no recibirá mensajes de este número. Responda START para volver a recibirlos.`,
    );
    expect(bilingual.helpMessage.startsWith(english.helpMessage)).toBe(true);
    expect(bilingual.helpMessage).toContain('Este número lo atiende un recepcionista con IA.');
  });
});

describe('a changed number and the messaging service (decision 169, "A changed number")', () => {
  const MG = `MG${'b'.repeat(32)}`;
  const [OLD, NEW] = ['+13125550100', '+13125550101'];
  const approved = (changes: Partial<StoredRegistration>) =>
    stored({ state: 'approved', refs: { brandSid: BRAND, messagingServiceSid: MG }, ...changes });

  it('sends only from the number in the service, never from one still waiting to join', () => {
    expect(sendsFromServiceNumber(approved({ serviceNumber: OLD }), OLD)).toBe(true);
    expect(sendsFromServiceNumber(approved({ serviceNumber: OLD }), NEW)).toBe(false);
    expect(sendsFromServiceNumber(approved({ serviceNumber: OLD, awaitingNumber: NEW }), NEW)).toBe(false);
    // Registered before the service's number was recorded: its number joined with the campaign.
    expect(sendsFromServiceNumber(approved({}), OLD)).toBe(true);
    expect(sendsFromServiceNumber(approved({ awaitingNumber: NEW }), NEW)).toBe(false);
  });

  it('knows when the active number still has to join, and only when there is a service', () => {
    expect(numberAwaitsService(approved({ serviceNumber: OLD }), OLD)).toBe(false);
    expect(numberAwaitsService(approved({ serviceNumber: OLD }), NEW)).toBe(true);
    expect(numberAwaitsService(approved({ awaitingNumber: NEW }), NEW)).toBe(true);
    expect(numberAwaitsService(approved({}), OLD)).toBe(false);
    expect(numberAwaitsService(stored({ state: 'approved', approvedBy: 'operator' }), NEW)).toBe(false);
    expect(numberAwaitsService(approved({ serviceNumber: OLD }), undefined)).toBe(false);
    expect(numberAwaitsService(undefined, NEW)).toBe(false);
  });

  it('records the joined number and keeps waiting only for another one', () => {
    const joined = withServiceNumber(approved({ serviceNumber: OLD, awaitingNumber: NEW }), NEW);
    expect(joined).toMatchObject({ serviceNumber: NEW });
    expect(joined.awaitingNumber).toBeUndefined();
    expect(withServiceNumber(approved({ awaitingNumber: NEW }), OLD)).toMatchObject({
      serviceNumber: OLD,
      awaitingNumber: NEW,
    });
    expect(registrationView(joined, now, true)).toMatchObject({ numberPending: true, textingAllowed: true });
    expect(registrationView(joined, now).numberPending).toBeUndefined();
  });
});
