import { afterAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';
import { fakeMp3, startFakeOpenAi } from '../fakes/openai/fake-openai';
import { startFakeGooglePlaces } from '../fakes/google-places/fake-google-places';

const post = (token: string, body?: unknown) => ({
  method: 'POST',
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** With the vendor keys set, the app's llm, speech and places are the real adapters (here against fakes). */
describe('AI and maps endpoints wired to the real adapters when keys are set', async () => {
  const openai = await startFakeOpenAi({ apiKey: 'sk-wired', reply: () => 'Welcome to Tartine Bakery!' });
  const places = await startFakeGooglePlaces({
    apiKey: 'places-wired',
    places: [
      {
        id: 'ChIJwired',
        displayName: { text: 'Tartine Bakery' },
        formattedAddress: '600 Guerrero St, San Francisco',
      },
    ],
  });
  afterAll(() => Promise.all([openai.close(), places.close()]));
  const { app, deps, services } = await createTestApp({
    OPENAI_API_KEY: 'sk-wired',
    OPENAI_BASE_URL: openai.baseUrl,
    GOOGLE_PLACES_API_KEY: 'places-wired',
    GOOGLE_PLACES_BASE_URL: places.baseUrl,
  });
  const owner = await createConfirmedUser(services, 'wired');
  await deps.data.businessConfigs.createConfig(owner.sub, { business_name: 'Tartine Bakery' });
  const token = owner.tokens.IdToken;

  it('looks businesses up in Google Places', async () => {
    const response = await app.request('/oauth/business-lookup', post(token, { business_name: 'Tartine' }));
    expect(await response.json()).toEqual({
      results: [{ place_id: 'ChIJwired', name: 'Tartine Bakery', address: '600 Guerrero St, San Francisco' }],
    });
    expect(places.requests.at(-1)?.apiKey).toBe('places-wired');
  });

  it('lists OpenAI voices and speaks a personality response as MP3', async () => {
    const voices = (await (
      await app.request('/api/voices/available', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      voices: { female: Array<{ provider: string; voice_id: string }> };
    };
    expect(voices.voices.female[0]).toMatchObject({ provider: 'openai', voice_id: 'nova' });

    const response = await app.request(
      `/oauth/users/${owner.sub}/personality-response`,
      post(token, { scenario: 'greeting', voice_config: { provider: 'openai', voice_id: 'nova' } }),
    );
    const body = (await response.json()) as { response: string; audio_url: string };
    expect(body.response).toBe('Welcome to Tartine Bakery!');
    expect(body.audio_url).toBe(
      `data:audio/mpeg;base64,${fakeMp3('nova:Welcome to Tartine Bakery!').toString('base64')}`,
    );
  });

  it("still plays a voice stored as 'local' and answers 502 with the spec text when OpenAI fails", async () => {
    const local = await app.request(
      '/api/voices/preview',
      post(token, { provider: 'local', voice_config: { voice_id: 'emma' }, text: 'Hello.' }),
    );
    expect((await local.json()).audio_url).toMatch(/^data:audio\/wav;base64,/);

    openai.failNext(500, 2);
    const failed = await app.request(
      '/api/voices/preview',
      post(token, { provider: 'openai', voice_config: { voice_id: 'nova' }, text: 'Hello.' }),
    );
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: 'provider_error', message: 'Error generating response' });
  });
});
