import { randomBytes } from 'node:crypto';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/platform/config/env';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/local/twilio/local-sms-delivery';
import { messagesInTwiml } from '../../backend/src/providers/telephony/twiml-reader';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { formatTable } from '../report';
import { withAssistantLine } from './assistant-line-stack';
import { percentile, round } from '../stats';

/** What callers text a salon, in the order a short thread goes. */
const THREAD = [
  'Hi, are you open on Saturday?',
  'How much is a haircut?',
  'Where are you located?',
  'Thanks!',
];
const WARMUP_MESSAGES = 12;

export type SmsWebhookFigure = {
  measuredAt: string;
  request: string;
  messages: number;
  threads: number;
  /** Webhook request sent → TwiML reply received, sequential, over HTTP on this machine. */
  replyMs: { p50: number; p99: number; max: number };
  method: string;
};

/**
 * The texter of thread `thread`: a Canadian number. The bench's owner has no approved A2P 10DLC campaign,
 * and a reply to a US number waits for one (docs/decisions/169-a2p-10dlc-registration.md), as it would in production.
 */
export const benchTexter = (thread: number) => `+1604220${String(1000 + thread).padStart(4, '0')}`;

/** One inbound text as Twilio posts it (signed form); the time to the TwiML and the replies in it. */
export async function textAssistant(apiUrl: string, line: { from: string; to: string }, body: string) {
  const smsUrl = `${apiUrl}/webhooks/twilio/sms`;
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const params = {
    MessageSid: sid,
    SmsSid: sid,
    AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
    From: line.from,
    To: line.to,
    Body: body,
    NumMedia: '0',
    ApiVersion: '2010-04-01',
  };
  const started = performance.now();
  const response = await fetch(smsUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signTwilioRequest(LOCAL_TWILIO_AUTH_TOKEN, smsUrl, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  const twiml = await response.text();
  return {
    elapsed: performance.now() - started,
    status: response.status,
    twiml,
    replies: messagesInTwiml(twiml),
  };
}

/**
 * `receptionist_turn_sms`: an inbound SMS webhook → the assistant's reply, end to end. The app server runs
 * in its own process against DynamoDB Local with the local engine; each message is signed exactly as Twilio
 * signs it and posted over HTTP, one after another (a turn's latency, not throughput). Threads of four texts
 * from different callers, so both the first message of a conversation and follow-ups are measured.
 */
export async function measureSmsWebhook(
  settings: { messages: number },
  log: (line: string) => void,
): Promise<SmsWebhookFigure> {
  return withAssistantLine(
    { tableName: 'bench-sms', server: 'bench/servers/app-server.ts', log },
    async ({ apiUrl, assistantNumber }) => {
      let sent = 0;
      const textOnce = async () => {
        const index = sent++;
        const { elapsed, status, twiml, replies } = await textAssistant(
          apiUrl,
          { from: benchTexter(Math.floor(index / THREAD.length)), to: assistantNumber },
          THREAD[index % THREAD.length]!,
        );
        if (status !== 200 || replies.length === 0) {
          throw new Error(`message ${index} answered ${status} without a reply: ${twiml.slice(0, 300)}`);
        }
        return elapsed;
      };

      log(`warming up with ${WARMUP_MESSAGES} messages…`);
      for (let i = 0; i < WARMUP_MESSAGES; i++) await textOnce();
      const samples: number[] = [];
      log(`sending ${settings.messages} messages one after another…`);
      for (let i = 0; i < settings.messages; i++) samples.push(await textOnce());
      samples.sort((a, b) => a - b);
      return {
        measuredAt: new Date().toISOString(),
        request:
          'POST /webhooks/twilio/sms (signed form, 4-text threads) → TwiML <Message>, local engine, DynamoDB Local',
        messages: samples.length,
        threads: Math.ceil(samples.length / THREAD.length),
        replyMs: {
          p50: round(percentile(samples, 50)),
          p99: round(percentile(samples, 99)),
          max: round(samples.at(-1)!),
        },
        method:
          'sequential requests from the bench process to the app server process (tsx, @hono/node-server)',
      };
    },
  );
}

export const formatSmsWebhook = (figure: SmsWebhookFigure) =>
  formatTable([
    ['receptionist_turn_sms', 'p50', 'p99', 'max'],
    [
      `${figure.messages} texts, ${figure.threads} threads`,
      `${figure.replyMs.p50} ms`,
      `${figure.replyMs.p99} ms`,
      `${figure.replyMs.max} ms`,
    ],
  ]);
