import { afterAll, describe, expect, it } from 'vitest';
import { createTwilioTelephony } from '../../backend/src/providers/telephony/twilio';
import {
  NumberUnavailableError,
  RecipientOptedOutError,
  TelephonyError,
  telephonyWebhookUrls,
} from '../../backend/src/providers/telephony/port';
import { startFakeTwilio, type FakeStockNumber } from '../fakes/twilio/fake-twilio';
import { ACCOUNT_DELETION_WORD } from '../../shared/account-deletion';
import { createTwilioCallRecordings } from '../../backend/src/providers/call-recordings/twilio';
import {
  RecordingNotFoundError,
  RecordingProviderError,
} from '../../backend/src/providers/call-recordings/port';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';

const accountSid = `AC${'1234abcd'.repeat(4)}`;
const authToken = 'fake-twilio-auth-token';
const accountPath = `/2010-04-01/Accounts/${accountSid}`;

const stockNumber = (phone: string, locality: string, region: string, postal: string): FakeStockNumber => ({
  phone_number: phone,
  friendly_name: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`,
  locality,
  region,
  postal_code: postal,
  iso_country: region === 'ON' ? 'CA' : 'US',
});
const stock = [
  stockNumber('+14155550111', 'San Francisco', 'CA', '94105'),
  stockNumber('+14155550112', 'San Francisco', 'CA', '94105'),
  stockNumber('+14155550113', 'Daly City', 'CA', '94014'),
  stockNumber('+14155550114', 'San Francisco', 'CA', '94110'),
  stockNumber('+12125550115', 'New York', 'NY', '10001'),
  stockNumber('+14165550116', 'Toronto', 'ON', 'M5V'),
];

describe('Twilio adapter against a local fake of the Twilio REST API', async () => {
  const fake = await startFakeTwilio({ accountSid, authToken, stock });
  afterAll(() => fake.stop());
  const telephony = createTwilioTelephony({ accountSid, authToken, apiBase: fake.apiBase });

  it('searches local numbers with only the given filters, authenticated as the account', async () => {
    const found = await telephony.searchAvailable({ country: 'US', areaCode: '415', limit: 3 });
    expect(found).toEqual([
      {
        phone_number: '+14155550111',
        friendly_name: '(415) 555-0111',
        locality: 'San Francisco',
        region: 'CA',
      },
      {
        phone_number: '+14155550112',
        friendly_name: '(415) 555-0112',
        locality: 'San Francisco',
        region: 'CA',
      },
      { phone_number: '+14155550113', friendly_name: '(415) 555-0113', locality: 'Daly City', region: 'CA' },
    ]);
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.path).toBe(`${accountPath}/AvailablePhoneNumbers/US/Local.json`);
    expect(request.query).toEqual({
      AreaCode: '415',
      VoiceEnabled: 'true',
      SmsEnabled: 'true',
      PageSize: '3',
    });
    expect(request.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
    );
  });

  it('passes region, locality and postal code as InRegion, InLocality, InPostalCode', async () => {
    const found = await telephony.searchAvailable({
      country: 'US',
      region: 'CA',
      locality: 'San Francisco',
      postalCode: '94110',
      limit: 5,
    });
    expect(found.map((n) => n.phone_number)).toEqual(['+14155550114']);
    expect(fake.requests.at(-1)!.query).toEqual({
      InRegion: 'CA',
      InLocality: 'San Francisco',
      InPostalCode: '94110',
      VoiceEnabled: 'true',
      SmsEnabled: 'true',
      PageSize: '5',
    });
    const canada = await telephony.searchAvailable({ country: 'CA', areaCode: '416', limit: 3 });
    expect(canada.map((n) => n.phone_number)).toEqual(['+14165550116']);
    expect(fake.requests.at(-1)!.path).toBe(`${accountPath}/AvailablePhoneNumbers/CA/Local.json`);
  });

  it('buys a number with voice, status callback and SMS webhooks pointed at our API, then releases it', async () => {
    const { sid } = await telephony.purchase({
      phoneNumber: '+12125550115',
      ...telephonyWebhookUrls('https://api.example.com'),
    });
    expect(sid).toMatch(/^PN[0-9a-f]{32}$/);
    const create = fake.requests.at(-1)!;
    expect(create.method).toBe('POST');
    expect(create.path).toBe(`${accountPath}/IncomingPhoneNumbers.json`);
    expect(create.form).toEqual({
      PhoneNumber: '+12125550115',
      VoiceUrl: 'https://api.example.com/webhooks/twilio/voice',
      VoiceMethod: 'POST',
      SmsUrl: 'https://api.example.com/webhooks/twilio/sms',
      SmsMethod: 'POST',
      StatusCallback: 'https://api.example.com/webhooks/twilio/voice/status',
      StatusCallbackMethod: 'POST',
    });
    expect(fake.owned.get(sid)?.phone_number).toBe('+12125550115');

    // Re-pointing (a new API address): listed with its webhooks, then updated in place.
    expect(await telephony.listNumbers()).toEqual([
      {
        sid,
        phoneNumber: '+12125550115',
        ...telephonyWebhookUrls('https://api.example.com'),
      },
    ]);
    await telephony.pointWebhooks(sid, telephonyWebhookUrls('https://new.example.com/'));
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `${accountPath}/IncomingPhoneNumbers/${sid}.json`,
      form: {
        VoiceUrl: 'https://new.example.com/webhooks/twilio/voice',
        StatusCallback: 'https://new.example.com/webhooks/twilio/voice/status',
        SmsUrl: 'https://new.example.com/webhooks/twilio/sms',
      },
    });
    expect(fake.owned.get(sid)).toMatchObject({ voice_url: 'https://new.example.com/webhooks/twilio/voice' });

    await telephony.release(sid);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `${accountPath}/IncomingPhoneNumbers/${sid}.json`,
    });
    expect(fake.owned.has(sid)).toBe(false);
    // Releasing again finds nothing to release, which is fine.
    await expect(telephony.release(sid)).resolves.toBeUndefined();
  });

  it('reports a number that cannot be bought as unavailable, and other failures as provider errors', async () => {
    await expect(
      telephony.purchase({ phoneNumber: '+12125550115', ...telephonyWebhookUrls('https://a') }),
    ).rejects.toBeInstanceOf(NumberUnavailableError);

    const wrongKey = createTwilioTelephony({ accountSid, authToken: 'wrong', apiBase: fake.apiBase });
    const failure = await wrongKey.searchAvailable({ country: 'US', limit: 3 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TelephonyError);
    expect((failure as TelephonyError).status).toBe(401);
  });

  it('sends a text, and reports a recipient who opted out of the number (21610) as such', async () => {
    const sent = await telephony.sendSms({ from: '+14155550111', to: '+14155550199', body: 'See you at 3' });
    expect(sent.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `${accountPath}/Messages.json`,
      form: { From: '+14155550111', To: '+14155550199', Body: 'See you at 3' },
    });
    fake.optOut('+14155550111', '+14155550198');
    const refused = await telephony
      .sendSms({ from: '+14155550111', to: '+14155550198', body: 'Reminder' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RecipientOptedOutError);
    expect((refused as RecipientOptedOutError).status).toBe(400);
  });
});

describe('the app with Twilio configured', async () => {
  const fake = await startFakeTwilio({ accountSid, authToken, stock });
  afterAll(() => fake.stop());
  const { app, deps, services } = await createTestApp({
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_BASE: fake.apiBase,
    PUBLIC_API_URL: 'https://api.ringly.example',
  });
  const owner = await createConfirmedUser(services, 'twilio-owner');
  await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Twilio Salon' });
  await storeSubscription(deps, owner.sub, 'trialing');
  const pick = (assistant_phone: string) =>
    app.request(`/oauth/users/${owner.sub}/assistant-phone`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ assistant_phone }),
    });

  it('uses Twilio for search, buys the chosen number and releases the one it replaces', async () => {
    expect(deps.providers.telephony.name).toBe('twilio');
    const listed = await app.request('/oauth/phone-numbers/available?area_code=415', {
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}` },
    });
    expect(((await listed.json()) as { numbers: unknown[] }).numbers).toHaveLength(3);

    expect((await pick('+14155550111')).status).toBe(200);
    const firstSid = [...fake.owned.values()].find((n) => n.phone_number === '+14155550111')!.sid;
    expect(fake.owned.get(firstSid)).toMatchObject({
      // Naming its owner: the caller's first ring reads the line in one round trip (decision 186).
      voice_url: `https://api.ringly.example/webhooks/twilio/voice?owner=${owner.sub}`,
      sms_url: 'https://api.ringly.example/webhooks/twilio/sms',
    });

    expect((await pick('+14155550112')).status).toBe(200);
    expect(fake.owned.has(firstSid)).toBe(false);
    expect([...fake.owned.values()].map((n) => n.phone_number)).toEqual(['+14155550112']);
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.assistant_phone).toBe('+14155550112');
  });

  it('answers 409 and keeps no claim when Twilio no longer has the number', async () => {
    const response = await pick('+14155559999');
    expect(response.status).toBe(409);
    expect(await deps.data.phoneReservations.get('+14155559999')).toBeUndefined();
    expect((await deps.data.businessConfigs.getConfig(owner.sub))?.assistant_phone).toBe('+14155550112');
  });
});

