import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CALLER_TEXTS, SMS_TEXTS } from '../../shared/caller-texts';
import { SMS_CALLER_HOURLY_LIMIT } from '../../shared/sms';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { messagesInTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { createAssistantLine, setSubscription, TEST_API_ORIGIN } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

const SMS_URL = `${TEST_API_ORIGIN}/webhooks/twilio/sms`;
const CALLER = '+14155550199';
const newSid = () => `SM${randomBytes(16).toString('hex')}`;

describe('POST /webhooks/twilio/sms', async () => {
  const { app, deps, doc, tableName } = await createTestApp();
  /** What the assistant heard from a texter of a line (the receptionist's stored turns of the thread). */
  const heard = async (ownerId: string, caller = CALLER) => {
    const threadId = await deps.data.conversationStates.openThread(ownerId, 'sms', caller, new Date(0));
    const conversation = threadId ? await deps.data.conversationStates.get(threadId) : undefined;
    return (conversation?.turns ?? []).filter((t) => t.speaker === 'caller').map((t) => t.text);
  };

  const params = (to: string, body: string, overrides: Record<string, string> = {}) => ({
    MessageSid: newSid(),
    AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
    From: CALLER,
    To: to,
    Body: body,
    NumMedia: '0',
    ...overrides,
  });
  const post = (
    form: Record<string, string>,
    signature: string | null = signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, SMS_URL, form),
  ) =>
    app.request(SMS_URL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(signature === null ? {} : { 'X-Twilio-Signature': signature }),
      },
      body: new URLSearchParams(form).toString(),
    });
  const repliesOf = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    return messagesInTwiml(await response.text());
  };
  const handled = async (sid: string) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: keys.smsInbound(sid) }))).Item;

  it('refuses unsigned, forged and tampered requests with 403 and stores nothing', async () => {
    const line = await createAssistantLine(deps);
    const form = params(line.assistantNumber, 'Are you open today?');
    const unsigned = await post(form, null);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toEqual({ error: 'forbidden', message: 'Invalid Twilio signature' });
    expect((await post(form, 'Zm9yZ2VkIHNpZ25hdHVyZQ==')).status).toBe(403);
    expect((await post(form, signTwilioRequest('another-account-token', SMS_URL, form))).status).toBe(403);
    const signed = signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, SMS_URL, form);
    expect((await post({ ...form, Body: 'STOP' }, signed)).status).toBe(403);
    expect(await handled(form.MessageSid)).toBeUndefined();
    expect(await heard(line.ownerId)).toEqual([]);
  });

  it('answers with the assistant as TwiML and handles a MessageSid once, even delivered in parallel', async () => {
    const line = await createAssistantLine(deps);
    const form = params(line.assistantNumber, 'Do you do color?');
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(form)));
    const replies = await Promise.all(responses.map(repliesOf));
    const answered = replies.filter((r) => r.length > 0);
    expect(answered).toHaveLength(1);
    expect(answered[0]).toEqual([
      expect.stringMatching(/^Bella Hair Studio is a hair and beauty salon offering haircuts, colour/),
    ]);
    expect(await heard(line.ownerId)).toEqual(['Do you do color?']);
    expect(await handled(form.MessageSid)).toMatchObject({ status: 'done', outcome: 'answered' });
    // The thread was answered by its first reply (the Overview's time to answer).
    const [record] = await deps.data.conversations.listConversations(
      line.ownerId,
      new Date(0),
      new Date(Date.now() + 60_000),
    );
    expect(record!.answered_at).toBe(record!.transcript.find((t) => t.speaker === 'assistant')!.at);
  });

  it("remembers STOP without a second reply (Twilio's Advanced Opt-Out answers it); nothing reaches the texter until START", async () => {
    const line = await createAssistantLine(deps);
    const stop = params(line.assistantNumber, ' stop ', { OptOutType: 'STOP' });
    expect(await repliesOf(await post(stop))).toEqual([]);
    expect(await handled(stop.MessageSid)).toMatchObject({ status: 'done', outcome: 'opted_out' });
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, CALLER)).toBe(true);
    expect(await repliesOf(await post(params(line.assistantNumber, 'What are your hours?')))).toEqual([]);
    expect(await heard(line.ownerId)).toEqual([]);
    const help = params(line.assistantNumber, 'HELP', { OptOutType: 'HELP' });
    expect(await repliesOf(await post(help))).toEqual([]);
    expect(await handled(help.MessageSid)).toMatchObject({ outcome: 'help' });

    const start = params(line.assistantNumber, 'START', { OptOutType: 'START' });
    expect(await repliesOf(await post(start))).toEqual([]);
    expect(await handled(start.MessageSid)).toMatchObject({ outcome: 'opted_in' });
    expect(await repliesOf(await post(params(line.assistantNumber, 'Where are you?')))).toEqual([
      expect.stringContaining("We're at 12 Market St, San Francisco, CA."),
    ]);
    expect(await heard(line.ownerId)).toEqual(['Where are you?']);
  });

  it('matches keywords itself, by the same table, when Twilio sends no OptOutType', async () => {
    const line = await createAssistantLine(deps);
    const cancel = params(line.assistantNumber, 'Cancel.');
    expect(await repliesOf(await post(cancel))).toEqual([]);
    expect(await handled(cancel.MessageSid)).toMatchObject({ outcome: 'opted_out' });
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, CALLER)).toBe(true);
    // YES is no opt-in keyword on our numbers: an opted-out texter stays opted out until START or UNSTOP.
    const yes = params(line.assistantNumber, 'Yes');
    expect(await repliesOf(await post(yes))).toEqual([]);
    expect(await handled(yes.MessageSid)).toMatchObject({ outcome: 'ignored_opted_out' });
    const unstop = params(line.assistantNumber, 'unstop');
    await post(unstop);
    expect(await handled(unstop.MessageSid)).toMatchObject({ outcome: 'opted_in' });
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, CALLER)).toBe(false);
  });

  it("trusts Twilio's OptOutType over the body: a service that still lists YES opts the texter in", async () => {
    const line = await createAssistantLine(deps);
    await deps.data.smsMessaging.optOut(line.assistantNumber, CALLER, line.ownerId);
    const yes = params(line.assistantNumber, 'YES', { OptOutType: 'START' });
    expect(await repliesOf(await post(yes))).toEqual([]);
    expect(await handled(yes.MessageSid)).toMatchObject({ outcome: 'opted_in' });
    expect(await heard(line.ownerId)).toEqual([]);
  });

  it("keeps one texter's STOP to one number: another business's number still answers them", async () => {
    const [first, second] = [await createAssistantLine(deps), await createAssistantLine(deps)];
    await post(params(first.assistantNumber, 'STOP', { OptOutType: 'STOP' }));
    expect(await repliesOf(await post(params(second.assistantNumber, 'hello there')))).toEqual([
      expect.stringMatching(/thank you for calling Bella Hair Studio\./),
    ]);
  });

  it("gives a lapsed owner's texter no AI reply: one short text with the business's number, once a day", async () => {
    const line = await createAssistantLine(deps, { subscription: 'canceled' });
    const first = await repliesOf(await post(params(line.assistantNumber, 'Can I book a cut?')));
    expect(first).toEqual([SMS_TEXTS.lapsed(line.businessName, '(415) 555-0142')]);
    expect(first[0]).toContain('(415) 555-0142');
    expect(await repliesOf(await post(params(line.assistantNumber, 'Hello?')))).toEqual([]);
    expect(await heard(line.ownerId)).toEqual([]);

    const never = await createAssistantLine(deps, { subscription: 'none' });
    expect(await repliesOf(await post(params(never.assistantNumber, 'Open?')))).toEqual([
      SMS_TEXTS.lapsed(never.businessName, '(415) 555-0142'),
    ]);
    // Once subscribed again, the assistant answers.
    await setSubscription(deps, line.ownerId, 'active');
    expect(await repliesOf(await post(params(line.assistantNumber, 'Back again')))).toHaveLength(1);
    expect(await heard(line.ownerId)).toEqual(['Back again']);
  });

  it('stops answering one texter after the hourly limit, without asking the assistant', async () => {
    const line = await createAssistantLine(deps);
    const texter = '+14155550777';
    const answered = await Promise.all(
      Array.from({ length: SMS_CALLER_HOURLY_LIMIT }, async (_, i) =>
        repliesOf(await post(params(line.assistantNumber, `limit test ${i}`, { From: texter }))),
      ),
    );
    expect(answered.every((replies) => replies.length === 1)).toBe(true);
    // One thread, one conversation, however many texts arrived at once.
    expect(await heard(line.ownerId, texter)).toHaveLength(SMS_CALLER_HOURLY_LIMIT);
    const over = await repliesOf(await post(params(line.assistantNumber, 'one too many', { From: texter })));
    expect(over).toEqual([]);
    expect(await heard(line.ownerId, texter)).not.toContain('one too many');
    // Another texter of the same business is still answered.
    expect(await repliesOf(await post(params(line.assistantNumber, 'me too?')))).toHaveLength(1);
  });

  it('answers a texter from Mexico, whose mobile may arrive in the old +52 1 form, as one person', async () => {
    const line = await createAssistantLine(deps);
    const legacy = '+5215512345678';
    const current = '+525512345678';
    const first = params(line.assistantNumber, 'Do you do color?', { From: legacy });
    expect(await repliesOf(await post(first))).toEqual([expect.stringMatching(/^Bella Hair Studio is/)]);
    expect(await handled(first.MessageSid)).toMatchObject({ status: 'done', outcome: 'answered' });
    expect(
      await repliesOf(await post(params(line.assistantNumber, 'Where are you?', { From: current }))),
    ).toEqual([expect.stringContaining("We're at 12 Market St, San Francisco, CA.")]);
    // One thread under the number in E.164, whichever form the network delivered.
    expect(await heard(line.ownerId, current)).toEqual(['Do you do color?', 'Where are you?']);
    const [record] = await deps.data.conversations.listConversations(
      line.ownerId,
      new Date(0),
      new Date(Date.now() + 60_000),
    );
    expect(record!.caller).toBe(current);

    // Their STOP in the old form holds for the number in the new one.
    await post(params(line.assistantNumber, 'STOP', { From: legacy }));
    expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, current)).toBe(true);
    expect(await repliesOf(await post(params(line.assistantNumber, 'Hola?', { From: current })))).toEqual([]);
  });

  it('refuses a sender number of the wrong length for its country', async () => {
    const line = await createAssistantLine(deps);
    for (const From of ['+52551234567', '+1415555014']) {
      const response = await post(params(line.assistantNumber, 'hi', { From }));
      expect(response.status, From).toBe(400);
      expect((await response.json()).message).toContain('From: must be an E.164 number');
    }
  });

  it('answers a number nobody holds with nothing and stores nothing', async () => {
    const form = params('+12125559876', 'Hello?');
    // SMS_TEXTS.unknownNumber is decided, but no approved A2P campaign holds the number, so carriers would
    // block the reply: it is not sent (docs/decisions/169).
    expect(await repliesOf(await post(form))).toEqual([]);
    expect(await handled(form.MessageSid)).toBeUndefined();
  });

  it('answers empty and oversized texts politely without asking the assistant', async () => {
    const line = await createAssistantLine(deps);
    expect(await repliesOf(await post(params(line.assistantNumber, '', { NumMedia: '1' })))).toEqual([
      SMS_TEXTS.empty,
    ]);
    const long = 'please '.repeat(300);
    expect(await repliesOf(await post(params(line.assistantNumber, long)))).toEqual([SMS_TEXTS.tooLong]);
    expect(await heard(line.ownerId)).toEqual([]);
  });

  it('answers its notices in Spanish to a Spanish text where Spanish is served, else in English (decision 174)', async () => {
    const line = await createAssistantLine(deps);
    const long = 'por favor '.repeat(200);
    expect(await repliesOf(await post(params(line.assistantNumber, long)))).toEqual([SMS_TEXTS.tooLong]);
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, { languages: ['en', 'es'] });
    expect(await repliesOf(await post(params(line.assistantNumber, long)))).toEqual([
      CALLER_TEXTS.es.tooLong,
    ]);
    const lapsed = await createAssistantLine(deps, { subscription: 'canceled' });
    await deps.data.businessConfigs.updateConfigFields(lapsed.ownerId, { languages: ['en', 'es'] });
    expect(await repliesOf(await post(params(lapsed.assistantNumber, '¿Puedo hacer una cita?')))).toEqual([
      CALLER_TEXTS.es.lapsed(lapsed.businessName, '(415) 555-0142'),
    ]);
  });

  it('answers a picture alone in English and Spanish where Spanish is served (decision 174)', async () => {
    const line = await createAssistantLine(deps);
    await deps.data.businessConfigs.updateConfigFields(line.ownerId, { languages: ['en', 'es'] });
    expect(await repliesOf(await post(params(line.assistantNumber, '', { NumMedia: '1' })))).toEqual([
      `${CALLER_TEXTS.en.empty} ${CALLER_TEXTS.es.empty}`,
    ]);
  });

  it('refuses malformed parameters with 400 and a body too large with 413, storing nothing', async () => {
    const line = await createAssistantLine(deps);
    const malformed: Array<Record<string, string>> = [
      { From: 'not-a-number' },
      { MessageSid: 'SM-nope' },
      { To: '12125550150' },
    ];
    for (const overrides of malformed) {
      const form = params(line.assistantNumber, 'hi', overrides);
      const response = await post(form);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect((await response.json()).error).toBe('bad_request');
    }
    const huge = params(line.assistantNumber, 'x'.repeat(70_000));
    const response = await post(huge);
    expect(response.status).toBe(413);
    expect(await handled(huge.MessageSid)).toBeUndefined();
  });
});
