import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_GREETINGS } from '../../shared/answer-modes';
import { CALLER_TEXTS } from '../../shared/caller-texts';
import { ANSWER_MODE_ERRORS, GREETING_MAX_CHARS } from '../../shared/answer-mode-values';
import { zonedInstant } from '../../shared/receptionist/business-time';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { LOCAL_CALL_TIME_HEADER } from '../../backend/src/local/twilio/local-call-clock';
import { startLocalCall, type LocalCallEvent } from '../../backend/src/local/twilio/local-call';
import { readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { conversationIdOfCall, VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { callApi } from '../support/api-calls';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { startRelayStack } from '../support/relay-stack';
import { newCallSid, postTwilioForm } from '../support/signed-sms';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  callRouteLabel,
  durationSeconds,
  OWNER_ANSWERED_SUMMARY,
  OWNER_MISSED_SUMMARY,
} from '../../shared/call-log';
import { RECEPTIONIST_LIMITS } from '../../shared/receptionist/limits';
import type { CallLogPage } from '../../shared/schemas/call-log';
import type { OverviewResponse } from '../../shared/schemas/overview';

/**
 * When the assistant answers (docs/decisions/173-answer-modes.md), as Twilio meets it: the signed voice
 * webhook rings the business phone first or sends the call to it during opening hours; the new signed
 * owner-dial-result callback hands an unanswered call to the assistant with the mode's greeting; the call
 * log's record knows the route; greetings are escaped in every TwiML document; and the local Twilio follows
 * <Dial timeout action> on one machine.
 */
const CALLER = '+14155550199';
const BUSINESS_LINE = '+14155550142';
const HOURS = {
  weekday_text: [
    'Monday: 9:00 AM – 5:00 PM',
    'Tuesday: 9:00 AM – 5:00 PM',
    'Wednesday: 9:00 AM – 5:00 PM',
    'Thursday: 9:00 AM – 5:00 PM',
    'Friday: 9:00 AM – 5:00 PM',
    'Saturday: Closed',
    'Sunday: Closed',
  ],
};
const ZONE = 'America/New_York';
/** Tuesday 10 March 2026 (just after the DST change) and Friday 13 March, on the business's clock. */
const at = (day: number, hour: number) =>
  zonedInstant({ year: 2026, month: 3, day, hour, minute: 0 }, ZONE).toISOString();

const { app, deps, services, doc, tableName, close } = await startRelayStack();
afterAll(close);

const post = (
  path: string,
  form: Record<string, string>,
  options: { sign?: boolean; callTime?: string } = {},
) => {
  return postTwilioForm(app, `${TEST_API_ORIGIN}${path}`, form, {
    ...(options.sign === false ? { sign: false } : {}),
    ...(options.callTime ? { headers: { [LOCAL_CALL_TIME_HEADER]: options.callTime } } : {}),
  });
};
const callForm = (to: string, callSid: string, extra: Record<string, string> = {}) => ({
  CallSid: callSid,
  AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
  From: CALLER,
  To: to,
  ...extra,
});
const twimlOf = async (response: Response) => {
  expect(response.status).toBe(200);
  const xml = await response.text();
  return { xml, twiml: readVoiceTwiml(xml) };
};
const recordOf = async (ownerId: string, callSid: string) => {
  const id = conversationIdOfCall(callSid);
  const state = await deps.data.conversationStates.get(id);
  return state && deps.data.conversations.getConversation(ownerId, state.started_at, id);
};

/** Every call-log record of an owner from the last hour on (a call the owner took has no state to find it by). */
const ownerRecords = (ownerId: string) =>
  deps.data.conversations.listConversations(
    ownerId,
    new Date(Date.now() - 3_600_000),
    new Date(Date.now() + 60_000),
  );

async function lineIn(
  mode: 'always' | 'ring_first' | 'after_hours',
  extra: Record<string, unknown> = {},
  ownerId?: string,
) {
  const line = await createAssistantLine(deps, {
    businessName: 'Sunset Cuts',
    ...(ownerId ? { ownerId } : {}),
  });
  await deps.data.businessConfigs.updateConfigFields(line.ownerId, {
    answer_mode: mode,
    ring_seconds: 15,
    business_hours: HOURS,
    time_zone: ZONE,
    assistant_name: 'Ava',
    ...extra,
  });
  return line;
}

describe('ring me first', () => {
  it('rings the business phone for the chosen seconds with a signed action, and no conversation yet', async () => {
    const line = await lineIn('ring_first');
    const callSid = newCallSid();
    const { twiml } = await twimlOf(
      await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, callSid)),
    );
    expect(twiml).toMatchObject({
      dial: BUSINESS_LINE,
      dialTimeout: '15',
      dialAction: `${TEST_API_ORIGIN}${VOICE_PATHS.ownerDialResult}`,
      relay: undefined,
    });
    expect(await deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();
  });

  it('refuses an unsigned or forged owner-dial-result with 403 and starts nothing', async () => {
    const line = await lineIn('ring_first');
    const callSid = newCallSid();
    const form = callForm(line.assistantNumber, callSid, { DialCallStatus: 'no-answer' });
    expect((await post(VOICE_PATHS.ownerDialResult, form, { sign: false })).status).toBe(403);
    const url = `${TEST_API_ORIGIN}${VOICE_PATHS.ownerDialResult}`;
    const forged = await app.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': signTwilioRequest('not-the-token', url, form),
      },
      body: new URLSearchParams(form).toString(),
    });
    expect(forged.status).toBe(403);
    expect(await deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();
  });

  it('nobody picked up or the line was busy: the assistant answers with the ring-first greeting, and the log knows', async () => {
    const line = await lineIn('ring_first');
    for (const status of ['no-answer', 'busy'] as const) {
      const callSid = newCallSid();
      const form = callForm(line.assistantNumber, callSid, { DialCallStatus: status });
      const { twiml } = await twimlOf(await post(VOICE_PATHS.ownerDialResult, form));
      const greeting = DEFAULT_GREETINGS.ring_first('Sunset Cuts', 'Ava');
      expect(twiml.relay?.welcomeGreeting).toBe(greeting);
      expect(greeting).toContain('Thanks for calling Sunset Cuts, the team is with clients right now');
      // A retry of the callback finds the same call: one conversation, answered again.
      expect((await twimlOf(await post(VOICE_PATHS.ownerDialResult, form))).twiml.relay).toBeDefined();
      expect(await recordOf(line.ownerId, callSid)).toMatchObject({
        channel: 'voice',
        call_route: 'ring_first',
        owner_dial_status: status,
        transcript: [{ speaker: 'assistant', text: greeting }],
      });
    }
    // The call log's list (a projection of the records) carries the route too.
    const page = await deps.data.conversations.pageConversations(line.ownerId, {
      from: new Date(Date.now() - 3_600_000),
      to: new Date(Date.now() + 60_000),
      limit: 10,
    });
    expect(page.items.map((item) => item.owner_dial_status).sort()).toEqual(['busy', 'no-answer']);
    expect(page.items.every((item) => item.call_route === 'ring_first')).toBe(true);
  });

  it('the owner picked up (or the caller hung up while it rang): a clean hang-up and no conversation', async () => {
    const line = await lineIn('ring_first');
    for (const status of ['completed', 'answered', 'canceled']) {
      const callSid = newCallSid();
      const form = callForm(line.assistantNumber, callSid, { DialCallStatus: status });
      const { twiml } = await twimlOf(await post(VOICE_PATHS.ownerDialResult, form));
      expect(twiml).toMatchObject({ hangUp: true, relay: undefined, dial: undefined });
      expect(await deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();
    }
  });

  it('a call the owner picked up is in their call log as answered by them, once, however often Twilio retries', async () => {
    const line = await lineIn('ring_first');
    const callSid = newCallSid();
    const rang = Date.now();
    await twimlOf(await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, callSid)));
    const form = callForm(line.assistantNumber, callSid, { DialCallStatus: 'completed' });
    // Twilio's retries, some of them at once.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(VOICE_PATHS.ownerDialResult, form)),
    );
    for (const answer of answers) expect((await twimlOf(answer)).twiml.hangUp).toBe(true);
    await twimlOf(await post(VOICE_PATHS.ownerDialResult, form));

    const records = await ownerRecords(line.ownerId);
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({
      id: conversationIdOfCall(callSid),
      channel: 'voice',
      caller: CALLER,
      call_route: 'ring_first',
      owner_answered: true,
      outcome: 'answered',
      open: false,
      transcript: [],
      objectives_met: {},
      summary: OWNER_ANSWERED_SUMMARY,
    });
    expect(record!.owner_dial_status).toBeUndefined();
    expect(record!.answered_at).toBeUndefined();
    expect(Math.abs(Date.parse(record!.started_at) - rang)).toBeLessThan(2_000);
    // Without DialCallDuration its length runs from the ring to the dial result (here, at once).
    expect(durationSeconds(record!.started_at, record!.ended_at)).toBeLessThan(2);
    // No conversation was started: the assistant never spoke.
    expect(await deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();

    // Counted once against the owner's day of conversations.
    const { Key } = deps.rateLimiter.countedHit(
      `conversations#${line.ownerId}`,
      RECEPTIONIST_LIMITS.conversationsPerDay,
      86_400,
    ).Update;
    const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key }));
    expect(Item?.hits).toBe(1);
  });

  it('the call log and analytics show it as a call the owner answered, not a missed call saved', async () => {
    const owner = await createConfirmedUser(services, 'owner-answered');
    const line = await lineIn('ring_first', {}, owner.sub);
    const token = owner.tokens.IdToken;
    const taken = newCallSid();
    await twimlOf(await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, taken)));
    await twimlOf(
      await post(
        VOICE_PATHS.ownerDialResult,
        callForm(line.assistantNumber, taken, { DialCallStatus: 'completed' }),
      ),
    );
    const missed = newCallSid();
    await twimlOf(await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, missed)));
    await twimlOf(
      await post(
        VOICE_PATHS.ownerDialResult,
        callForm(line.assistantNumber, missed, { DialCallStatus: 'no-answer' }),
      ),
    );

    const log = await callApi(app, 'GET', `/oauth/users/${line.ownerId}/conversations`, token);
    expect(log.status).toBe(200);
    const entries = (log.body as unknown as CallLogPage).entries;
    const entry = entries.find((e) => e.id === conversationIdOfCall(taken));
    expect(entry).toMatchObject({ call_route: 'ring_first', owner_answered: true, outcome: 'answered' });
    expect(callRouteLabel(entry!)).toBe('Answered by you');
    // The call the business line let ring out (its caller then hung up here, before the relay connected).
    expect(callRouteLabel(entries.find((e) => e.id === conversationIdOfCall(missed))!)).toMatch(
      /^You did not pick up/,
    );

    const overview = await callApi(app, 'GET', `/oauth/users/${line.ownerId}/overview`, token);
    expect(overview.status).toBe(200);
    const today = (overview.body as unknown as OverviewResponse).today;
    // Both calls reached the business; only the one the assistant took for the owner was saved.
    expect(today).toMatchObject({ conversations: 2, missed_calls_saved: 1 });
    // The automations' polling list holds finished conversations of the assistant's, as its push hooks do.
    expect((await deps.data.conversations.latestFinished(line.ownerId, 10)).map((c) => c.id)).not.toContain(
      conversationIdOfCall(taken),
    );
  });

  it('a call the owner picked up lasts what they talked when Twilio says it (DialCallDuration)', async () => {
    const line = await lineIn('ring_first');
    const callSid = newCallSid();
    await twimlOf(await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, callSid)));
    await twimlOf(
      await post(
        VOICE_PATHS.ownerDialResult,
        callForm(line.assistantNumber, callSid, { DialCallStatus: 'completed', DialCallDuration: '42' }),
      ),
    );
    const [record] = await ownerRecords(line.ownerId);
    expect(record).toMatchObject({ owner_answered: true, call_route: 'ring_first' });
    expect(durationSeconds(record!.started_at, record!.ended_at)).toBe(42);
  });

  it("over the day's conversation limit the call is not logged, and still not taken for a missed one", async () => {
    const line = await lineIn('ring_first');
    const limit = RECEPTIONIST_LIMITS.conversationsPerDay;
    const { Key } = deps.rateLimiter.countedHit(`conversations#${line.ownerId}`, limit, 86_400).Update;
    await doc.send(new PutCommand({ TableName: tableName, Item: { ...Key, hits: limit } }));
    const callSid = newCallSid();
    await twimlOf(await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, callSid)));
    await twimlOf(
      await post(
        VOICE_PATHS.ownerDialResult,
        callForm(line.assistantNumber, callSid, { DialCallStatus: 'completed' }),
      ),
    );
    expect(await ownerRecords(line.ownerId)).toEqual([]);
    expect(await deps.data.businessLineRings.get(callSid)).toMatchObject({ pickedUp: true });
  });

  it('a call the business line forwarded here is answered at once, never dialled back to that line', async () => {
    const line = await lineIn('ring_first');
    const callSid = newCallSid();
    const form = callForm(line.assistantNumber, callSid, { ForwardedFrom: BUSINESS_LINE });
    const { twiml } = await twimlOf(await post(VOICE_PATHS.incoming, form));
    expect(twiml.dial).toBeUndefined();
    expect(twiml.relay).toBeDefined();
    expect(await recordOf(line.ownerId, callSid)).toMatchObject({ call_route: 'assistant', forwarded: true });
  });
});

