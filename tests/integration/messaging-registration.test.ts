import { describe, expect, it } from 'vitest';
import {
  MESSAGING_REGISTRATION_SUBMISSIONS_PER_DAY,
  REGISTRATION_EMAIL_TEXTS,
  REGISTRATION_FIELD_MESSAGES,
  REGISTRATION_FIX_TEXTS,
  REGISTRATION_MESSAGES,
  messagingRegistrationSchema,
  type BusinessRegistrationDetailsInput,
} from '../../shared/schemas/messaging-registration';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { A2P_EVENT_TYPES } from '../../backend/src/capabilities/messaging-registration/a2p-events';
import { signTwilioJsonRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { opsCommands } from '../../backend/src/entry/ops/ops-commands';
import { callApi } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { SAMPLE_REGISTRATION_DETAILS } from '../support/registration-details';

/** As an owner types it: the phone with spaces, which the shared schema normalises. */
const DETAILS: BusinessRegistrationDetailsInput = {
  ...SAMPLE_REGISTRATION_DETAILS,
  contact: { ...SAMPLE_REGISTRATION_DETAILS.contact, phone: '+1 415 555 0142' },
};
const SOLE: BusinessRegistrationDetailsInput = {
  ...DETAILS,
  businessType: 'sole_proprietor',
  ein: undefined,
};
const A2P_URL = 'http://localhost/webhooks/twilio/messaging-registration';

describe('A2P 10DLC registration: routes, the local registry and its signed status callbacks', async () => {
  const { app, deps, services } = await createTestApp();
  const path = (userId: string) => `/oauth/users/${userId}/messaging-registration`;
  const owner = async (label = 'a2p-owner') => {
    const user = await createConfirmedUser(services, label);
    await deps.data.businessConfigs.createConfig(user.sub, {
      business_name: 'Bella Hair Studio',
      phone_number: '+14155550142',
      address: '12 Market St, San Francisco, CA',
    });
    const token = user.tokens.IdToken;
    return {
      ...user,
      get: () => callApi(app, 'GET', path(user.sub), token),
      put: (body: unknown) => callApi(app, 'PUT', path(user.sub), token, body),
      resend: () => callApi(app, 'POST', `${path(user.sub)}/otp`, token, {}),
      control: (action: string, body?: unknown) =>
        callApi(app, 'POST', `/local/a2p/${user.sub}/${action}`, undefined, body),
    };
  };
  const mailsTo = async (email: string) =>
    (await deps.localOutbox!.list()).filter(
      (m) => m.to === email && m.kind.startsWith('messaging-registration'),
    );

  it('answers not_started for a new owner, and only to the owner', async () => {
    const a = await owner();
    const b = await owner('a2p-other');
    const answer = await a.get();
    expect(answer.status).toBe(200);
    expect(messagingRegistrationSchema.parse(answer.body)).toMatchObject({
      state: 'not_started',
      textingAllowed: false,
    });
    expect((await callApi(app, 'GET', path(a.sub))).status).toBe(401);
    expect((await callApi(app, 'GET', path(a.sub), b.tokens.IdToken)).status).toBe(403);
    expect((await callApi(app, 'PUT', path(a.sub), b.tokens.IdToken, DETAILS)).status).toBe(403);
  });

  it('refuses a wrong field with 400 naming it, and stores nothing', async () => {
    const a = await owner();
    const wrongZip = await a.put({ ...DETAILS, address: { ...DETAILS.address, postalCode: '941' } });
    expect(wrongZip).toEqual({
      status: 400,
      body: {
        error: 'invalid_registration',
        message: REGISTRATION_FIELD_MESSAGES.usPostalCode,
        field: 'address.postalCode',
      },
    });
    const noEin = await a.put({ ...DETAILS, ein: undefined });
    expect(noEin.body).toMatchObject({ field: 'ein', message: REGISTRATION_FIELD_MESSAGES.ein });
    expect((await a.get()).body.state).toBe('not_started');
  });

  it('submits once: parallel submissions reach the provider once, the rest answer 409', async () => {
    const a = await owner();
    const answers = await Promise.all(Array.from({ length: 4 }, () => a.put(DETAILS)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual([
      'registration_in_review',
      'registration_in_review',
      'registration_in_review',
    ]);
    const stored = await deps.data.messagingRegistrations.get(a.sub);
    expect(stored).toMatchObject({ state: 'in_review', brandType: 'low_volume_standard' });
    expect(await deps.data.messagingRegistrations.ownerOfBrand(stored!.refs.brandSid!)).toBe(a.sub);
    const view = (await a.get()).body;
    expect(view).toMatchObject({
      state: 'in_review',
      brandType: 'low_volume_standard',
      textingAllowed: false,
    });
    expect(view.details).toMatchObject({ ein: '123456789', contact: { phone: '+14155550142' } });
    // Provider ids never reach the browser.
    expect(JSON.stringify(view)).not.toMatch(/BN[0-9a-f]{32}/);
  });

  it('keeps what was entered when the registry refuses it (422), and takes the fix', async () => {
    const a = await owner();
    const refused = await a.put({ ...DETAILS, ein: '99-9999999' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: 'registration_rejected',
      message: 'The EIN does not match the legal name in the IRS records.',
      field: 'ein',
      whatToChange: REGISTRATION_FIX_TEXTS.ein,
      registration: { state: 'failed', details: { ein: '999999999', legalName: DETAILS.legalName } },
    });
    expect((await a.get()).body).toMatchObject({ state: 'failed', failure: { field: 'ein' } });
    // Never in review yet: the fix goes to review, not "in review again".
    expect((await a.put(DETAILS)).body.state).toBe('in_review');
  });

  it('goes in review → approved by signed callbacks, e-mails the owner, and allows texts', async () => {
    const a = await owner();
    expect((await a.put(DETAILS)).status).toBe(200);
    const approved = await a.control('approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', textingAllowed: true });
    const stored = await deps.data.messagingRegistrations.get(a.sub);
    expect(stored?.refs.campaignSid).toMatch(/^QE[0-9a-f]{32}$/);
    expect(stored?.refs.messagingServiceSid).toMatch(/^MG[0-9a-f]{32}$/);
    const mails = await mailsTo(a.email);
    expect(mails.map((m) => m.subject)).toEqual([REGISTRATION_EMAIL_TEXTS.approved.subject]);
    // The e-mail opens the dashboard's Texting tab, where the registration is shown.
    expect(mails[0]!.text).toContain(`/dashboard?tab=texting`);
    // Approved: no more submissions, and the control cannot approve twice.
    expect((await a.put(DETAILS)).body.error).toBe('registration_approved');
    expect((await a.control('approve')).status).toBe(409);
  });

  it('fails with the carrier reason and what to change, e-mails it, and a fix is resubmitted', async () => {
    const a = await owner();
    await a.put(DETAILS);
    const failed = await a.control('fail', {
      reason: 'The business address could not be verified.',
      field: 'address.street',
    });
    expect(failed.body).toMatchObject({
      state: 'failed',
      failure: {
        reason: 'The business address could not be verified.',
        field: 'address.street',
        whatToChange: REGISTRATION_FIX_TEXTS.address,
      },
    });
    expect((await mailsTo(a.email)).map((m) => m.subject)).toEqual([REGISTRATION_EMAIL_TEXTS.failed.subject]);
    const fixed = await a.put({ ...DETAILS, address: { ...DETAILS.address, street: '14 Market St' } });
    expect(fixed.body).toMatchObject({ state: 'resubmitted', textingAllowed: false });
    expect(fixed.body.failure).toBeUndefined();
    // The campaign failing after the brand passed: the default rejection names the website.
    await a.control('approve');
    const old = await deps.data.messagingRegistrations.get(a.sub);
    expect(old?.state).toBe('approved');
  });

  it('fails a campaign with the default website reason', async () => {
    const a = await owner();
    await a.put(DETAILS);
    // The brand registers (campaign submitted) without the campaign being decided yet.
    const stored = await deps.data.messagingRegistrations.get(a.sub);
    const body = JSON.stringify([
      {
        id: 'NO-brand-registered-1',
        type: A2P_EVENT_TYPES.brandRegistered,
        data: { brandsid: stored!.refs.brandSid, identitystatus: 'VERIFIED' },
      },
    ]);
    const signed = signTwilioJsonRequest(LOCAL_TWILIO_AUTH_TOKEN, A2P_URL, body);
    const delivered = await app.request(signed.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Twilio-Signature': signed.signature },
      body,
    });
    expect(await delivered.json()).toEqual({ received: 1, applied: 1 });
    expect((await deps.data.messagingRegistrations.get(a.sub))?.refs.campaignSid).toMatch(/^QE/);
    const failed = await a.control('fail');
    expect(failed.body).toMatchObject({
      state: 'failed',
      failure: { field: 'website', whatToChange: REGISTRATION_FIX_TEXTS.website },
    });
  });

  it('takes a sole proprietor through the verification text', async () => {
    const a = await owner();
    expect((await a.put(SOLE)).body).toMatchObject({ state: 'in_review', brandType: 'sole_proprietor' });
    expect((await a.resend()).body.error).toBe('otp_not_requested');
    expect((await a.control('approve')).status).toBe(409);
    expect((await a.control('request-otp')).body).toMatchObject({ state: 'otp_required' });
    const resent = await a.resend();
    expect(resent.status).toBe(200);
    expect(resent.body.state).toBe('otp_required');
    expect((await a.put(SOLE)).body.error).toBe('registration_awaiting_code');
    expect((await a.control('confirm-otp')).body).toMatchObject({ state: 'in_review' });
    expect((await deps.data.messagingRegistrations.get(a.sub))?.refs.campaignSid).toMatch(/^QE/);
    expect((await a.control('approve')).body).toMatchObject({ state: 'approved', textingAllowed: true });
  });

  it('caps submissions per owner per day', async () => {
    const a = await owner();
    for (let i = 0; i < MESSAGING_REGISTRATION_SUBMISSIONS_PER_DAY; i++) {
      expect((await a.put({ ...DETAILS, ein: '99-9999999' })).status).toBe(422);
    }
    const limited = await a.put(DETAILS);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(REGISTRATION_MESSAGES.dailyLimit);
    expect((await a.get()).body.state).toBe('failed');
  });

  it('refuses unsigned, forged and tampered status callbacks, and ignores unknown brands', async () => {
    const a = await owner();
    await a.put(DETAILS);
    const brandSid = (await deps.data.messagingRegistrations.get(a.sub))!.refs.brandSid!;
    const body = JSON.stringify([
      { id: 'NO-1', type: A2P_EVENT_TYPES.campaignApproved, data: { brandsid: brandSid } },
    ]);
    const post = (url: string, signature: string | undefined, payload = body) =>
      app.request(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(signature ? { 'X-Twilio-Signature': signature } : {}),
        },
        body: payload,
      });
    const signed = signTwilioJsonRequest(LOCAL_TWILIO_AUTH_TOKEN, A2P_URL, body);
    expect((await post(signed.url, undefined)).status).toBe(403);
    expect(
      (await post(signed.url, signTwilioJsonRequest('other-token', A2P_URL, body).signature)).status,
    ).toBe(403);
    const tampered = body.replace('NO-1', 'NO-2');
    expect((await post(signed.url, signed.signature, tampered)).status).toBe(403);
    expect((await deps.data.messagingRegistrations.get(a.sub))?.state).toBe('in_review');
    // Signed, but the campaign was never submitted (brand not registered): nothing to approve.
    expect(await (await post(signed.url, signed.signature)).json()).toEqual({ received: 1, applied: 0 });
    const unknown = JSON.stringify([
      { id: 'NO-3', type: A2P_EVENT_TYPES.campaignApproved, data: { brandsid: `BN${'0'.repeat(32)}` } },
    ]);
    const signedUnknown = signTwilioJsonRequest(LOCAL_TWILIO_AUTH_TOKEN, A2P_URL, unknown);
    const answer = await post(signedUnknown.url, signedUnknown.signature, unknown);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: 1, applied: 0 });
    const junk = '[{"id":1}]';
    const signedJunk = signTwilioJsonRequest(LOCAL_TWILIO_AUTH_TOKEN, A2P_URL, junk);
    expect((await post(signedJunk.url, signedJunk.signature, junk)).status).toBe(400);
  });

  it('approves an owner registered outside the product by the operator (the migration rule)', async () => {
    const a = await owner();
    const ops = opsCommands(deps);
    const first = await ops.approveTexting(a.sub);
    expect(first.lines[0]).toBe(`${a.sub} is now approved for texting (was not_started).`);
    expect((await a.get()).body).toMatchObject({ state: 'approved', textingAllowed: true });
    expect((await deps.data.messagingRegistrations.get(a.sub))?.approvedBy).toBe('operator');
    expect((await ops.approveTexting(a.sub)).lines).toEqual([`${a.sub} is already approved for texting`]);
  });
});
