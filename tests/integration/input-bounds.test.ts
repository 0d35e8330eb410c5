import { describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '../../shared/safe-text';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

/** provider_config values as JSON text: JSON.stringify itself overflows the stack on thousands of levels. */
const nestedText = (levels: number) => `${'{"next":'.repeat(levels)}{"speed":1}${'}'.repeat(levels)}`;
const json = (value: unknown) => JSON.stringify(value);

/** Issue 10 §8: bounded free-form JSON and safe text, refused with 4xx and nothing stored. */
describe('input bounds', async () => {
  const { app, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'bounds');
  const token = owner.tokens.IdToken;
  const configPath = `/oauth/users/${owner.sub}/config`;
  expect((await callApi(app, 'POST', configPath, token, SAMPLE_BUSINESS_INFO)).status).toBe(201);
  const stored = async () => (await callApi(app, 'GET', configPath, token)).body;

  it.each([
    ['40 levels of nesting (deeper than DynamoDB takes)', nestedText(40)],
    ['5,000 levels of nesting', nestedText(5_000)],
    ['a 200 KB string', json({ style: 'x'.repeat(200 * 1024) })],
    ['a thousand keys', json(Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, i])))],
  ])('refuses a provider_config with %s: 400, never 500, nothing stored', async (_label, providerConfig) => {
    const before = await stored();
    for (const [path, body] of [
      [
        `/oauth/users/${owner.sub}/voice-settings`,
        `{"selected_voice":{"provider":"openai","voice_id":"alloy","provider_config":${providerConfig}}}`,
      ],
      [
        '/api/voices/preview',
        `{"provider":"openai","text":"Hello","voice_config":{"voice_id":"alloy","provider_config":${providerConfig}}}`,
      ],
    ] as const) {
      const response = await app.request(path, {
        method: path.endsWith('preview') ? 'POST' : 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('validation_error');
    }
    expect(await stored()).toEqual(before);
  });

  it('stores a small provider_config', async () => {
    const saved = await callApi(app, 'PUT', `/oauth/users/${owner.sub}/voice-settings`, token, {
      selected_voice: { provider: 'openai', voice_id: 'alloy', provider_config: { speed: 1.1 } },
    });
    expect(saved.status).toBe(200);
    expect((await stored()).selected_voice).toMatchObject({ provider_config: { speed: 1.1 } });
  });

  it.each([
    ['NUL', 'Bella\u0000 Hair'],
    ['a lone high surrogate', 'Bella \uD83D Hair'],
    ['a lone low surrogate', '\uDE00Bella'],
  ])('refuses %s in any text field with 400 and stores nothing', async (_label, text) => {
    const before = await stored();
    const response = await callApi(app, 'PUT', configPath, token, { business_description: text });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'validation_error',
      details: [{ path: 'business_description', message: UNSAFE_TEXT_MESSAGE }],
    });
    const nested = await callApi(app, 'POST', `/oauth/users/${owner.sub}/personality`, token, {
      personality_traits: { [text]: 'warm' },
    });
    expect(nested.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('keeps emoji and accents, which are paired surrogates', async () => {
    const response = await callApi(app, 'PUT', configPath, token, { business_description: 'Café 😀 cuts' });
    expect(response.status).toBe(200);
    expect((await stored()).business_description).toBe('Café 😀 cuts');
  });
});