describe('the app with Twilio configured but no PUBLIC_API_URL', async () => {
  const fake = await startFakeTwilio({ accountSid, authToken, stock });
  afterAll(() => fake.stop());
  const { app, deps, services } = await createTestApp({
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_BASE: fake.apiBase,
  });
  const owner = await createConfirmedUser(services, 'twilio-origin');
  await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Origin Salon' });
  await storeSubscription(deps, owner.sub, 'trialing');

  it("points the webhooks at the origin the request came to (the API's own address)", async () => {
    const response = await app.request(
      `https://abc123.execute-api.us-east-1.amazonaws.com/oauth/users/${owner.sub}/assistant-phone`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ assistant_phone: '+14165550116' }),
      },
    );
    expect(response.status).toBe(200);
    expect(fake.requests.at(-1)!.form).toMatchObject({
      VoiceUrl: `https://abc123.execute-api.us-east-1.amazonaws.com/webhooks/twilio/voice?owner=${owner.sub}`,
      SmsUrl: 'https://abc123.execute-api.us-east-1.amazonaws.com/webhooks/twilio/sms',
      StatusCallback: 'https://abc123.execute-api.us-east-1.amazonaws.com/webhooks/twilio/voice/status',
    });
  });
});

describe('Twilio call recordings adapter against the fake REST API', async () => {
  const fake = await startFakeTwilio({ accountSid, authToken, stock: [] });
  afterAll(() => fake.stop());
  const adapter = createTwilioCallRecordings({ accountSid, authToken, apiBase: fake.apiBase });
  const sid = `RE${'0123abcd'.repeat(4)}`;

  it("fetches a recording's audio with the account's credentials, and deletes it for good", async () => {
    const wav = new Uint8Array([82, 73, 70, 70, 1, 2, 3]);
    fake.recordings.set(sid, wav);
    const fetched = await adapter.fetchAudio(sid);
    expect(fetched).toEqual({ audio: wav, mimeType: 'audio/x-wav' });
    const get = fake.requests.at(-1)!;
    expect([get.method, get.path]).toEqual(['GET', `${accountPath}/Recordings/${sid}.wav`]);
    expect(get.authorization).toBe(`Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`);

    await adapter.delete(sid);
    expect([fake.requests.at(-1)!.method, fake.requests.at(-1)!.path]).toEqual([
      'DELETE',
      `${accountPath}/Recordings/${sid}.json`,
    ]);
    expect(fake.recordings.has(sid)).toBe(false);
    // Gone: fetching says so, deleting again is no error.
    await expect(adapter.fetchAudio(sid)).rejects.toBeInstanceOf(RecordingNotFoundError);
    await expect(adapter.delete(sid)).resolves.toBeUndefined();
  });

  it('reports bad credentials as a provider failure, never as a missing recording', async () => {
    const wrong = createTwilioCallRecordings({ accountSid, authToken: 'wrong', apiBase: fake.apiBase });
    fake.recordings.set(sid, new Uint8Array([1]));
    await expect(wrong.fetchAudio(sid)).rejects.toBeInstanceOf(RecordingProviderError);
    await expect(wrong.delete(sid)).rejects.toMatchObject({ status: 401 });
    expect(fake.recordings.has(sid)).toBe(true);
  });
});

