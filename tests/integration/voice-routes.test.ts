import { describe, expect, it } from 'vitest';
import { USER_QUOTAS } from '../../backend/src/platform/quotas/user-quotas';
import { readWavInfo } from '../../backend/src/providers/speech/wav';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const preview = (token: string, body: unknown) => ({
  method: 'POST',
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
const wavOf = (dataUrl: string) =>
  readWavInfo(new Uint8Array(Buffer.from(dataUrl.replace(/^data:audio\/wav;base64,/, ''), 'base64')));

describe('voices (local espeak-ng speech)', async () => {
  const { app, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'voice');
  const token = owner.tokens.IdToken;
  const emma = { provider: 'local', voice_id: 'emma', display_name: 'Emma (US)' };

  it('lists voices grouped by gender, each with voice_id and display_name', async () => {
    const response = await app.request('/api/voices/available', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      success: boolean;
      voices: Record<string, Array<Record<string, string>>>;
    };
    expect(body.success).toBe(true);
    expect(Object.keys(body.voices).sort()).toEqual(['female', 'male', 'neutral']);
    for (const list of Object.values(body.voices)) {
      expect(list.length).toBeGreaterThan(0);
      for (const voice of list)
        expect(Object.keys(voice).sort()).toEqual(['display_name', 'provider', 'voice_id']);
    }
    expect((await app.request('/api/voices/available')).status).toBe(401);
  });

  it('previews a text as a playable WAV data URL', async () => {
    const response = await app.request(
      '/api/voices/preview',
      preview(token, { provider: 'local', voice_config: emma, text: 'Hi, this is your new receptionist.' }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; audio_url: string };
    expect(body.success).toBe(true);
    expect(wavOf(body.audio_url)).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
  });

  it('strips < > " \' & before speaking and counts the limit on what is spoken', async () => {
    const stripped = 'a'.repeat(500);
    const withMarkup = `${stripped}<>"'&`;
    const ok = await app.request(
      '/api/voices/preview',
      preview(token, { provider: 'local', voice_config: emma, text: withMarkup }),
    );
    expect(ok.status).toBe(200);
    const tooLong = await app.request(
      '/api/voices/preview',
      preview(token, { provider: 'local', voice_config: emma, text: `${stripped}b` }),
    );
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      error: 'bad_request',
      message: 'Text too long (max 500 characters)',
    });
    const onlyMarkup = await app.request(
      '/api/voices/preview',
      preview(token, { provider: 'local', voice_config: emma, text: '<>&' }),
    );
    expect(onlyMarkup.status).toBe(400);
  });

  it('requires provider and voice config, and a known voice', async () => {
    for (const body of [
      { voice_config: emma, text: 'Hi' },
      { provider: 'local', text: 'Hi' },
      { provider: 'local', voice_config: {}, text: 'Hi' },
    ]) {
      const response = await app.request('/api/voices/preview', preview(token, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await app.request(
      '/api/voices/preview',
      preview(token, { provider: 'elevenlabs', voice_config: { voice_id: 'x' }, text: 'Hi' }),
    );
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('Unknown voice provider: elevenlabs');
  });

  it('limits previews per user with a 429', async () => {
    const busy = await createConfirmedUser(services, 'voice-busy');
    const { limit } = USER_QUOTAS.speech;
    // Every synthesis attempt counts, so refused voices use the quota up quickly without rendering audio.
    for (let i = 0; i < limit; i++) {
      const response = await app.request(
        '/api/voices/preview',
        preview(busy.tokens.IdToken, { provider: 'local', voice_config: { voice_id: 'nobody' }, text: 'Hi' }),
      );
      expect(response.status).toBe(400);
    }
    const limited = await app.request(
      '/api/voices/preview',
      preview(busy.tokens.IdToken, { provider: 'local', voice_config: emma, text: 'Hi' }),
    );
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe(
      'Too many voice previews. Please wait a moment and try again',
    );
  });
});
