import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_TWILIO_AUTH_TOKEN } from '../../backend/src/config/env';
import { ensureAppTable } from '../../backend/src/data/create-tables';
import { createDynamoClients } from '../../backend/src/data/dynamo-client';
import { keys } from '../../backend/src/data/keys';
import { createPhoneReservationRepository } from '../../backend/src/data/phone-reservations';
import { createSubscriptionRepository } from '../../backend/src/data/subscriptions';
import { createLocalTwilioAccount } from '../../backend/src/providers/telephony/local-account';
import { localStockPage } from '../../backend/src/providers/telephony/local-inventory';
import { LOCAL_TWILIO_ACCOUNT_SID } from '../../backend/src/providers/telephony/local-sms-delivery';
import { messagesInTwiml } from '../../backend/src/providers/telephony/twiml';
import { signTwilioRequest } from '../../backend/src/providers/telephony/webhook-signature';
import { backendEnv, startDataAndIdentity, type StackPorts } from '../../scripts/local-stack/local-stack';
import { assertJava } from '../../scripts/local-stack/dynamodb-local';
import { freePort } from '../../scripts/local-stack/ports';
import { killGroup, register, startTsServer } from '../children';
import { businessConfigFixture } from '../fixtures/business-config';
import { formatTable } from '../report';
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
 * `receptionist_turn_sms`: an inbound SMS webhook → the assistant's reply, end to end. The app server runs
 * in its own process against DynamoDB Local with the local engine; each message is signed exactly as Twilio
 * signs it and posted over HTTP, one after another (a turn's latency, not throughput). Threads of four texts
 * from different callers, so both the first message of a conversation and follow-ups are measured.
 */
export async function measureSmsWebhook(
  settings: { messages: number },
  log: (line: string) => void,
): Promise<SmsWebhookFigure> {
  assertJava();
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'ringly-bench-sms-'));
  const tableName = 'bench-sms';
  const ports: StackPorts = {
    dynamodb: await freePort(),
    cognito: await freePort(),
    backend: 0,
    frontend: 0,
  };
  const removeStateDir = () => rmSync(stateDir, { recursive: true, force: true });
  const unregisterStateDir = register({ stop: async () => removeStateDir(), killNow: removeStateDir });
  const cleanups: Array<() => Promise<void>> = [
    async () => {
      unregisterStateDir();
      removeStateDir();
    },
  ];
  try {
    log('starting DynamoDB Local and cognito-local…');
    const starting = startDataAndIdentity({
      ports,
      stateDir,
      persistent: false,
      frontend: 'none',
      watch: false,
      echo: false,
      tableName,
    });
    const stopStack = async () => (await starting.catch(() => undefined))?.stop();
    let services: Array<{ child: { pid?: number } }> = [];
    const unregisterStack = register({
      stop: stopStack,
      killNow: () => services.forEach((s) => killGroup(s.child.pid)),
    });
    cleanups.unshift(async () => {
      unregisterStack();
      await stopStack();
    });
    const stack = await starting;
    services = stack.services;

    const appPort = await freePort();
    const smsUrl = `http://127.0.0.1:${appPort}/webhooks/twilio/sms`;
    log('creating the table and an owner whose assistant answers a number…');
    const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: stack.urls.dynamodb });
    await ensureAppTable(client, tableName);
    const ownerId = 'bench-sms-owner';
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.businessConfig(ownerId), ...businessConfigFixture(ownerId) },
      }),
    );
    const assistantNumber = localStockPage('415', 0, 1)[0]!.phone_number;
    const reservations = createPhoneReservationRepository(doc, tableName);
    await reservations.claim(ownerId, assistantNumber);
    await reservations.activate(ownerId, assistantNumber, 'PNbench', []);
    await createLocalTwilioAccount(doc, tableName).recordNumber({
      phone_number: assistantNumber,
      sid: 'PNbench',
      sms_url: smsUrl,
      voice_url: smsUrl.replace('/sms', '/voice'),
    });
    const seconds = Math.floor(Date.now() / 1000);
    await createSubscriptionRepository(doc, tableName).syncFromProvider(ownerId, {
      id: 'sub_bench',
      customerId: 'cus_bench',
      status: 'trialing',
      priceId: 'price_pro_monthly',
      planName: 'Pro',
      currentPeriodEnd: seconds + 14 * 86_400,
      trialEnd: seconds + 14 * 86_400,
      cancelAtPeriodEnd: false,
      metadata: {},
    });
    client.destroy();

    log('starting the app server…');
    const env = backendEnv({ ports: { ...ports, backend: appPort }, stateDir, tableName }, 'test');
    const appServer = await startTsServer('app-server', 'bench/servers/app-server.ts', appPort, {
      ...env,
      PUBLIC_API_URL: `http://127.0.0.1:${appPort}`,
    });
    cleanups.unshift(() => appServer.stop());

    let sent = 0;
    const textOnce = async () => {
      const index = sent++;
      const caller = `+1628555${String(1000 + Math.floor(index / THREAD.length)).padStart(4, '0')}`;
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const params = {
        MessageSid: sid,
        SmsSid: sid,
        AccountSid: LOCAL_TWILIO_ACCOUNT_SID,
        From: caller,
        To: assistantNumber,
        Body: THREAD[index % THREAD.length]!,
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
      const elapsed = performance.now() - started;
      const replies = messagesInTwiml(twiml);
      if (response.status !== 200 || replies.length === 0) {
        throw new Error(
          `message ${index} answered ${response.status} without a reply: ${twiml.slice(0, 300)}`,
        );
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
      method: 'sequential requests from the bench process to the app server process (tsx, @hono/node-server)',
    };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
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