describe('the app with Twilio configured: recordings are deleted at Twilio', async () => {
  const fake = await startFakeTwilio({ accountSid, authToken, stock: [] });
  afterAll(() => fake.stop());
  const { app, deps, services } = await createTestApp({
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_API_BASE: fake.apiBase,
  });
  const caller = '+14155550177';
  /** A completed recording of one call of the owner, as its status callback leaves it, held at Twilio. */
  async function recorded(ownerId: string, n: number) {
    const sid = `RE${String(n).padStart(32, '0')}`;
    fake.recordings.set(sid, new Uint8Array([n]));
    const at = new Date().toISOString();
    await deps.data.callRecordings.saveStatus({
      owner_id: ownerId,
      conversation_id: `call-CA${String(n).padStart(32, '0')}`,
      recording_sid: sid,
      call_sid: `CA${String(n).padStart(32, '0')}`,
      caller,
      conversation_started_at: at,
      status: 'completed',
      duration_seconds: 12,
      channels: 2,
      created_at: at,
      updated_at: at,
      due_day: at.slice(0, 10),
    });
    return sid;
  }

  it('erasing the caller deletes their recordings at Twilio, and plays them before that', async () => {
    expect(deps.providers.callRecordings.name).toBe('twilio');
    const owner = await createConfirmedUser(services, 'twilio-recordings');
    await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Twilio Salon' });
    const sid = await recorded(owner.sub, 1);
    const headers = { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' };
    const audio = await app.request(
      `/oauth/users/${owner.sub}/conversations/call-CA${'0'.repeat(31)}1/recording/audio`,
      { headers },
    );
    expect(audio.status).toBe(200);
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(new Uint8Array([1]));
    const erased = await app.request(`/oauth/users/${owner.sub}/callers/erase`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ phone: caller }),
    });
    expect(((await erased.json()) as { erased: { recordings: number } }).erased.recordings).toBe(1);
    expect(fake.recordings.has(sid)).toBe(false);
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path.endsWith(`/Recordings/${sid}.json`)),
    ).toBe(true);
  });

  it('deleting the account deletes every recording at Twilio', async () => {
    const owner = await createConfirmedUser(services, 'twilio-recordings-gone');
    await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Twilio Salon' });
    const sids = [await recorded(owner.sub, 2), await recorded(owner.sub, 3)];
    const deleted = await app.request(`/oauth/users/${owner.sub}/account`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${owner.tokens.IdToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirmation: ACCOUNT_DELETION_WORD }),
    });
    expect(deleted.status).toBe(200);
    for (const sid of sids) expect(fake.recordings.has(sid)).toBe(false);
  });
});
