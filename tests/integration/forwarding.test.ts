import { describe, expect, it } from 'vitest';
import { BUSINESS_NUMBER_REFUSALS } from '../../shared/forwarding';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { newCallSid } from '../support/signed-sms';

/**
 * Forwarding from the owner's business line (docs/decisions/172-forwarding.md): a signed call Twilio marks
 * as forwarded verifies it, an unsigned one records nothing, parallel calls agree on one verification, the
 * guide's choice is kept, and a business number that is an assistant number is refused (it would loop).
 */
const BUSINESS = '+14155550142';
const CALLER = '+14155550199';

describe('forwarding', async () => {
  const { app, deps, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'forwarder'),
    createConfirmedUser(services, 'forwarder-other'),
  ]);
  const token = owner.tokens.IdToken;
  const created = await callApi(app, 'POST', '/oauth/config/create', token, SAMPLE_BUSINESS_INFO);
  expect(created.status).toBe(201);
  const line = await createAssistantLine(deps, { ownerId: owner.sub });
  const forwardingPath = `/oauth/users/${owner.sub}/forwarding`;

  const incoming = (form: Record<string, string>, sign = true) => {
    const url = `${TEST_API_ORIGIN}${VOICE_PATHS.incoming}`;
    const body = { CallSid: newCallSid(), AccountSid: LOCAL_TWILIO_ACCOUNT_SID, From: CALLER, ...form };
    return app.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(sign ? { 'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, url, body) } : {}),
      },
      body: new URLSearchParams(body).toString(),
    });
  };

  it('is not verified before any forwarded call, and a direct call does not verify it', async () => {
    const before = await callApi(app, 'GET', forwardingPath, token);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      state: 'not_verified',
      verified_at: null,
      business_phone: BUSINESS,
      assistant_phone: line.assistantNumber,
    });
    const direct = await incoming({ To: line.assistantNumber });
    expect(readVoiceTwiml(await direct.text()).relay).toBeDefined();
    expect((await callApi(app, 'GET', forwardingPath, token)).body.state).toBe('not_verified');
  });

  it('refuses an unsigned forwarded call with 403 and records nothing', async () => {
    const unsigned = await incoming({ To: line.assistantNumber, ForwardedFrom: BUSINESS }, false);
    expect(unsigned.status).toBe(403);
    expect((await deps.data.forwarding.get(owner.sub))?.forwarding?.verifiedAt).toBeUndefined();
  });

  it('a signed call forwarded from the business line verifies forwarding; the assistant still answers', async () => {
    const response = await incoming({
      To: line.assistantNumber,
      Called: line.assistantNumber,
      ForwardedFrom: BUSINESS,
    });
    expect(response.status).toBe(200);
    expect(readVoiceTwiml(await response.text()).relay).toBeDefined();
    const status = await callApi(app, 'GET', forwardingPath, token);
    expect(status.body).toMatchObject({ state: 'verified', forwarded_from: BUSINESS });
    expect(status.body.verified_at).toBe(status.body.last_seen_at);
    const overview = await callApi(app, 'GET', `/oauth/users/${owner.sub}/overview`, token);
    expect(overview.body.forwarding).toMatchObject({ state: 'verified', forwarded_from: BUSINESS });
  });

  it('parallel signed forwarded calls are all answered and verify forwarding once', async () => {
    const fresh = await createAssistantLine(deps);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => incoming({ To: fresh.assistantNumber, ForwardedFrom: BUSINESS })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    const record = (await deps.data.forwarding.get(fresh.ownerId))!.forwarding!;
    expect(record).toMatchObject({ forwardedFrom: BUSINESS, verifiedAt: expect.any(String) });
    expect(record.lastSeenAt! >= record.verifiedAt!).toBe(true);
  });

  it('keeps the first verification under parallel calls and never moves last seen back', async () => {
    const { ownerId } = await createAssistantLine(deps);
    const times = Array.from({ length: 8 }, (_, i) => new Date(Date.UTC(2026, 10, 27, 15, 0, i)));
    await Promise.all(
      times.map((at) => deps.data.forwarding.recordForwardedCall(ownerId, { forwardedFrom: BUSINESS, at })),
    );
    const record = (await deps.data.forwarding.get(ownerId))!.forwarding!;
    expect(times.map((t) => t.toISOString())).toContain(record.verifiedAt);
    expect(record.lastSeenAt).toBe(times.at(-1)!.toISOString());
    // A late webhook of an older call leaves last seen alone; a newer one moves it, not the verification.
    await deps.data.forwarding.recordForwardedCall(ownerId, { forwardedFrom: BUSINESS, at: times[0]! });
    expect((await deps.data.forwarding.get(ownerId))!.forwarding!.lastSeenAt).toBe(record.lastSeenAt);
    const later = new Date(Date.UTC(2026, 10, 28, 9));
    await deps.data.forwarding.recordForwardedCall(ownerId, { forwardedFrom: BUSINESS, at: later });
    expect((await deps.data.forwarding.get(ownerId))!.forwarding).toMatchObject({
      verifiedAt: record.verifiedAt,
      lastSeenAt: later.toISOString(),
    });
  });

  it('saves the carrier and kind chosen in the guide without touching the verification', async () => {
    const saved = await callApi(app, 'PUT', forwardingPath, token, {
      carrier: 'verizon',
      kind: 'conditional',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ carrier: 'verizon', kind: 'conditional', state: 'verified' });
    const bad = await callApi(app, 'PUT', forwardingPath, token, { carrier: 'pigeon', kind: 'always' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_error' });
    expect(bad.body.message).toContain('carrier must be one of');
    const extra = await callApi(app, 'PUT', forwardingPath, token, {
      carrier: 'att',
      kind: 'always',
      verifiedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(extra.status).toBe(400);
    expect((await callApi(app, 'GET', forwardingPath, token)).body.carrier).toBe('verizon');
    // Another owner's path, and an owner without a config.
    expect((await callApi(app, 'GET', forwardingPath, other.tokens.IdToken)).status).toBe(403);
    const none = await callApi(app, 'PUT', `/oauth/users/${other.sub}/forwarding`, other.tokens.IdToken, {
      carrier: 'att',
      kind: 'always',
    });
    expect(none.status).toBe(404);
  });

  it('refuses the assistant’s own number as the business number: forwarding it would loop', async () => {
    const loop = await callApi(app, 'PUT', `/oauth/users/${owner.sub}/config`, token, {
      phone_number: line.assistantNumber,
    });
    expect(loop.status).toBe(400);
    expect(loop.body).toMatchObject(BUSINESS_NUMBER_REFUSALS.own_assistant_number);
    // Named like a validation error's field, so the step-1 form shows it on the phone field.
    expect(loop.body.details).toEqual([
      { path: 'phone_number', message: BUSINESS_NUMBER_REFUSALS.own_assistant_number.message },
    ]);
    const create = await callApi(app, 'POST', '/oauth/config/create', token, {
      ...SAMPLE_BUSINESS_INFO,
      phone_number: line.assistantNumber,
    });
    expect(create.status).toBe(400);
    expect(create.body.error).toBe('forwarding_loop');
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.phone_number).toBe(BUSINESS);
  });

  it('refuses another owner’s assistant number, and an invalid number, storing nothing', async () => {
    const theirs = await createAssistantLine(deps);
    const taken = await callApi(app, 'POST', `/oauth/users/${owner.sub}/config`, token, {
      ...SAMPLE_BUSINESS_INFO,
      phone_number: theirs.assistantNumber,
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject(BUSINESS_NUMBER_REFUSALS.another_assistant_number);
    const invalid = await callApi(app, 'PUT', `/oauth/users/${owner.sub}/config`, token, {
      phone_number: '555',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('validation_error');
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.phone_number).toBe(BUSINESS);
    // A real business line passes.
    const fine = await callApi(app, 'PUT', `/oauth/users/${owner.sub}/config`, token, {
      phone_number: '(415) 555-0143',
    });
    expect(fine.status).toBe(200);
    expect(fine.body.phone_number).toBe('+14155550143');
  });

  it('refuses the business line as the assistant number in step 4, reserving nothing', async () => {
    const business = (await deps.data.businessConfigs.getConfig(owner.sub))!.phone_number!;
    const picked = await callApi(app, 'POST', `/oauth/users/${owner.sub}/assistant-phone`, token, {
      assistant_phone: business,
    });
    expect(picked.status).toBe(400);
    expect(picked.body).toMatchObject(BUSINESS_NUMBER_REFUSALS.business_line_as_assistant);
    expect(await deps.data.phoneReservations.get(business)).toBeUndefined();
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.assistant_phone).toBe(
      line.assistantNumber,
    );
  });
});