describe('after hours only', () => {
  it('11:00 on a weekday goes to the business line; 21:00 to the assistant, who offers the next open day', async () => {
    const line = await lineIn('after_hours');
    const open = newCallSid();
    const inHours = await twimlOf(
      await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, open), { callTime: at(10, 11) }),
    );
    // Twilio's own wait (no timeout), and an action that will log the call, with nothing stored before it.
    expect(inHours.twiml).toMatchObject({ dial: BUSINESS_LINE, dialTimeout: undefined, relay: undefined });
    expect(inHours.twiml.dialAction).toMatch(
      new RegExp(`^${TEST_API_ORIGIN}${VOICE_PATHS.ownerDialResult}\\?line=business&rang_at_ms=\\d+$`),
    );
    expect(await deps.data.conversationStates.get(conversationIdOfCall(open))).toBeUndefined();
    expect(await ownerRecords(line.ownerId)).toEqual([]);

    const closed = newCallSid();
    const evening = await twimlOf(
      await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, closed), { callTime: at(10, 21) }),
    );
    expect(evening.twiml.dial).toBeUndefined();
    expect(evening.twiml.relay?.welcomeGreeting).toBe(
      DEFAULT_GREETINGS.after_hours('Sunset Cuts', 'Ava', 'tomorrow'),
    );
    expect(evening.twiml.relay?.welcomeGreeting).toContain(
      "we're closed right now, but I can book you for tomorrow",
    );
    expect(await recordOf(line.ownerId, closed)).toMatchObject({ call_route: 'after_hours' });

    // Friday evening: the next open day is Monday.
    const weekend = await twimlOf(
      await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, newCallSid()), {
        callTime: at(13, 21),
      }),
    );
    expect(weekend.twiml.relay?.welcomeGreeting).toContain('I can book you for Monday');
  });

  /** An in-hours call's first ring; its <Dial action> path (with the query Twilio signs) and when it rang. */
  async function inHoursCall(assistantNumber: string) {
    const callSid = newCallSid();
    const before = Date.now();
    const { twiml } = await twimlOf(
      await post(VOICE_PATHS.incoming, callForm(assistantNumber, callSid), { callTime: at(10, 11) }),
    );
    const action = new URL(twiml.dialAction!);
    return { callSid, before, path: `${action.pathname}${action.search}` };
  }

  it('in hours, a call the owner picked up is in their call log as answered by them, as long as they talked, once', async () => {
    const line = await lineIn('after_hours');
    const { callSid, before, path } = await inHoursCall(line.assistantNumber);
    const form = callForm(line.assistantNumber, callSid, {
      DialCallStatus: 'completed',
      DialCallDuration: '95',
    });
    // Twilio's retries, some of them at once.
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(path, form)));
    for (const answer of answers) expect((await twimlOf(answer)).twiml).toMatchObject({ hangUp: true });
    await twimlOf(await post(path, form));

    const records = await ownerRecords(line.ownerId);
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({
      id: conversationIdOfCall(callSid),
      caller: CALLER,
      call_route: 'business_line',
      owner_answered: true,
      outcome: 'answered',
      transcript: [],
      objectives_met: {},
      summary: OWNER_ANSWERED_SUMMARY,
    });
    expect(record!.answered_at).toBeUndefined();
    // It starts when the business line rang, and lasts what the owner talked (DialCallDuration).
    expect(Date.parse(record!.started_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(record!.started_at)).toBeLessThan(Date.now());
    expect(durationSeconds(record!.started_at, record!.ended_at)).toBe(95);
    expect(callRouteLabel(record!)).toBe('Answered by you');
    // Counted once against the owner's day of conversations; no conversation was started.
    const { Key } = deps.rateLimiter.countedHit(
      `conversations#${line.ownerId}`,
      RECEPTIONIST_LIMITS.conversationsPerDay,
      86_400,
    ).Update;
    expect((await doc.send(new GetCommand({ TableName: tableName, Key }))).Item?.hits).toBe(1);
    expect(await deps.data.conversationStates.get(conversationIdOfCall(callSid))).toBeUndefined();
  });

  it('in hours, a call nobody picked up is a missed call in the log, not a missed call saved', async () => {
    const owner = await createConfirmedUser(services, 'business-line-missed');
    const line = await lineIn('after_hours', {}, owner.sub);
    const sids: Record<string, string> = {};
    for (const status of ['no-answer', 'busy', 'canceled'] as const) {
      const { callSid, path } = await inHoursCall(line.assistantNumber);
      sids[status] = callSid;
      const form = callForm(line.assistantNumber, callSid, { DialCallStatus: status });
      // The caller's call ends there, as after a plain <Dial>: never the assistant in opening hours.
      expect((await twimlOf(await post(path, form))).twiml).toMatchObject({ hangUp: true, relay: undefined });
      // A retried callback writes nothing more.
      await twimlOf(await post(path, form));
    }
    const records = await ownerRecords(line.ownerId);
    expect(records).toHaveLength(3);
    for (const record of records)
      expect(record).toMatchObject({
        call_route: 'business_line',
        owner_answered: false,
        outcome: 'missed',
        summary: OWNER_MISSED_SUMMARY,
        transcript: [],
      });
    const byId = new Map(records.map((record) => [record.id, record]));
    expect(byId.get(conversationIdOfCall(sids['no-answer']!))?.owner_dial_status).toBe('no-answer');
    expect(byId.get(conversationIdOfCall(sids.busy!))?.owner_dial_status).toBe('busy');
    expect(byId.get(conversationIdOfCall(sids.canceled!))?.owner_dial_status).toBeUndefined();

    const log = await callApi(app, 'GET', `/oauth/users/${line.ownerId}/conversations`, owner.tokens.IdToken);
    expect(log.status).toBe(200);
    const entries = (log.body as unknown as CallLogPage).entries;
    const labelOf = (status: string) =>
      callRouteLabel(entries.find((e) => e.id === conversationIdOfCall(sids[status]!))!);
    expect(labelOf('no-answer')).toBe('Nobody picked up your business phone');
    expect(labelOf('busy')).toBe('Your business phone was busy');
    expect(labelOf('canceled')).toBe('The caller hung up while your business phone rang');
    expect(entries.every((e) => e.outcome === 'missed' && e.owner_answered === false)).toBe(true);
    // Filtered by the new outcome too.
    const missedOnly = await callApi(
      app,
      'GET',
      `/oauth/users/${line.ownerId}/conversations?outcome=missed`,
      owner.tokens.IdToken,
    );
    expect((missedOnly.body as unknown as CallLogPage).entries).toHaveLength(3);

    const overview = await callApi(app, 'GET', `/oauth/users/${line.ownerId}/overview`, owner.tokens.IdToken);
    expect(overview.status).toBe(200);
    // The calls reached the business; the assistant saved none of them.
    expect((overview.body as unknown as OverviewResponse).today).toMatchObject({
      conversations: 3,
      missed_calls_saved: 0,
    });
    expect(await deps.data.conversations.latestFinished(line.ownerId, 10)).toEqual([]);
  });

  it('refuses a business-line result without its ring start (400), writing nothing', async () => {
    const line = await lineIn('after_hours');
    const callSid = newCallSid();
    const form = callForm(line.assistantNumber, callSid, { DialCallStatus: 'completed' });
    for (const query of ['?line=business', '?line=business&rang_at_ms=soon', '?line=other&rang_at_ms=1']) {
      const response = await post(`${VOICE_PATHS.ownerDialResult}${query}`, form);
      expect(response.status, query).toBe(400);
    }
    expect(await ownerRecords(line.ownerId)).toEqual([]);
  });

  it('refuses a business-line result that is unsigned, or whose signed ring start was changed (403), writing nothing', async () => {
    const line = await lineIn('after_hours');
    const callSid = newCallSid();
    const form = callForm(line.assistantNumber, callSid, { DialCallStatus: 'completed' });
    const path = `${VOICE_PATHS.ownerDialResult}?line=business&rang_at_ms=1764000000000`;
    expect((await post(path, form, { sign: false })).status).toBe(403);
    // Signed for one ring start, sent with another: the query is part of what Twilio signs.
    const signedFor = `${TEST_API_ORIGIN}${path}`;
    const altered = await postTwilioForm(app, signedFor.replace('1764000000000', '1700000000000'), form, {
      signedFor,
    });
    expect(altered.status).toBe(403);
    expect(await ownerRecords(line.ownerId)).toEqual([]);
  });

  it('always mode keeps the usual welcome at any hour', async () => {
    const line = await lineIn('always');
    const { twiml } = await twimlOf(
      await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, newCallSid()), {
        callTime: at(10, 11),
      }),
    );
    expect(twiml.relay?.welcomeGreeting).toBe(
      'Thanks for calling Sunset Cuts, this is Ava. How can I help you today?',
    );
  });
});

