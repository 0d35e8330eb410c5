import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { telephonyWebhookUrls } from '../../backend/src/providers/telephony/port';
import { numberHolder } from '../../backend/src/capabilities/phone-numbers/index';
import { repointNumbers } from '../../backend/src/providers/telephony/repoint-numbers';
import { createAssistantLine, TEST_API_ORIGIN } from '../support/assistant-line';
import { createTestApp } from '../support/test-app';

/**
 * The operator's re-pointing against the local telephony provider's account in DynamoDB Local: numbers
 * bought before the status callback existed, or at an old API address, get this API's three webhooks.
 */
const { deps, tableName, services } = await createTestApp();
const account = deps.localTwilioAccount!;

describe('repoint-numbers', () => {
  it('points old numbers at the new API (voice naming the holder, status callback, SMS) and leaves current ones alone', async () => {
    const current = await createAssistantLine(deps);
    const old = await createAssistantLine(deps);
    const stale = (await account.getNumber(old.assistantNumber))!;
    // As bought before: another address, no status callback, and a voice URL that does not name its owner.
    await account.recordNumber({
      phone_number: stale.phone_number,
      sid: stale.sid,
      voice_url: 'https://old.example.com/webhooks/twilio/voice',
      sms_url: 'https://old.example.com/webhooks/twilio/sms',
    });
    expect(await account.getNumber(current.assistantNumber)).toMatchObject({
      voice_url: telephonyWebhookUrls(TEST_API_ORIGIN, current.ownerId).voiceUrl,
      status_callback_url: telephonyWebhookUrls(TEST_API_ORIGIN).statusCallbackUrl,
    });

    const holder = numberHolder(deps.data);
    const outcomes = await repointNumbers(deps.providers.telephony, TEST_API_ORIGIN, holder);
    expect(outcomes.find((o) => o.phoneNumber === old.assistantNumber)?.outcome).toBe('repointed');
    expect(outcomes.find((o) => o.phoneNumber === current.assistantNumber)?.outcome).toBe('unchanged');
    expect(await account.getNumber(old.assistantNumber)).toMatchObject({
      sid: stale.sid,
      voice_url: `${TEST_API_ORIGIN}/webhooks/twilio/voice?owner=${old.ownerId}`,
      sms_url: `${TEST_API_ORIGIN}/webhooks/twilio/sms`,
      status_callback_url: `${TEST_API_ORIGIN}/webhooks/twilio/voice/status`,
    });
    expect(
      (await repointNumbers(deps.providers.telephony, TEST_API_ORIGIN, holder)).map((o) => o.outcome),
    ).toEqual(['unchanged', 'unchanged']);
  });

  it('points a number nobody holds at the voice webhook without an owner', async () => {
    const line = await createAssistantLine(deps);
    const outcomes = await repointNumbers(deps.providers.telephony, TEST_API_ORIGIN, async (phoneNumber) =>
      phoneNumber === line.assistantNumber ? undefined : numberHolder(deps.data)(phoneNumber),
    );
    expect(outcomes.find((o) => o.phoneNumber === line.assistantNumber)?.outcome).toBe('repointed');
    expect((await account.getNumber(line.assistantNumber))!.voice_url).toBe(
      `${TEST_API_ORIGIN}/webhooks/twilio/voice`,
    );
  });

  it('reports a number that cannot be updated and goes on with the others', async () => {
    const outcomes = await repointNumbers(
      {
        listNumbers: async () => [
          { sid: 'PNgone', phoneNumber: '+12125550001' },
          { sid: 'PNok', phoneNumber: '+12125550002' },
        ],
        pointWebhooks: async (sid) => {
          if (sid === 'PNgone') throw new Error('No such number');
        },
      },
      'https://api.example.com',
    );
    expect(outcomes).toEqual([
      { sid: 'PNgone', phoneNumber: '+12125550001', outcome: 'failed', error: 'No such number' },
      { sid: 'PNok', phoneNumber: '+12125550002', outcome: 'repointed' },
    ]);
  });

  it('`npm run repoint-numbers` runs the same against the configured account, and refuses a bad URL', async () => {
    const env = {
      ...process.env,
      APP_ENV: 'test',
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: services.dynamoDbEndpoint,
      LOCAL_PROVIDERS: 'true',
      LOCAL_OUTBOX_DIR: services.outboxDir,
    };
    const run = promisify(execFile);
    const { stdout } = await run(
      'npx',
      ['tsx', 'scripts/ops.ts', 'repoint-numbers', 'https://moved.example.com'],
      {
        env,
      },
    );
    expect(stdout).toMatch(/^repointed +\+1212\d{7} \(PN[0-9a-f]{32}\)$/m);
    expect(stdout).toContain('3 numbers on the local account');
    for (const number of await account.listNumbers()) {
      const holder = await numberHolder(deps.data)(number.phone_number);
      expect(number.voice_url).toBe(
        `https://moved.example.com/webhooks/twilio/voice${holder ? `?owner=${holder}` : ''}`,
      );
    }
    const refused = await run('npx', ['tsx', 'scripts/ops.ts', 'repoint-numbers', 'not a url'], {
      env,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run repoint-numbers'),
    });
  }, 120_000);
});
