import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_MESSAGES,
  businessRegistrationDetailsSchema,
} from '../../shared/schemas/messaging-registration';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { TextingNotRegisteredError } from '../../backend/src/capabilities/messaging-registration/texting-gate';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { messagesInTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { callApi } from '../support/api-calls';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';
import { SAMPLE_REGISTRATION_DETAILS } from '../support/registration-details';

const DETAILS = SAMPLE_REGISTRATION_DETAILS;
const SMS_URL = `${TEST_API_ORIGIN}/webhooks/twilio/sms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('outbound texts wait for an approved A2P campaign (docs/decisions/169)', async () => {
  const { app, deps } = await createTestApp();
  const outbound = async (from: string, to: string) =>
    (await deps.localTwilioAccount!.thread(from, to)).filter((m) => m.direction === 'outbound');

  it('holds texts to US numbers until approval is stored, and sends every one decided after it', async () => {
    const line = await createAssistantLine(deps, { texting: 'not_registered' });
    // Submitted the way the owner does; the registry's approval arrives by the signed callback route.
    await deps.messagingRegistrations.submit(line.ownerId, businessRegistrationDetailsSchema.parse(DETAILS));
    const to = '+14155550177';
    const attempts: Array<{ startedAt: number; endedAt: number; sent: boolean }> = [];
    const send = async (index: number) => {
      const startedAt = Date.now();
      try {
        await deps.providers.telephony.sendSms({ from: line.assistantNumber, to, body: `Text ${index}` });
        attempts.push({ startedAt, endedAt: Date.now(), sent: true });
      } catch (error) {
        expect(error).toBeInstanceOf(TextingNotRegisteredError);
        attempts.push({ startedAt, endedAt: Date.now(), sent: false });
      }
    };
    let approvedAt = 0;
    const approvalStarted = Date.now();
    const approval = callApi(app, 'POST', `/local/a2p/${line.ownerId}/approve`).then((answer) => {
      expect(answer.body.state).toBe('approved');
      approvedAt = Date.now();
    });
    // Texts keep starting, many in flight at once, until ten have started after the approval was stored.
    const inFlight: Array<Promise<void>> = [];
    for (let index = 0, after = 0; after < 10; index++) {
      inFlight.push(send(index));
      await sleep(3);
      if (approvedAt) after++;
    }
    await Promise.all([approval, ...inFlight]);
    const stored = await deps.data.messagingRegistrations.get(line.ownerId);
    const storedAt = Date.parse(stored!.updatedAt);

    // Both sides of the change happened during the run.
    expect(attempts.some((a) => !a.sent)).toBe(true);
    expect(attempts.some((a) => a.sent)).toBe(true);
    // Every text decided after the approval was stored went out; none decided before it did.
    for (const attempt of attempts) {
      if (attempt.startedAt > approvedAt) expect(attempt.sent).toBe(true);
      if (attempt.endedAt < approvalStarted) expect(attempt.sent).toBe(false);
    }
    // What reached the phone: exactly the texts that were sent, each after the approval was stored.
    const delivered = await outbound(line.assistantNumber, to);
    expect(delivered).toHaveLength(attempts.filter((a) => a.sent).length);
    for (const text of delivered) expect(Date.parse(text.at)).toBeGreaterThanOrEqual(storedAt);
  });

  it('lets texts to Canadian numbers through: A2P 10DLC covers US carriers only', async () => {
    const line = await createAssistantLine(deps, { texting: 'not_registered' });
    await deps.providers.telephony.sendSms({ from: line.assistantNumber, to: '+16045550123', body: 'Hello' });
    expect(await outbound(line.assistantNumber, '+16045550123')).toHaveLength(1);
    await expect(
      deps.providers.telephony.sendSms({ from: line.assistantNumber, to: '+14155550123', body: 'Hello' }),
    ).rejects.toBeInstanceOf(TextingNotRegisteredError);
  });

  it('holds a number nobody holds, and texts from an approved owner', async () => {
    await expect(
      deps.providers.telephony.sendSms({ from: '+12125550000', to: '+14155550123', body: 'Hello' }),
    ).rejects.toBeInstanceOf(TextingNotRegisteredError);
    const line = await createAssistantLine(deps);
    await deps.providers.telephony.sendSms({ from: line.assistantNumber, to: '+14155550124', body: 'Hi' });
    expect(await outbound(line.assistantNumber, '+14155550124')).toHaveLength(1);
  });

  describe('replies to inbound texts', () => {
    const text = (to: string, body: string, from = '+14155550188') => {
      const form = {
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
        From: from,
        To: to,
        Body: body,
        NumMedia: '0',
      };
      return app.request(SMS_URL, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, SMS_URL, form),
        },
        body: new URLSearchParams(form).toString(),
      });
    };

    it('are not sent while unregistered: the assistant does not run and the owner gets the text as a message', async () => {
      const line = await createAssistantLine(deps, { texting: 'not_registered' });
      const answer = await text(line.assistantNumber, 'Can I book a haircut tomorrow at 10?');
      expect(answer.status).toBe(200);
      expect(messagesInTwiml(await answer.text())).toEqual([]);
      const messages = await deps.data.ownerMessages.latest(line.ownerId);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        callback_number: '+14155550188',
        channel: 'sms',
        reason: REGISTRATION_MESSAGES.unansweredText('Can I book a haircut tomorrow at 10?'),
      });
      // No conversation was started for it.
      expect(
        await deps.data.conversationStates.openThread(line.ownerId, 'sms', '+14155550188', new Date(0)),
      ).toBeFalsy();
      // Keyword replies are held too; the opt-out itself is still recorded.
      expect(messagesInTwiml(await (await text(line.assistantNumber, 'HELP')).text())).toEqual([]);
      expect(messagesInTwiml(await (await text(line.assistantNumber, 'STOP')).text())).toEqual([]);
      expect(await deps.data.smsMessaging.isOptedOut(line.assistantNumber, '+14155550188')).toBe(true);
    });

    it('are sent once approved', async () => {
      const line = await createAssistantLine(deps);
      // The same question the unregistered owner's caller asked now reaches the assistant and is answered.
      const replies = messagesInTwiml(
        await (await text(line.assistantNumber, 'Can I book a haircut tomorrow at 10?')).text(),
      );
      expect(replies.length).toBeGreaterThan(0);
    });
  });
});
