import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import type { StoredEmail } from '../../backend/src/providers/email/port';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { createNotificationJobs } from '../../backend/src/capabilities/notifications/jobs';
import { collectTurn } from '../../backend/src/capabilities/receptionist/receptionist';
import {
  amendConversation,
  conversationAmender,
} from '../../backend/src/capabilities/voice/relay/conversation-amend';
import { zonedInstant } from '../../shared/receptionist/business-time';
import type { Conversation } from '../../shared/schemas/conversation';
import { NOTIFICATION_LIMITS } from '../../shared/notifications';
import { callApi } from '../support/api-calls';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { onboardLocalPayouts, saveDepositObjective } from '../support/payouts';

const LA = 'America/Los_Angeles';
const CALLER = '+14155550123';
const MINUTE = 60_000;
/**
 * Monday 2026-12-14, 10:00 in Los Angeles; tests move it. Ahead of the real time: DynamoDB Local's TTL
 * deletes items (a number's pending claim) whose expiry is in the real past.
 */
let clock = zonedInstant({ year: 2026, month: 12, day: 14, hour: 10, minute: 0 }, LA);
const advance = (minutes: number) => (clock = new Date(clock.getTime() + minutes * MINUTE));

describe('Notifications: after-conversation e-mails, urgent texts, digest, unsubscribe', async () => {
  const { app, deps, services } = await createTestApp({}, { now: () => clock });
  const outbox = deps.localOutbox!;

  /** An owner with an assistant line whose summaries go to a fresh address. */
  async function owner(prefs: Record<string, unknown> = {}) {
    const line = await createAssistantLine(deps);
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, {
      time_zone: LA,
      escalation_email: email,
    });
    if (Object.keys(prefs).length) {
      await deps.data.notifications.savePreferences(
        line.ownerId,
        {
          summary_email: true,
          urgent_sms: false,
          urgent_sms_number: '',
          urgent_sms_reasons: ['transfer_failed', 'message_taken', 'deposit_paid'],
          daily_digest: true,
          email,
          ...prefs,
        },
        clock,
      );
    }
    return { ...line, email };
  }
  const mailTo = async (email: string, kind?: string): Promise<StoredEmail[]> =>
    (await outbox.list()).filter((m) => m.to === email && (!kind || m.kind === kind));
  const runJobs = async (jobs = 'sweep') => {
    const response = await app.request(`/local/notifications/run?jobs=${jobs}`, { method: 'POST' });
    expect(response.status).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const text = (assistantNumber: string, body: string) => {
    const url = `${TEST_API_ORIGIN}/webhooks/twilio/sms`;
    const form = {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
      From: CALLER,
      To: assistantNumber,
      Body: body,
      NumMedia: '0',
    };
    return app.request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, url, form),
      },
      body: new URLSearchParams(form).toString(),
    });
  };
  const unsubscribeLinkIn = (mail: StoredEmail) => {
    const match = mail.text.match(/Unsubscribe: (\S+)/);
    expect(match).not.toBeNull();
    return new URL(match![1]!);
  };

  it('a local SMS conversation is summarised once after 30 quiet minutes, and the next text starts anew', async () => {
    const { assistantNumber, email } = await owner();
    expect((await text(assistantNumber, 'Do you do color?')).status).toBe(200);
    advance(5);
    expect((await text(assistantNumber, 'And how much is a haircut?')).status).toBe(200);
    advance(NOTIFICATION_LIMITS.smsQuietMinutes - 1);
    await runJobs();
    expect(await mailTo(email)).toEqual([]);
    advance(2);
    await runJobs();
    await runJobs();
    const mails = await mailTo(email, 'notification-summary');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Bella Hair Studio: text conversation with (415) 555-0123 (Answered)');
    expect(mail.text).toContain('Caller: (415) 555-0123');
    expect(mail.text).toContain('Channel: SMS');
    expect(mail.text).toContain('When: Monday, December 14 at 10:00 AM (America/Los_Angeles)');
    expect(mail.text).toContain('Duration: 5m 00s');
    expect(mail.text).toContain('Outcome: Answered');
    expect(mail.text).toContain('Amount collected: $0');
    expect(mail.text).toContain('Summary: Asked: “Do you do color?”');
    expect(mail.text).toMatch(
      /Open the conversation: http:\/\/localhost:5173\/dashboard\?tab=calls&conversation=/,
    );
    expect(mail.text).toContain(`Call back: tel:${CALLER}`);
    expect(mail.headers).toEqual([
      { name: 'List-Unsubscribe', value: `<${unsubscribeLinkIn(mail).toString()}>` },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);
    // The quiet thread was closed, so the next text is a new conversation with its own summary later.
    advance(10);
    await text(assistantNumber, 'One more question: are you open Sunday?');
    advance(NOTIFICATION_LIMITS.smsQuietMinutes + 1);
    await runJobs();
    expect(await mailTo(email, 'notification-summary')).toHaveLength(2);
  });

  it('a call that ends gets one summary even when finished many times in parallel, without the sweep', async () => {
    const { ownerId, assistantNumber, email } = await owner();
    const call = await deps.receptionist.startConversation({
      ownerId,
      channel: 'voice',
      caller: CALLER,
      assistantNumber,
      externalId: `CA${randomBytes(16).toString('hex')}`,
    });
    await collectTurn(deps.receptionist, call.id, 'What are your hours?');
    advance(2);
    await Promise.all([
      ...Array.from({ length: 4 }, () => deps.receptionist.finish(call.id, 'call completed')),
      deps.notifier.deliverSummary(call.id),
      deps.notifier.deliverSummary(call.id),
    ]);
    await deps.notifier.settled();
    await runJobs();
    const mails = await mailTo(email, 'notification-summary');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/: call with \(415\) 555-0123 \(Answered\)$/);
    expect(mails[0]!.text).toContain('Channel: Call');
    expect(mails[0]!.text).toContain('Duration: 2m 00s');
  });

  it('sends nothing when summaries are off, and nothing for the owner’s own test chat', async () => {
    const off = await owner({ summary_email: false });
    const sms = await deps.receptionist.startConversation({
      ownerId: off.ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber: off.assistantNumber,
    });
    await collectTurn(deps.receptionist, sms.id, 'hello, bye');
    await deps.receptionist.finish(sms.id, 'test');
    const on = await owner();
    const test = await deps.receptionist.startConversation({
      ownerId: on.ownerId,
      channel: 'test',
      caller: CALLER,
    });
    await collectTurn(deps.receptionist, test.id, 'What are your hours?');
    await deps.receptionist.finish(test.id, 'owner closed the test');
    await deps.notifier.settled();
    await runJobs();
    expect(await mailTo(off.email)).toEqual([]);
    expect(await mailTo(on.email)).toEqual([]);
  });

  it('an owner who left the escalation e-mail empty gets summaries at their sign-in address', async () => {
    const user = await createConfirmedUser(services, `notify-signin-${randomUUID().slice(0, 6)}`);
    await deps.data.businessConfigs.createConfig(user.sub, { business_name: 'Quiet Owner Salon' });
    const sms = await deps.receptionist.startConversation({
      ownerId: user.sub,
      channel: 'sms',
      caller: CALLER,
      assistantNumber: '+12125559876',
    });
    await collectTurn(deps.receptionist, sms.id, 'Do you do color?');
    await deps.receptionist.finish(sms.id, 'done');
    await deps.notifier.settled();
    const mails = await mailTo(user.email, 'notification-summary');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Quiet Owner Salon');
  });

  it('texts the owner’s mobile once when a message is taken', async () => {
    const mobile = '+14155550888';
    const { ownerId, assistantNumber } = await owner({ urgent_sms: true, urgent_sms_number: mobile });
    const sms = await deps.receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    await collectTurn(deps.receptionist, sms.id, 'Can I leave a message?');
    await collectTurn(deps.receptionist, sms.id, 'Jordan');
    await collectTurn(deps.receptionist, sms.id, 'Please call me about a refund');
    await Promise.all([deps.receptionist.finish(sms.id, 'done'), deps.notifier.deliverSummary(sms.id)]);
    await deps.notifier.settled();
    await runJobs();
    const texts = (await deps.localTwilioAccount!.thread(assistantNumber, mobile)).map((m) => m.body);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^Bella Hair Studio: Message taken from Jordan: Please call me about a refund \(\(415\) 555-0123\)\. http:\/\/localhost:5173\/dashboard\?tab=calls/,
    );
  });

  it('texts only the urgent reasons the owner picked', async () => {
    const mobile = '+14155550887';
    const { ownerId, assistantNumber, email } = await owner({
      urgent_sms: true,
      urgent_sms_number: mobile,
      urgent_sms_reasons: ['deposit_paid'],
    });
    const sms = await deps.receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    await collectTurn(deps.receptionist, sms.id, 'Can I leave a message?');
    await collectTurn(deps.receptionist, sms.id, 'Jordan');
    await collectTurn(deps.receptionist, sms.id, 'Please call me about a refund');
    await deps.receptionist.finish(sms.id, 'done');
    await deps.notifier.settled();
    await runJobs();
    // The summary went out (so the conversation was processed), but no text: messages were not picked.
    expect(await mailTo(email, 'notification-summary')).toHaveLength(1);
    expect(await deps.localTwilioAccount!.thread(assistantNumber, mobile)).toEqual([]);
  });

  it('texts the owner once when a transfer to them failed, and once when a deposit is paid', async () => {
    const mobile = '+14155550889';
    const { ownerId, assistantNumber } = await owner({ urgent_sms: true, urgent_sms_number: mobile });
    const textsToOwner = async () =>
      (await deps.localTwilioAccount!.thread(assistantNumber, mobile)).map((m) => m.body);

    const call = await deps.receptionist.startConversation({
      ownerId,
      channel: 'voice',
      caller: CALLER,
      assistantNumber,
    });
    await amendConversation(conversationAmender(deps.data, deps.receptionist), call.id, (state) => {
      state.actions.push({
        tool: 'transfer_result',
        ok: false,
        summary: 'The manager did not answer (no-answer)',
        at: clock.toISOString(),
      });
    });
    await Promise.all([
      deps.receptionist.finish(call.id, 'call completed'),
      deps.receptionist.finish(call.id, 'call completed'),
    ]);
    await deps.notifier.settled();
    expect(await textsToOwner()).toEqual([
      expect.stringMatching(
        /^Bella Hair Studio: a call from \(415\) 555-0123 could not be transferred to you\. http/,
      ),
    ]);

    await saveDepositObjective(deps, ownerId);
    await onboardLocalPayouts(deps, ownerId);
    const sms = await deps.receptionist.startConversation({
      ownerId,
      channel: 'sms',
      caller: CALLER,
      assistantNumber,
    });
    await collectTurn(deps.receptionist, sms.id, 'I want an appointment on Wednesday at 10am');
    await collectTurn(deps.receptionist, sms.id, 'yes, this is Ana');
    const link = (await deps.localTwilioAccount!.thread(assistantNumber, CALLER))
      .map((m) => m.body)
      .find((t) => t.includes('deposit here'));
    const sessionId = /\/pay\/(cs_[a-z0-9]+)/.exec(link!)![1]!;
    await Promise.all([deps.receptionist.depositPaid(sessionId), deps.receptionist.depositPaid(sessionId)]);
    const texts = await textsToOwner();
    expect(texts).toHaveLength(2);
    expect(texts[1]).toMatch(
      /^Bella Hair Studio: \(415\) 555-0123 paid a \$25 deposit\. http:\/\/localhost:5173\/dashboard\?tab=calls&conversation=/,
    );
  });

  it('an unsubscribe link turns that e-mail kind off without sign-in; a tampered one changes nothing', async () => {
    const a = await owner();
    const b = await owner();
    for (const who of [a, b]) {
      const call = await deps.receptionist.startConversation({
        ownerId: who.ownerId,
        channel: 'voice',
        caller: CALLER,
        assistantNumber: who.assistantNumber,
      });
      await collectTurn(deps.receptionist, call.id, 'hi');
      await deps.receptionist.finish(call.id, 'call completed');
    }
    await deps.notifier.settled();
    const [mail] = await mailTo(a.email, 'notification-summary');
    const link = unsubscribeLinkIn(mail!);
    const token = link.searchParams.get('token')!;
    const path = `${link.pathname}?token=`;

    const page = await app.request(`${path}${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop sending conversation summary e-mails?');

    // Someone edits the token to name owner B, or flips the kind, or cuts the signature: refused.
    const [version, kind, , signature] = token.split('.');
    const forged = [
      `${version}.${kind}.${Buffer.from(b.ownerId).toString('base64url')}.${signature}`,
      `${version}.digest.${token.split('.')[2]}.${signature}`,
      token.slice(0, -3),
      'garbage',
    ];
    for (const bad of forged) {
      const refused = await app.request(`${path}${encodeURIComponent(bad)}`, { method: 'POST' });
      expect(refused.status, bad).toBe(400);
      expect(await refused.text()).toContain('This unsubscribe link is not valid.');
    }
    expect((await deps.data.notifications.getPreferences(b.ownerId))?.summary_email ?? true).toBe(true);

    // One-click (RFC 8058): a POST with List-Unsubscribe=One-Click, no cookies, no token header.
    const done = await app.request(`${path}${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will no longer receive conversation summary e-mails.');
    expect(await deps.data.notifications.getPreferences(a.ownerId)).toMatchObject({
      summary_email: false,
      daily_digest: true,
      email: a.email,
    });
    expect((await deps.data.notifications.getPreferences(b.ownerId))?.summary_email ?? true).toBe(true);

    const again = await deps.receptionist.startConversation({
      ownerId: a.ownerId,
      channel: 'voice',
      caller: CALLER,
      assistantNumber: a.assistantNumber,
    });
    await deps.receptionist.finish(again.id, 'call completed');
    await deps.notifier.settled();
    expect(await mailTo(a.email, 'notification-summary')).toHaveLength(1);
  });

  it('the daily digest counts yesterday in the business’s time zone, at 7:00 there, once', async () => {
    const { ownerId, email } = await owner();
    await deps.data.businessConfigs.updateConfigFields(ownerId, {
      business_hours: {
        weekday_text: [
          'Monday: 9:00 AM – 5:00 PM',
          'Tuesday: 9:00 AM – 5:00 PM',
          'Wednesday: 9:00 AM – 5:00 PM',
          'Thursday: 9:00 AM – 5:00 PM',
          'Friday: 9:00 AM – 5:00 PM',
          'Saturday: Closed',
          'Sunday: Closed',
        ],
      },
    });
    const at = (day: number, hour: number, minute = 0) =>
      zonedInstant({ year: 2026, month: 12, day, hour, minute }, LA).toISOString();
    const record = (id: string, startedAt: string, extra: Partial<Conversation> = {}): Conversation => ({
      id,
      business_id: 'biz',
      channel: 'voice',
      caller: CALLER,
      started_at: startedAt,
      ended_at: startedAt,
      transcript: [{ speaker: 'caller', text: `question ${id}`, at: startedAt }],
      objectives_met: {},
      amount_collected_cents: 0,
      escalated: false,
      outcome: 'answered',
      ...extra,
    });
    await deps.data.conversations.saveConversations(ownerId, [
      // Tuesday Dec 1, 23:59 LA is Dec 2 07:59 UTC: the day before, not counted.
      record('before', at(1, 23, 59)),
      // Wednesday Dec 2 in LA: 00:00 (after hours), 10:00 booked with a deposit, 20:00 SMS, a test chat.
      record('midnight', at(2, 0, 0)),
      record('booked', at(2, 10), { outcome: 'deposit_paid', amount_collected_cents: 2500 }),
      record('evening-sms', at(2, 20), { channel: 'sms', outcome: 'message_taken' }),
      record('own-test', at(2, 11), { channel: 'test' }),
      // Thursday Dec 3, 00:00 LA: today, not yet counted.
      record('today', at(3, 0, 0)),
    ]);
    await deps.data.notifications.addDigestRecipient(ownerId, LA, clock);
    // A message taken on Wednesday afternoon, still waiting; one taken Tuesday is not that day's.
    for (const [day, hour] of [
      [2, 15],
      [1, 15],
    ] as const) {
      clock = new Date(at(day, hour));
      await deps.data.ownerMessages.save(ownerId, {
        conversation_id: 'evening-sms',
        name: 'Sam',
        callback_number: CALLER,
        reason: 'Call me back',
        channel: 'sms',
      });
    }

    clock = new Date(at(3, 6, 30));
    const jobs = createNotificationJobs(deps);
    await jobs.run(['digest']);
    expect(await mailTo(email, 'notification-digest')).toEqual([]);
    clock = new Date(at(3, 7, 5));
    // Two starts of the 7:00 slot in parallel, then the next hour's run: the day's digest goes out once.
    await Promise.all([jobs.run(['digest']), jobs.run(['digest'])]);
    clock = new Date(at(3, 8, 5));
    await jobs.run(['digest'], { anyHour: true });
    const digests = await mailTo(email, 'notification-digest');
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('Bella Hair Studio: 3 conversations yesterday');
    expect(digest.text).toContain('Yesterday (2026-12-02, America/Los_Angeles)');
    expect(digest.text).toContain('Conversations: 3');
    expect(digest.text).toContain('Bookings: 1');
    expect(digest.text).toContain('Deposits collected: $25');
    expect(digest.text).toContain('Messages waiting: 1');
    expect(digest.text).toContain(
      'Missed calls saved (calls your assistant answered that you did not pick up: your phone rang out or was busy, or you were closed): 1',
    );
    expect(digest.text).toContain('12:00 AM · Call');
    expect(digest.text).not.toContain('question before');
    expect(digest.text).not.toMatch(/Test ·/);
    expect(digest.headers?.[0]?.value).toMatch(
      /^<http:\/\/localhost:\d+\/notifications\/unsubscribe\?token=u1\.digest\./,
    );
  });

  it('GET/PUT preferences: defaults to the escalation e-mail, validates, and only for the token’s owner', async () => {
    const user = await createConfirmedUser(services, `notify-${randomUUID().slice(0, 6)}`);
    await deps.data.businessConfigs.createConfig(user.sub, { business_name: 'Prefs Place' });
    await deps.data.businessConfigs.updateConfigFields(user.sub, { escalation_email: 'front@prefs.example' });
    const path = `/oauth/users/${user.sub}/notifications`;
    const got = await callApi(app, 'GET', path, user.tokens.IdToken);
    expect(got).toEqual({
      status: 200,
      body: {
        summary_email: true,
        urgent_sms: false,
        urgent_sms_number: '',
        urgent_sms_reasons: ['transfer_failed', 'message_taken', 'deposit_paid'],
        daily_digest: true,
        email: 'front@prefs.example',
      },
    });
    const saved = await callApi(app, 'PUT', path, user.tokens.IdToken, {
      summary_email: false,
      urgent_sms: true,
      urgent_sms_number: '(415) 555-0111',
      urgent_sms_reasons: ['deposit_paid', 'message_taken', 'deposit_paid'],
      daily_digest: true,
      email: 'owner@prefs.example',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.urgent_sms_number).toBe('+14155550111');
    expect(saved.body.urgent_sms_reasons).toEqual(['message_taken', 'deposit_paid']);
    expect((await callApi(app, 'GET', path, user.tokens.IdToken)).body).toMatchObject({
      summary_email: false,
      urgent_sms_number: '+14155550111',
      urgent_sms_reasons: ['message_taken', 'deposit_paid'],
      email: 'owner@prefs.example',
    });
    for (const bad of [
      { urgent_sms: true, urgent_sms_number: '' },
      { urgent_sms_number: '+44 20 7946 0958' },
      { urgent_sms_number: '12345' },
      { urgent_sms: true, urgent_sms_number: '+14155550111', urgent_sms_reasons: [] },
      { urgent_sms_reasons: ['missed_call'] },
      { email: 'not-an-address' },
      { summary_email: 'yes' },
      { extra: true },
    ]) {
      const refused = await callApi(app, 'PUT', path, user.tokens.IdToken, {
        summary_email: true,
        urgent_sms: false,
        urgent_sms_number: '',
        daily_digest: true,
        email: 'owner@prefs.example',
        ...bad,
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error).toBeTruthy();
      expect(refused.body.message).toBeTruthy();
    }
    expect((await callApi(app, 'GET', path, user.tokens.IdToken)).body.email).toBe('owner@prefs.example');
    const other = await createConfirmedUser(services, `notify-other-${randomUUID().slice(0, 6)}`);
    expect((await callApi(app, 'GET', path, other.tokens.IdToken)).status).toBe(403);
    expect((await callApi(app, 'PUT', path, other.tokens.IdToken, got.body)).status).toBe(403);
    expect((await callApi(app, 'GET', path)).status).toBe(401);
  });
});
