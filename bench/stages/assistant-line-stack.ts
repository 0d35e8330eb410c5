import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureAppTable } from '../../backend/src/platform/dynamo/create-tables';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createPhoneReservationRepository } from '../../backend/src/capabilities/phone-numbers/records/phone-reservations';
import { createSubscriptionRepository } from '../../backend/src/capabilities/billing/records/subscriptions';
import { telephonyWebhookUrls } from '../../backend/src/providers/telephony/port';
import { createLocalTwilioAccount } from '../../backend/src/local/twilio/local-account';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { backendEnv, startDataAndIdentity, type StackPorts } from '../../scripts/local-stack/local-stack';
import { assertJava } from '../../scripts/local-stack/dynamodb-local';
import { freePort } from '../../scripts/local-stack/ports';
import { killGroup, register, startTsServer } from '../children';
import { businessConfigFixture } from '../fixtures/business-config';

/**
 * DynamoDB Local and cognito-local, a table with one owner on a trial whose assistant answers a local
 * number (reserved, on the local Twilio account with its webhooks), and the app in its own process
 * (`server`: the bench's app server, or backend/src/entry/server.ts when the relay socket is needed too).
 * `run` gets the app's base URL and the number; everything is stopped afterwards, even on failure.
 */
export async function withAssistantLine<T>(
  options: {
    tableName: string;
    server: string;
    log: (line: string) => void;
    /** More environment for the app (e.g. OPENAI_BASE_URL for the model_latency stage's model server). */
    env?: Record<string, string>;
  },
  run: (line: {
    apiUrl: string;
    assistantNumber: string;
    ownerId: string;
    /** Sets config fields of the owner (another answer mode for the next calls). */
    updateConfig: (fields: Record<string, unknown>) => Promise<void>;
  }) => Promise<T>,
): Promise<T> {
  assertJava();
  const { tableName, log } = options;
  const stateDir = mkdtempSync(path.join(os.tmpdir(), `ringly-${tableName}-`));
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
    const apiUrl = `http://127.0.0.1:${appPort}`;
    log('creating the table and an owner whose assistant answers a number…');
    const { client, doc } = createDynamoClients({ region: 'us-east-1', endpoint: stack.urls.dynamodb });
    await ensureAppTable(client, tableName);
    const ownerId = `${tableName}-owner`;
    const assistantNumber = await seedAnsweringOwner(doc, tableName, ownerId);
    const webhooks = telephonyWebhookUrls(apiUrl, ownerId);
    await createLocalTwilioAccount(doc, tableName).recordNumber({
      phone_number: assistantNumber,
      sid: 'PNbench',
      sms_url: webhooks.smsUrl,
      voice_url: webhooks.voiceUrl,
      status_callback_url: webhooks.statusCallbackUrl,
    });
    client.destroy();

    log('starting the app server…');
    const env = backendEnv({ ports: { ...ports, backend: appPort }, stateDir, tableName }, 'test');
    const appServer = await startTsServer('app-server', options.server, appPort, {
      ...env,
      PUBLIC_API_URL: apiUrl,
      // Twilio's webhooks are the telephony function's (the bench app server builds the API's otherwise).
      BENCH_APP_SURFACE: 'telephony',
      ...options.env,
    });
    cleanups.unshift(() => appServer.stop());
    const updateConfig = async (fields: Record<string, unknown>) => {
      const clients = createDynamoClients({ region: 'us-east-1', endpoint: stack.urls.dynamodb });
      const names = Object.keys(fields);
      try {
        await clients.doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.businessConfig(ownerId),
            UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]])),
          }),
        );
      } finally {
        clients.client.destroy();
      }
    };
    return await run({ apiUrl, assistantNumber, ownerId, updateConfig });
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

/**
 * An owner on a trial whose assistant answers a local number (reserved and active): what a call or a text
 * to that number needs to reach the assistant. Returns the number.
 */
export async function seedAnsweringOwner(
  doc: DynamoDBDocumentClient,
  tableName: string,
  ownerId: string,
): Promise<string> {
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
  return assistantNumber;
}