describe('greetings are spoken as plain text', () => {
  it('markup and SSML in a stored greeting are escaped in the TwiML, never read as elements', async () => {
    // Stored straight in the table: the API refuses markup, the TwiML must still never carry it as markup.
    const hostile = `<Say>pwned</Say></ConversationRelay><Hangup/> <speak><break time="9s"/></speak> & "Tom's"`;
    const line = await lineIn('ring_first', {
      greetings: { ring_first: hostile, after_hours: hostile, always: hostile },
    });
    const ringFirst = await twimlOf(
      await post(
        VOICE_PATHS.ownerDialResult,
        callForm(line.assistantNumber, newCallSid(), { DialCallStatus: 'no-answer' }),
      ),
    );
    expect(ringFirst.twiml.relay?.welcomeGreeting).toBe(hostile);
    expect(ringFirst.twiml.hangUp).toBe(false);
    expect(ringFirst.twiml.say).toBeUndefined();
    expect(ringFirst.xml).not.toContain('<speak>');
    expect(ringFirst.xml).not.toContain('<Hangup/>');

    await deps.data.businessConfigs.updateConfigFields(line.ownerId, { answer_mode: 'after_hours' });
    const afterHours = await twimlOf(
      await post(VOICE_PATHS.incoming, callForm(line.assistantNumber, newCallSid()), {
        callTime: at(10, 21),
      }),
    );
    expect(afterHours.twiml.relay?.welcomeGreeting).toBe(hostile);
    expect(afterHours.xml).not.toContain('<break');
  });
});

