import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { BLOCKED_NUMBERS_LIMIT, CALLER_GATES_TEXTS } from '../../shared/caller-gates';
import { CALLER_TEXTS } from '../../shared/caller-texts';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { messagesInTwiml, readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { TWILIO_SMS_WEBHOOK_PATH } from '../../backend/src/capabilities/sms/sms-webhook-routes';
import { conversationIdOfCall, VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { newCallSid } from '../support/signed-sms';

/**
 * The block list and the missed-call text-back (docs/decisions/176): the owner's API with its refusals and
 * its limit under parallel blocks; a blocked caller's call rejected with <Reject> and their text unanswered,
 * with nothing stored but the counter; a missed call texted back once per caller per day, also under
 * parallel status callbacks, and never when text-back is off, or to an opted-out, blocked or unregistered
 * recipient.
 */
const newMessageSid = () => `SM${randomBytes(16).toString('hex')}`;
let nextCaller = 0;
/** A fresh caller per test, so the once-a-day rule of one test does not reach into another. */
const newCaller = () => `+1415555${String(3000 + nextCaller++).padStart(4, '0')}`;

describe('caller gates', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'gates-owner'),
    createConfirmedUser(services, 'gates-other'),
  ]);
  const token = owner.tokens.IdToken;
  expect((await callApi(app, 'POST', '/oauth/config/create', token, SAMPLE_BUSINESS_INFO)).status).toBe(201);
  const line = await createAssistantLine(deps, { ownerId: owner.sub });
  const blockedPath = `/oauth/users/${owner.sub}/blocked-numbers`;
  const settingsPath = `/oauth/users/${owner.sub}/missed-call-texts`;

  const signedPost = (path: string, form: Record<string, string>) => {
    const url = `${TEST_API_ORIGIN}${path}`;
    return app.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, url, form),
      },
      body: new URLSearchParams(form).toString(),
    });
  };
  const call = (caller: string, callSid = newCallSid()) =>
    signedPost(VOICE_PATHS.incoming, {
      CallSid: callSid,
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: caller,
      To: line.assistantNumber,
    });
  const status = (caller: string, callSid: string, callStatus: string) =>
    signedPost(VOICE_PATHS.status, {
      CallSid: callSid,
      CallStatus: callStatus,
      From: caller,
      To: line.assistantNumber,
    });
  const text = (caller: string, body: string, messageSid = newMessageSid()) =>
    signedPost(TWILIO_SMS_WEBHOOK_PATH, {
      MessageSid: messageSid,
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: caller,
      To: line.assistantNumber,
      Body: body,
    });
  const textsTo = async (caller: string) =>
    (await deps.localTwilioAccount!.thread(line.assistantNumber, caller)).filter(
      (m) => m.direction === 'outbound',
    );
  /** A call whose caller hangs up before the relay connects: the conversation exists, never answered. */
  const hangUpBeforeGreeting = async (caller: string) => {
    const callSid = newCallSid();
    expect(readVoiceTwiml(await (await call(caller, callSid)).text()).relay).toBeDefined();
    expect((await status(caller, callSid, 'completed')).status).toBe(200);
    return callSid;
  };
  const defaultText = CALLER_TEXTS.en.missedCall(SAMPLE_BUSINESS_INFO.business_name);

  describe('the block list API', () => {
    it('blocks a number as typed, once, with its reason, and lists it', async () => {
      const first = await callApi(app, 'POST', blockedPath, token, {
        number: '(415) 555-9001',
        reason: 'Robocaller',
      });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ number: '+14155559001', reason: 'Robocaller', attempts: 0 });
      const again = await callApi(app, 'POST', blockedPath, token, { number: '+14155559001' });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ number: '+14155559001', reason: 'Robocaller' });
      const list = await callApi(app, 'GET', blockedPath, token);
      expect(list.status).toBe(200);
      expect(list.body.limit).toBe(BLOCKED_NUMBERS_LIMIT);
      expect(list.body.numbers).toEqual([expect.objectContaining({ number: '+14155559001' })]);
    });

    it('refuses an invalid number, the assistant number and the business phone, with clear messages', async () => {
      const invalid = await callApi(app, 'POST', blockedPath, token, { number: '12', reason: '' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toContain(CALLER_GATES_TEXTS.invalidNumber);
      const assistant = await callApi(app, 'POST', blockedPath, token, { number: line.assistantNumber });
      expect(assistant.status).toBe(400);
      expect(assistant.body).toMatchObject({
        error: 'own_number',
        message: CALLER_GATES_TEXTS.ownAssistantNumber,
      });
      const business = await callApi(app, 'POST', blockedPath, token, {
        number: SAMPLE_BUSINESS_INFO.phone_number,
      });
      expect(business.status).toBe(400);
      expect(business.body).toMatchObject({
        error: 'own_number',
        message: CALLER_GATES_TEXTS.ownBusinessNumber,
      });
      const tooLong = await callApi(app, 'POST', blockedPath, token, {
        number: '+14155559002',
        reason: 'x'.repeat(201),
      });
      expect(tooLong.status).toBe(400);
      expect((await callApi(app, 'GET', blockedPath, token)).body.numbers).toHaveLength(1);
    });

    it('answers only the owner', async () => {
      const theirs = await callApi(app, 'GET', blockedPath, other.tokens.IdToken);
      expect(theirs.status).toBe(403);
      const block = await callApi(app, 'POST', blockedPath, other.tokens.IdToken, { number: '+14155559003' });
      expect(block.status).toBe(403);
    });

    it('unblocks, then says the number is not blocked', async () => {
      const number = encodeURIComponent('+14155559001');
      const removed = await callApi(app, 'DELETE', `${blockedPath}/${number}`, token);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ number: '+14155559001', unblocked: true });
      const again = await callApi(app, 'DELETE', `${blockedPath}/${number}`, token);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(CALLER_GATES_TEXTS.notBlocked);
      expect((await callApi(app, 'GET', blockedPath, token)).body.numbers).toEqual([]);
    });

    it('holds the per-owner limit under parallel blocks', async () => {
      const limited = await createConfirmedUser(services, 'gates-limit');
      // Two places left: of ten parallel blocks exactly two pass, and the count stops at the limit.
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.blockedNumberCount(limited.sub), count: BLOCKED_NUMBERS_LIMIT - 2 },
        }),
      );
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          callApi(app, 'POST', `/oauth/users/${limited.sub}/blocked-numbers`, limited.tokens.IdToken, {
            number: `+1415555${String(8100 + i)}`,
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(2);
      const refused = results.filter((r) => r.status === 409);
      expect(refused).toHaveLength(8);
      expect(refused[0]!.body).toMatchObject({
        error: 'limit_reached',
        message: CALLER_GATES_TEXTS.limitReached(BLOCKED_NUMBERS_LIMIT),
      });
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.blockedNumberCount(limited.sub) }),
      );
      expect(Item?.count).toBe(BLOCKED_NUMBERS_LIMIT);
    });
  });

  describe('a blocked caller', () => {
    it('is rejected before the assistant, gets no reply to texts, and only the counter is stored', async () => {
      const caller = newCaller();
      expect(
        (await callApi(app, 'POST', blockedPath, token, { number: caller, reason: 'Spam' })).status,
      ).toBe(201);
      const callSid = newCallSid();
      const answer = readVoiceTwiml(await (await call(caller, callSid)).text());
      expect(answer.reject).toBe('rejected');
      expect(answer.relay).toBeUndefined();
      expect(await deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();
      // Twilio reports the rejected call as no-answer: still no text-back to a blocked number.
      await status(caller, callSid, 'no-answer');

      const messageSid = newMessageSid();
      const reply = await text(caller, 'Hello, do you have time on Friday?', messageSid);
      expect(reply.status).toBe(200);
      expect(messagesInTwiml(await reply.text())).toEqual([]);
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.smsInbound(messageSid) }),
      );
      expect(Item).toBeUndefined();
      expect(await textsTo(caller)).toEqual([]);

      const list = await callApi(app, 'GET', blockedPath, token);
      expect(list.body.numbers).toContainEqual(
        expect.objectContaining({ number: caller, attempts: 2, last_attempt_at: expect.any(String) }),
      );
    });

    it('still has a STOP honoured, so an unblock later never texts them', async () => {
      const caller = newCaller();
      await callApi(app, 'POST', blockedPath, token, { number: caller });
      const reply = await text(caller, 'STOP');
      expect(messagesInTwiml(await reply.text())).toEqual([]);
      expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, caller)).toBe(true);
    });

    it('is answered again once unblocked', async () => {
      const caller = newCaller();
      await callApi(app, 'POST', blockedPath, token, { number: caller });
      await callApi(app, 'DELETE', `${blockedPath}/${encodeURIComponent(caller)}`, token);
      expect(readVoiceTwiml(await (await call(caller)).text()).relay).toBeDefined();
    });
  });

  describe('the missed-call text-back', () => {
    it('is on by default with the default text, and texts a caller who hung up before the greeting once a day', async () => {
      const settings = await callApi(app, 'GET', settingsPath, token);
      expect(settings.body).toEqual({ enabled: true, template: null, default_text: defaultText });
      const caller = newCaller();
      await hangUpBeforeGreeting(caller);
      expect((await textsTo(caller)).map((m) => m.body)).toEqual([defaultText]);
      await hangUpBeforeGreeting(caller);
      expect(await textsTo(caller)).toHaveLength(1);
    });

    it('sends exactly one text under parallel status callbacks', async () => {
      const caller = newCaller();
      const callSid = newCallSid();
      await call(caller, callSid);
      const callbacks = await Promise.all(
        Array.from({ length: 6 }, () => status(caller, callSid, 'completed')),
      );
      expect(callbacks.every((r) => r.status === 200)).toBe(true);
      expect(await textsTo(caller)).toHaveLength(1);
    });

    it('texts a call that never connected (no conversation), found by the number it rang', async () => {
      const caller = newCaller();
      await status(caller, newCallSid(), 'canceled');
      expect((await textsTo(caller)).map((m) => m.body)).toEqual([defaultText]);
    });

    it('does not text a call the assistant answered', async () => {
      const caller = newCaller();
      const callSid = newCallSid();
      await call(caller, callSid);
      const state = await deps.data.conversationStates.get(conversationIdOfCall(callSid));
      await deps.data.conversationStates.save({ ...state!, answered_at: new Date().toISOString() });
      await status(caller, callSid, 'completed');
      expect(await textsTo(caller)).toEqual([]);
    });

    it('never texts an opted-out caller', async () => {
      const caller = newCaller();
      await deps.data.smsMessaging.optOut(line.assistantNumber, caller, owner.sub);
      await hangUpBeforeGreeting(caller);
      expect(await textsTo(caller)).toEqual([]);
    });

    it('never texts while texting is not registered (A2P)', async () => {
      const unregistered = await createAssistantLine(deps, { texting: 'not_registered' });
      const caller = newCaller();
      await signedPost(VOICE_PATHS.status, {
        CallSid: newCallSid(),
        CallStatus: 'no-answer',
        From: caller,
        To: unregistered.assistantNumber,
      });
      const sent = (await deps.localTwilioAccount!.thread(unregistered.assistantNumber, caller)).filter(
        (m) => m.direction === 'outbound',
      );
      expect(sent).toEqual([]);
    });

    it('refuses a template with a link, an unknown placeholder or too many characters', async () => {
      for (const [template, message] of [
        ['Book at https://spam.example/x', CALLER_GATES_TEXTS.templateLink],
        ['Hi {name}!', 'is not a placeholder'],
        ['x'.repeat(301), CALLER_GATES_TEXTS.templateTooLong(300)],
      ] as const) {
        const refused = await callApi(app, 'PUT', settingsPath, token, { enabled: true, template });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain(message);
      }
      const unknownField = await callApi(app, 'PUT', settingsPath, token, { enabled: true, extra: 1 });
      expect(unknownField.status).toBe(400);
      expect((await callApi(app, 'GET', settingsPath, token)).body.template).toBeNull();
    });

    it('sends the owner’s wording as written, and nothing once turned off', async () => {
      const saved = await callApi(app, 'PUT', settingsPath, token, {
        enabled: true,
        template: 'Hi, {business} here. Sorry we missed your call! Reply to book.',
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ enabled: true, template: expect.stringContaining('{business}') });
      const caller = newCaller();
      await hangUpBeforeGreeting(caller);
      expect((await textsTo(caller)).map((m) => m.body)).toEqual([
        `Hi, ${SAMPLE_BUSINESS_INFO.business_name} here. Sorry we missed your call! Reply to book.`,
      ]);

      expect(
        (await callApi(app, 'PUT', settingsPath, token, { enabled: false, template: null })).status,
      ).toBe(200);
      const later = newCaller();
      await hangUpBeforeGreeting(later);
      expect(await textsTo(later)).toEqual([]);
      await callApi(app, 'PUT', settingsPath, token, { enabled: true, template: null });
    });

    it('texts a caller remembered as speaking Spanish in Spanish, only where Spanish is served, and previews both defaults (decision 174)', async () => {
      const spanishDefault = CALLER_TEXTS.es.missedCall(SAMPLE_BUSINESS_INFO.business_name);
      const rememberSpanish = async (caller: string) =>
        deps.data.callerMemories.remember(
          owner.sub,
          caller,
          { name: 'Lucía', language: 'es' },
          new Date(),
          30,
        );
      await deps.data.businessConfigs.updateConfigFields(owner.sub, { remember_past_callers: true });
      // English only (the owner never chose): the remembered Spanish caller still gets the English text.
      const englishOnly = newCaller();
      await rememberSpanish(englishOnly);
      await status(englishOnly, newCallSid(), 'canceled');
      expect((await textsTo(englishOnly)).map((m) => m.body)).toEqual([defaultText]);
      expect((await callApi(app, 'GET', settingsPath, token)).body).not.toHaveProperty('default_text_es');

      await deps.data.businessConfigs.updateConfigFields(owner.sub, { languages: ['en', 'es'] });
      expect((await callApi(app, 'GET', settingsPath, token)).body).toEqual({
        enabled: true,
        template: null,
        default_text: defaultText,
        default_text_es: spanishDefault,
      });
      const spanish = newCaller();
      await rememberSpanish(spanish);
      await status(spanish, newCallSid(), 'canceled');
      expect((await textsTo(spanish)).map((m) => m.body)).toEqual([spanishDefault]);
      // Hung up before the greeting: the call opened in Spanish, and its text is Spanish too.
      const greeted = newCaller();
      await rememberSpanish(greeted);
      await hangUpBeforeGreeting(greeted);
      expect((await textsTo(greeted)).map((m) => m.body)).toEqual([spanishDefault]);
      // Nobody remembered: the business's default, English.
      const stranger = newCaller();
      await status(stranger, newCallSid(), 'canceled');
      expect((await textsTo(stranger)).map((m) => m.body)).toEqual([defaultText]);
      // The memory is read only while the owner remembers callers.
      await deps.data.businessConfigs.updateConfigFields(owner.sub, { remember_past_callers: false });
      const forgotten = newCaller();
      await rememberSpanish(forgotten);
      await status(forgotten, newCallSid(), 'canceled');
      expect((await textsTo(forgotten)).map((m) => m.body)).toEqual([defaultText]);
      await deps.data.businessConfigs.updateConfigFields(owner.sub, { languages: ['en'] });
    });
  });
});
