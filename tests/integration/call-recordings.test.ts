import { afterAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  CALL_RECORDING_TEXTS,
  RECORDING_DISCLOSURE,
  RECORDINGS_PER_MONTH,
} from '../../shared/call-recordings';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { TWILIO_WEBHOOK_PATHS } from '../../backend/src/platform/http/webhook-paths';
import { startLocalCall, type LocalCallEvent } from '../../backend/src/local/twilio/local-call';
import { createLocalCallRecorder } from '../../backend/src/local/twilio/local-call-recorder';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { conversationIdOfCall, VOICE_PATHS } from '../../backend/src/capabilities/voice/voice-webhook-routes';
import { readVoiceTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { expireDueRecordings } from '../../backend/src/capabilities/recordings/index';
import { readWavInfo } from '../../backend/src/providers/speech/wav';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { callApi } from '../support/api-calls';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { startRelayStack } from '../support/relay-stack';
import { newCallSid } from '../support/signed-sms';

/**
 * Call recordings end to end on one machine (docs/decisions/184-call-recordings.md): the owner's switch,
 * the disclosure, the local telephony stand-in recording a call on two channels and posting Twilio's signed
 * recording status callback, the audio through our API, and its deletion at the provider on erasure and
 * expiry.
 */
const CALLER = '+14155550166';
const { app, deps, doc, tableName, services, close } = await startRelayStack();
afterAll(close);
const recordings = deps.localRecordings!;

async function recordedOwner(label: string, recording: boolean) {
  const owner = await createConfirmedUser(services, label);
  const line = await createAssistantLine(deps, { ownerId: owner.sub });
  const api = (method: string, path: string, body?: unknown) =>
    callApi(app, method, `/oauth/users/${owner.sub}${path}`, owner.tokens.IdToken, body);
  expect((await api('PUT', '/call-recording', { call_recording: recording })).body).toEqual({
    call_recording: recording,
  });
  return { owner, line, api };
}

async function placeCall(to: string, words: string[]) {
  const events: LocalCallEvent[] = [];
  const call = await startLocalCall({
    account: deps.localTwilioAccount!,
    authToken: LOCAL_TWILIO_AUTH_TOKEN,
    dispatch: async (request) => app.fetch(request),
    from: CALLER,
    to,
    recorder: createLocalCallRecorder({ speech: deps.providers.speech, recordings, assistantVoice: 'emma' }),
    onEvent: (event) => events.push(event),
  });
  for (const text of words) {
    const before = events.filter((e) => e.type === 'assistant' && e.last).length;
    call.say(text);
    const deadline = Date.now() + 10_000;
    while (events.filter((e) => e.type === 'assistant' && e.last).length === before) {
      if (Date.now() > deadline) throw new Error(`no reply to ${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await call.hangUp();
  return { call, events, conversationId: conversationIdOfCall(call.callSid) };
}

const signedPost = (path: string, form: Record<string, string>, token = LOCAL_TWILIO_AUTH_TOKEN) => {
  const url = `${TEST_API_ORIGIN}${path}`;
  return app.request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signTwilioRequest(token, url, form),
    },
    body: new URLSearchParams(form).toString(),
  });
};
const signedCallback = (form: Record<string, string>, token = LOCAL_TWILIO_AUTH_TOKEN) =>
  signedPost(TWILIO_WEBHOOK_PATHS.voiceRecording, form, token);

describe('call recordings', () => {
  it('is off by default: no disclosure, nothing recorded', async () => {
    const owner = await createConfirmedUser(services, 'rec-off');
    const line = await createAssistantLine(deps, { ownerId: owner.sub });
    const api = (method: string, path: string, body?: unknown) =>
      callApi(app, method, `/oauth/users/${owner.sub}${path}`, owner.tokens.IdToken, body);
    expect((await api('GET', '/call-recording')).body).toEqual({ call_recording: false });
    const { call, events, conversationId } = await placeCall(line.assistantNumber, [
      'Where are you located?',
    ]);
    expect(call.recordingSid).toBeUndefined();
    const greeting = events[0];
    expect(greeting?.type === 'assistant' && greeting.token).not.toContain(RECORDING_DISCLOSURE.en);
    expect((await api('GET', `/conversations/${conversationId}/recording`)).status).toBe(404);
  });

  it('when on, discloses first, records both sides on two channels and serves the audio to the owner only', async () => {
    const { owner, line, api } = await recordedOwner('rec-on', true);
    const { call, events, conversationId } = await placeCall(line.assistantNumber, [
      'Where are you located?',
    ]);
    const greeting = events[0];
    expect(greeting?.type === 'assistant' && greeting.token).toMatch(/^This call may be recorded\. Thanks/);
    expect(call.recordingSid).toMatch(/^RE[0-9a-f]{32}$/);
    // The disclosure is part of what the transcript shows the assistant said.
    const state = await deps.data.conversationStates.get(conversationId);
    expect(state!.turns[0]!.text).toMatch(/^This call may be recorded\./);

    const metadata = await api('GET', `/conversations/${conversationId}/recording`);
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({
      conversation_id: conversationId,
      status: 'completed',
      channels: 2,
    });
    expect(metadata.body.duration_seconds).toBeGreaterThan(0);
    expect(JSON.stringify(metadata.body)).not.toContain(call.recordingSid!);

    const audioPath = `/oauth/users/${owner.sub}/conversations/${conversationId}/recording/audio`;
    const stranger = await createConfirmedUser(services, 'rec-stranger');
    const refused = await app.request(audioPath, {
      headers: { Authorization: `Bearer ${stranger.tokens.IdToken}` },
    });
    expect(refused.status).toBe(403);
    expect((await app.request(audioPath)).status).toBe(401);
    const response = await app.request(audioPath, {
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    const wav = readWavInfo(bytes);
    expect(wav.channels).toBe(2);
    expect(wav.seconds).toBeGreaterThan(1);
    // The greeting is the assistant's (second channel): the caller's channel is silent at the start.
    const samples = new Int16Array(bytes.buffer.slice(44, 44 + 22050 * 4));
    const loudness = (channel: 0 | 1) =>
      samples.filter((_, i) => i % 2 === channel).reduce((sum, x) => sum + Math.abs(x), 0);
    expect(loudness(0)).toBe(0);
    expect(loudness(1)).toBeGreaterThan(0);
  });

  it('checks the callback: unsigned 403, bad input 400 with nothing stored, a retry changes nothing', async () => {
    const { owner, line, api } = await recordedOwner('rec-callback', true);
    const { call, conversationId } = await placeCall(line.assistantNumber, []);
    const stored = await deps.data.callRecordings.get(owner.sub, conversationId);
    expect(stored?.status).toBe('completed');
    const form = {
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      CallSid: call.callSid,
      RecordingSid: stored!.recording_sid,
      RecordingStatus: 'completed',
      RecordingDuration: '999',
      RecordingChannels: '2',
    };
    expect((await signedCallback(form, 'not-the-token')).status).toBe(403);
    const bad = await signedCallback({ ...form, RecordingSid: 'RE-nope' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('RecordingSid');
    // Retried (with whatever it carries), and a late in-progress: the stored recording stays as it was.
    expect((await signedCallback(form)).status).toBe(204);
    expect((await signedCallback({ ...form, RecordingStatus: 'in-progress' })).status).toBe(204);
    expect(await deps.data.callRecordings.get(owner.sub, conversationId)).toEqual(stored);
    expect((await api('GET', `/conversations/${conversationId}/recording`)).body.status).toBe('completed');
  });

  it('erasing the caller deletes the recording at the provider and its record', async () => {
    const { owner, line, api } = await recordedOwner('rec-erase', true);
    const { conversationId } = await placeCall(line.assistantNumber, ['Where are you located?']);
    const sid = (await deps.data.callRecordings.get(owner.sub, conversationId))!.recording_sid;
    expect(await recordings.exists(sid)).toBe(true);
    const erased = await api('POST', '/callers/erase', { phone: CALLER });
    expect(erased.status).toBe(200);
    expect(erased.body.erased).toMatchObject({ recordings: 1 });
    expect(await recordings.exists(sid)).toBe(false);
    expect((await api('GET', `/conversations/${conversationId}/recording`)).status).toBe(404);
    expect((await api('GET', `/conversations/${conversationId}/recording/audio`)).status).toBe(404);
  });

  it('the owner deletes one call’s recording: gone at the provider and here, the transcript stays', async () => {
    const { owner, line, api } = await recordedOwner('rec-delete', true);
    const { conversationId } = await placeCall(line.assistantNumber, ['Where are you located?']);
    const stored = (await deps.data.callRecordings.get(owner.sub, conversationId))!;
    const path = `/conversations/${conversationId}/recording`;
    // Another owner cannot, and a bad id is refused.
    const other = await createConfirmedUser(services, 'rec-delete-other');
    const foreign = await callApi(app, 'DELETE', `/oauth/users/${owner.sub}${path}`, other.tokens.IdToken);
    expect(foreign.status).toBe(403);
    expect((await api('DELETE', `/conversations/${'x'.repeat(101)}/recording`)).status).toBe(400);
    // Still being recorded: Twilio would refuse, so do we, and nothing changes.
    const setStatus = (status: string) =>
      doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.callRecording(owner.sub, conversationId),
          UpdateExpression: 'SET #status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status },
        }),
      );
    await setStatus('in-progress');
    const busy = await api('DELETE', path);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(CALL_RECORDING_TEXTS.stillRecording);
    expect(await recordings.exists(stored.recording_sid)).toBe(true);
    await setStatus('completed');

    const deleted = await api('DELETE', path);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ conversation_id: conversationId, deleted: true });
    expect(await recordings.exists(stored.recording_sid)).toBe(false);
    expect(await deps.data.callRecordings.get(owner.sub, conversationId)).toBeUndefined();
    expect(
      (await deps.data.callRecordings.dueOn(stored.due_day)).some(
        (d) => d.conversation_id === conversationId,
      ),
    ).toBe(false);
    expect((await api('GET', `${path}/audio`)).status).toBe(404);
    expect(await deps.data.conversationStates.get(conversationId)).toBeDefined();
    // Deleted already: 404.
    expect((await api('DELETE', path)).status).toBe(404);
  });

  it('a recording whose call was erased meanwhile is deleted at the provider as it arrives', async () => {
    const { owner, line } = await recordedOwner('rec-orphan', true);
    const { call, conversationId } = await placeCall(line.assistantNumber, []);
    const stored = (await deps.data.callRecordings.get(owner.sub, conversationId))!;
    await callApi(app, 'POST', `/oauth/users/${owner.sub}/callers/erase`, owner.tokens.IdToken, {
      phone: CALLER,
    });
    // Twilio still holds it (a retried callback, or one that raced the erasure).
    await recordings.save(stored.recording_sid, new Uint8Array(44));
    const late = await signedCallback({
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      CallSid: call.callSid,
      RecordingSid: stored.recording_sid,
      RecordingStatus: 'completed',
    });
    expect(late.status).toBe(204);
    expect(await recordings.exists(stored.recording_sid)).toBe(false);
    expect(await deps.data.callRecordings.get(owner.sub, conversationId)).toBeUndefined();
  });

  it('past the retention period the sweep deletes it at the provider; a longer period moves it on', async () => {
    const { owner, line, api } = await recordedOwner('rec-expiry', true);
    const { conversationId } = await placeCall(line.assistantNumber, []);
    const stored = (await deps.data.callRecordings.get(owner.sub, conversationId))!;
    expect((await api('PUT', '/privacy', { transcript_retention_days: 30 })).status).toBe(200);
    const moved = (await deps.data.callRecordings.get(owner.sub, conversationId))!;
    const in30 = new Date(Date.parse(stored.conversation_started_at) + 30 * 86_400_000);
    expect(moved.due_day).toBe(in30.toISOString().slice(0, 10));
    const sweep = (at: Date) => expireDueRecordings(deps, at);
    // The day before: kept.
    await sweep(new Date(in30.getTime() - 86_400_000));
    expect(await recordings.exists(stored.recording_sid)).toBe(true);
    // The owner lengthens the period on the due day itself: the sweep files it later instead.
    await deps.data.businessConfigs.updateConfigFields(owner.sub, { transcript_retention_days: 90 });
    await sweep(new Date(in30.getTime() + 3_600_000));
    expect(await recordings.exists(stored.recording_sid)).toBe(true);
    const in90 = new Date(Date.parse(stored.conversation_started_at) + 90 * 86_400_000);
    expect((await deps.data.callRecordings.get(owner.sub, conversationId))!.due_day).toBe(
      in90.toISOString().slice(0, 10),
    );
    expect((await sweep(new Date(in90.getTime() + 3_600_000))).deleted).toBeGreaterThanOrEqual(1);
    expect(await recordings.exists(stored.recording_sid)).toBe(false);
    expect(await deps.data.callRecordings.get(owner.sub, conversationId)).toBeUndefined();
  });

  it('a Spanish-serving business discloses in both languages; past the monthly limit a call is neither recorded nor disclosed', async () => {
    const { owner, line } = await recordedOwner('rec-es', true);
    await deps.data.businessConfigs.updateConfigFields(owner.sub, { languages: ['en', 'es'] });
    const both = await placeCall(line.assistantNumber, []);
    const greeting = both.events[0];
    expect(greeting?.type === 'assistant' && greeting.token).toMatch(
      /^This call may be recorded\. Esta llamada puede ser grabada\. /,
    );
    const month = new Date().toISOString().slice(0, 7);
    // The month's count at the limit, as a thousand recorded calls would leave it.
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.callRecordingMonth(owner.sub, month), count: RECORDINGS_PER_MONTH },
      }),
    );
    const over = await placeCall(line.assistantNumber, []);
    const unrecorded = over.events[0];
    expect(unrecorded?.type === 'assistant' && unrecorded.token).not.toContain('recorded');
    expect(over.call.recordingSid).toBeUndefined();
  });

  it('holds the monthly limit under parallel calls', async () => {
    const ownerId = `limit-${Date.now()}`;
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        deps.data.callRecordings.claimMonthlySlot(ownerId, '2026-11', `CA-limit-${i}`, 5),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(5);
  });

  it('counts a call once however often its webhook is retried, also at the limit', async () => {
    const ownerId = `retry-${Date.now()}`;
    const claim = (sid: string) => deps.data.callRecordings.claimMonthlySlot(ownerId, '2026-11', sid, 2);
    // The first delivery and its retries racing it: one slot, every delivery recorded.
    expect(await Promise.all(Array.from({ length: 6 }, () => claim('CA-first')))).toEqual(
      Array(6).fill(true),
    );
    expect(await claim('CA-second')).toBe(true);
    // The month is full: a retry of a counted call keeps its slot, a new call is refused (and so is its retry).
    expect(await claim('CA-second')).toBe(true);
    expect(await claim('CA-third')).toBe(false);
    expect(await claim('CA-third')).toBe(false);
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.callRecordingMonth(ownerId, '2026-11') }),
    );
    expect(Item?.count).toBe(2);
  });

  it('a retried incoming-call webhook is disclosed again but takes no second slot', async () => {
    const { owner, line } = await recordedOwner('rec-retry', true);
    const form = {
      CallSid: newCallSid(),
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: CALLER,
      To: line.assistantNumber,
    };
    const greetings: Array<string | undefined> = [];
    for (let delivery = 0; delivery < 3; delivery++) {
      const response = await signedPost(VOICE_PATHS.incoming, form);
      expect(response.status).toBe(200);
      greetings.push(readVoiceTwiml(await response.text()).relay?.welcomeGreeting);
    }
    for (const greeting of greetings) expect(greeting).toMatch(/^This call may be recorded\. /);
    const month = new Date().toISOString().slice(0, 7);
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.callRecordingMonth(owner.sub, month) }),
    );
    expect(Item?.count).toBe(1);
  });

  it('refuses a bad setting with a 400 and keeps the stored one', async () => {
    const { api } = await recordedOwner('rec-bad', true);
    for (const bad of [{}, { call_recording: 'yes' }, { call_recording: true, extra: 1 }])
      expect((await api('PUT', '/call-recording', bad)).status).toBe(400);
    expect((await api('GET', '/call-recording')).body).toEqual({ call_recording: true });
  });
});