describe('the local Twilio follows <Dial timeout action>', () => {
  async function dial(
    to: string,
    ringMs = 50,
    options: Pick<Parameters<typeof startLocalCall>[0], 'callTime' | 'now'> = {},
  ) {
    const events: LocalCallEvent[] = [];
    const call = await startLocalCall({
      account: deps.localTwilioAccount!,
      authToken: LOCAL_TWILIO_AUTH_TOKEN,
      dispatch: async (request) => app.fetch(request),
      from: CALLER,
      to,
      ringMs: () => ringMs,
      onEvent: (event) => events.push(event),
      ...options,
    });
    const until = async (done: (e: LocalCallEvent[]) => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!done(events)) {
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { call, events, until };
  }

  it('an unanswered business phone rings out after the wait, then the assistant answers', async () => {
    const line = await lineIn('ring_first');
    const started = Date.now();
    const { call, events, until } = await dial(line.assistantNumber, 300);
    expect(events[0]).toEqual({ type: 'business_ringing', to: BUSINESS_LINE, timeoutSeconds: 15 });
    await until((e) => e.some((x) => x.type === 'assistant'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(events.find((e) => e.type === 'assistant')).toMatchObject({
      token: DEFAULT_GREETINGS.ring_first('Sunset Cuts', 'Ava'),
    });
    await call.hangUp();
    expect(await recordOf(line.ownerId, call.callSid)).toMatchObject({
      call_route: 'ring_first',
      owner_dial_status: 'no-answer',
    });
  });

  it('a busy business phone hands over at once; an answered one stays with the business', async () => {
    const line = await lineIn('ring_first');
    const busy = await dial(line.assistantNumber, 60_000);
    busy.call.decline();
    await busy.until((e) => e.some((x) => x.type === 'assistant'));
    await busy.call.hangUp();
    expect(await recordOf(line.ownerId, busy.call.callSid)).toMatchObject({ owner_dial_status: 'busy' });

    const answered = await dial(line.assistantNumber, 60_000);
    answered.call.answerManager();
    await answered.until((e) => e.some((x) => x.type === 'business_connected'));
    await answered.call.hangUp();
    await answered.until((e) => e.some((x) => x.type === 'ended'));
    expect(answered.events.some((e) => e.type === 'assistant')).toBe(false);
    expect(
      await deps.data.conversationStates.get(conversationIdOfCall(answered.call.callSid)),
    ).toBeUndefined();
    // The owner's call log has it, as theirs (oldest first: after the busy one).
    expect(await ownerRecords(line.ownerId)).toEqual([
      expect.objectContaining({ owner_dial_status: 'busy' }),
      expect.objectContaining({
        id: conversationIdOfCall(answered.call.callSid),
        owner_answered: true,
        call_route: 'ring_first',
      }),
    ]);
  });

  it('a caller who hangs up while the business phone rings is texted back; a call the business took is not', async () => {
    const textsTo = async (assistantNumber: string) =>
      (await deps.localTwilioAccount!.thread(assistantNumber, CALLER))
        .filter((m) => m.direction === 'outbound')
        .map((m) => m.body);
    const missed = await lineIn('ring_first');
    const gaveUp = await dial(missed.assistantNumber, 60_000);
    await gaveUp.until((e) => e.some((x) => x.type === 'business_ringing'));
    await gaveUp.call.hangUp();
    await gaveUp.until((e) => e.some((x) => x.type === 'ended'));
    expect(gaveUp.events.some((e) => e.type === 'assistant')).toBe(false);
    expect(await textsTo(missed.assistantNumber)).toEqual([CALLER_TEXTS.en.missedCall('Sunset Cuts')]);

    const taken = await lineIn('ring_first');
    const answered = await dial(taken.assistantNumber, 60_000);
    answered.call.answerManager();
    await answered.until((e) => e.some((x) => x.type === 'business_connected'));
    await answered.call.hangUp();
    await answered.until((e) => e.some((x) => x.type === 'ended'));
    expect(await textsTo(taken.assistantNumber)).toEqual([]);
  });

  it('after hours only, in hours: the business phone rings; the call it took lasts the talk, one it missed is logged', async () => {
    const line = await lineIn('after_hours');
    let clock = Date.now();
    const answered = await dial(line.assistantNumber, 60_000, {
      callTime: new Date(at(10, 11)),
      now: () => clock,
    });
    // Twilio's default wait: the TwiML gives no timeout, as the plain <Dial> before it.
    expect(answered.events[0]).toEqual({ type: 'business_ringing', to: BUSINESS_LINE, timeoutSeconds: 30 });
    answered.call.answerManager();
    await answered.until((e) => e.some((x) => x.type === 'business_connected'));
    clock += 65_000;
    await answered.call.hangUp();
    await answered.until((e) => e.some((x) => x.type === 'ended'));
    expect(answered.events.some((e) => e.type === 'assistant')).toBe(false);
    const [taken] = await ownerRecords(line.ownerId);
    expect(taken).toMatchObject({
      id: conversationIdOfCall(answered.call.callSid),
      call_route: 'business_line',
      owner_answered: true,
    });
    // The local Twilio posts DialCallDuration with the completed leg, as Twilio does.
    expect(durationSeconds(taken!.started_at, taken!.ended_at)).toBe(65);

    // The caller hangs up while the business phone rings: Twilio's action says canceled.
    const gaveUp = await dial(line.assistantNumber, 60_000, { callTime: new Date(at(10, 11)) });
    await gaveUp.until((e) => e.some((x) => x.type === 'business_ringing'));
    await gaveUp.call.hangUp();
    await gaveUp.until((e) => e.some((x) => x.type === 'ended'));
    const missed = (await ownerRecords(line.ownerId)).find(
      (r) => r.id === conversationIdOfCall(gaveUp.call.callSid),
    );
    expect(missed).toMatchObject({ call_route: 'business_line', owner_answered: false, outcome: 'missed' });
  });

  it('follows the Twilio timeout by default (the TwiML seconds, not the shortened test wait)', async () => {
    const line = await lineIn('ring_first', { ring_seconds: 10 });
    const events: LocalCallEvent[] = [];
    const call = await startLocalCall({
      account: deps.localTwilioAccount!,
      authToken: LOCAL_TWILIO_AUTH_TOKEN,
      dispatch: async (request) => app.fetch(request),
      from: CALLER,
      to: line.assistantNumber,
      onEvent: (event) => events.push(event),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Still ringing a second in: the faithful wait is the TwiML's 10 s.
    expect(events.map((e) => e.type)).toEqual(['business_ringing']);
    await call.hangUp();
  });
});

describe('PUT /oauth/users/{userId}/answer-mode', async () => {
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'modes-owner'),
    createConfirmedUser(services, 'modes-other'),
  ]);
  const token = owner.tokens.IdToken;
  const path = `/oauth/users/${owner.sub}/answer-mode`;
  await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Sunset Cuts' });
  const stored = async () => deps.data.businessConfigs.getConfig(owner.sub);

  it('refuses bad input with a 400 and a clear message, storing nothing', async () => {
    const cases = [
      [{ answer_mode: 'sometimes' }, 'answer_mode'],
      [{ answer_mode: 'always', ring_seconds: 9 }, 'Ring for at least 10 seconds'],
      [{ answer_mode: 'always', ring_seconds: 31 }, 'Ring for at most 30 seconds'],
      [{ answer_mode: 'always', ring_seconds: 12.5 }, 'whole number'],
      [
        { answer_mode: 'always', greetings: { always: 'x'.repeat(GREETING_MAX_CHARS + 1) } },
        `at most ${GREETING_MAX_CHARS}`,
      ],
      [
        { answer_mode: 'always', greetings: { always: 'Hi <speak>there</speak>' } },
        ANSWER_MODE_ERRORS.markup,
      ],
      [{ answer_mode: 'always', greetings: { sometimes: 'Hi' } }, 'greetings'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await callApi(app, 'PUT', path, token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBeTruthy();
      expect(response.body.message).toContain(message);
    }
    expect((await stored())?.answer_mode).toBeUndefined();
  });

  it('ring me first and after hours need a business phone; after hours needs opening hours (409)', async () => {
    const noPhone = await callApi(app, 'PUT', path, token, { answer_mode: 'ring_first' });
    expect(noPhone.status).toBe(409);
    expect(noPhone.body).toEqual({
      error: 'business_phone_required',
      message: ANSWER_MODE_ERRORS.businessPhoneRequired,
    });
    await deps.data.businessConfigs.updateConfigFields(owner.sub, { phone_number: '+14155550177' });
    const noHours = await callApi(app, 'PUT', path, token, { answer_mode: 'after_hours' });
    expect(noHours.status).toBe(409);
    expect(noHours.body).toEqual({
      error: 'opening_hours_required',
      message: ANSWER_MODE_ERRORS.openingHoursRequired,
    });
    expect((await stored())?.answer_mode).toBeUndefined();
  });

  it('stores the mode, ring seconds and trimmed greetings, and answers with the config', async () => {
    await deps.data.businessConfigs.updateConfigFields(owner.sub, { business_hours: HOURS });
    const saved = await callApi(app, 'PUT', path, token, {
      answer_mode: 'after_hours',
      ring_seconds: 25,
      greetings: { after_hours: '  We are closed, but I can help.  ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      answer_mode: 'after_hours',
      ring_seconds: 25,
      greetings: { after_hours: 'We are closed, but I can help.' },
    });
    expect(await stored()).toMatchObject({ answer_mode: 'after_hours', ring_seconds: 25 });
  });

  it("is the owner's only: another user's token is refused", async () => {
    const response = await callApi(app, 'PUT', path, other.tokens.IdToken, { answer_mode: 'always' });
    expect(response.status).toBe(403);
  });
});
