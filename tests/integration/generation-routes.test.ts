import { describe, expect, it } from 'vitest';
import { USER_QUOTAS } from '../../backend/src/platform/quotas/user-quotas';
import { readWavInfo } from '../../backend/src/providers/speech/wav';
import { OBJECTIVE_TEMPLATES } from '../../shared/objective-templates';
import { objectiveSchema } from '../../shared/schemas/objective';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const post = (token: string, body?: unknown) => ({
  method: 'POST',
  headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const userPath = (userId: string, action: string) => `/oauth/users/${userId}/${action}`;

const salon = {
  business_name: 'Bella Vista Hair Studio',
  phone_number: '+14155550134',
  website: 'https://bellavistahair.example',
  address: '1234 Valencia St, San Francisco, CA 94110',
  business_hours: { weekday_text: ['Monday: Closed', 'Tuesday: 9:00 AM – 7:00 PM'] },
};

const audioOf = (dataUrl: string) => {
  const match = /^data:audio\/wav;base64,(.+)$/.exec(dataUrl);
  if (!match) throw new Error(`not a WAV data URL: ${dataUrl.slice(0, 40)}`);
  return new Uint8Array(Buffer.from(match[1]!, 'base64'));
};

describe('AI generation endpoints (local llm and speech)', async () => {
  const { app, deps, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'gen-owner');
  const other = await createConfirmedUser(services, 'gen-other');
  const newcomer = await createConfirmedUser(services, 'gen-new');
  await deps.data.businessConfigs.createConfig(owner.sub, salon);
  await deps.data.businessConfigs.createConfig(other.sub, { business_name: 'Other Business' });
  const token = owner.tokens.IdToken;

  describe('generate-description', () => {
    it("writes a description from the owner's stored config without saving it", async () => {
      const response = await app.request(userPath(owner.sub, 'generate-description'), post(token));
      expect(response.status).toBe(200);
      const { generated_description } = (await response.json()) as { generated_description: string };
      expect(generated_description).toMatch(
        /^Bella Vista Hair Studio is a hair and beauty salon located at 1234 Valencia St/,
      );
      expect(generated_description).toContain('bellavistahair.example');
      expect((await deps.data.businessConfigs.getConfig(owner.sub))?.business_description).toBeUndefined();
    });

    it('answers 404 with the spec text without a config, and 403 for another user', async () => {
      const missing = await app.request(
        userPath(newcomer.sub, 'generate-description'),
        post(newcomer.tokens.IdToken),
      );
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({
        error: 'not_found',
        message: 'Business config not found. Please create config first',
      });
      const foreign = await app.request(userPath(other.sub, 'generate-description'), post(token));
      expect(foreign.status).toBe(403);
    });
  });

  describe('personality-response', () => {
    it('answers in the stored traits, and differently when the traits change', async () => {
      const before = await app.request(
        userPath(owner.sub, 'personality-response'),
        post(token, { scenario: 'greeting' }),
      );
      expect(before.status).toBe(200);
      const { response: formal } = (await before.json()) as { response: string };
      expect(formal).toMatch(/^Good day, and thank you for calling Bella Vista Hair Studio\./);

      await deps.data.businessConfigs.updateConfigFields(owner.sub, {
        formality: 'Very Casual',
        humor: 'Genuinely Comedic',
      });
      const after = await app.request(
        userPath(owner.sub, 'personality-response'),
        post(token, { scenario: 'greeting' }),
      );
      const { response: casual } = (await after.json()) as { response: string };
      expect(casual).toMatch(/^Hey! You've got Bella Vista Hair Studio/);
      expect(casual).toContain('never needs a coffee break');
    });

    it('speaks the response when a voice is given', async () => {
      const response = await app.request(
        userPath(owner.sub, 'personality-response'),
        post(token, {
          scenario: 'hours',
          voice_config: { provider: 'local', voice_id: 'james', display_name: 'James (US)' },
        }),
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as { response: string; audio_url: string };
      expect(body.response).toContain('Tuesday 9:00 AM – 7:00 PM');
      expect(readWavInfo(audioOf(body.audio_url)).seconds).toBeGreaterThan(2);
    });

    it('validates the scenario and the voice, 404s without a config and 403s for another user', async () => {
      const bad = await app.request(
        userPath(owner.sub, 'personality-response'),
        post(token, { scenario: 'weather' }),
      );
      expect(bad.status).toBe(400);
      const unknownVoice = await app.request(
        userPath(owner.sub, 'personality-response'),
        post(token, { scenario: 'farewell', voice_config: { provider: 'local', voice_id: 'nobody' } }),
      );
      expect(unknownVoice.status).toBe(400);
      expect((await unknownVoice.json()).message).toBe('Unknown voice: nobody');
      const missing = await app.request(
        userPath(newcomer.sub, 'personality-response'),
        post(newcomer.tokens.IdToken, { scenario: 'greeting' }),
      );
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'not_found', message: 'Business config not found' });
      const foreign = await app.request(
        userPath(other.sub, 'personality-response'),
        post(token, { scenario: 'greeting' }),
      );
      expect(foreign.status).toBe(403);
    });
  });

  describe('objective-templates/generate', () => {
    it('writes an objective from the template for the business, ready to save', async () => {
      const response = await app.request(
        '/oauth/objective-templates/generate',
        post(token, {
          template_id: 'capture_leads',
          business_config: { business_name: 'Bella Vista Hair Studio', extra: 1 },
        }),
      );
      expect(response.status).toBe(200);
      const { objective } = (await response.json()) as { objective: unknown };
      const parsed = objectiveSchema.parse(objective);
      expect(parsed).toMatchObject({
        goal: `For Bella Vista Hair Studio: capture a validated contact and the caller's need on every call that does not book right away.`,
        required_capabilities: OBJECTIVE_TEMPLATES.capture_leads.required_capabilities,
        priority: 'primary',
        weight: 0.7,
        template_id: 'capture_leads',
      });
      expect(parsed.business_id).toBeUndefined();
    });

    it('404s an unknown template and 400s a missing template_id', async () => {
      const unknown = await app.request(
        '/oauth/objective-templates/generate',
        post(token, { template_id: 'nope' }),
      );
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).message).toBe('Objective template not found');
      const missing = await app.request(
        '/oauth/objective-templates/generate',
        post(token, { business_config: {} }),
      );
      expect(missing.status).toBe(400);
    });
  });

  it('limits AI generations per user across the three endpoints with a 429', async () => {
    const busy = await createConfirmedUser(services, 'gen-busy');
    await deps.data.businessConfigs.createConfig(busy.sub, salon);
    const busyToken = busy.tokens.IdToken;
    const { limit } = USER_QUOTAS.aiGeneration;
    for (let i = 0; i < limit; i++) {
      const path =
        i % 2 === 0 ? userPath(busy.sub, 'generate-description') : '/oauth/objective-templates/generate';
      const ok = await app.request(
        path,
        post(busyToken, i % 2 === 0 ? undefined : { template_id: 'answer_faqs' }),
      );
      expect(ok.status).toBe(200);
    }
    const limited = await app.request(
      userPath(busy.sub, 'personality-response'),
      post(busyToken, { scenario: 'greeting' }),
    );
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toBe('too_many_requests');
    const stillFine = await app.request(userPath(owner.sub, 'generate-description'), post(token));
    expect(stillFine.status).toBe(200);
  });
});
