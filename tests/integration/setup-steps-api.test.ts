import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const NOT_FOUND = { error: 'not_found', message: 'Business config not found' };
const FRIENDLY = {
  formality: 'Friendly and Approachable',
  verbosity: 'Balanced',
  empathy: 'Warm and Understanding',
  proactivity: 'Suggestive',
  humor: 'Friendly and Playful',
};
const BEHAVIOR = {
  remember_past_callers: true,
  manager_number: '+14155550100',
  manager_name: '  Dana Lee  ',
  escalation_email: ' dana@bellahair.example.com ',
  text_escalation_to_manager: false,
};

/** Steps 3 and 5 endpoints, and the setup status they move along (spec §4 step rules). */
describe('personality, voice, behavior settings and setup status', async () => {
  const { app, deps, doc, tableName, services } = await createTestApp();
  const [owner, other] = await Promise.all([
    createConfirmedUser(services, 'owner'),
    createConfirmedUser(services, 'other'),
  ]);
  const token = owner.tokens.IdToken;
  const user = (path: string) => `/oauth/users/${owner.sub}/${path}`;
  const stored = async () =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: keys.businessConfig(owner.sub) }))).Item;
  const status = async () => (await callApi(app, 'GET', user('status'), token)).body;

  it('answers 404 with the spec text before a config exists, and status starts at step 1', async () => {
    for (const [method, path, body] of [
      ['POST', 'personality', { personality_traits: FRIENDLY }],
      ['PUT', 'voice-settings', { selected_voice: { provider: 'local', voice_id: 'f1' } }],
      ['PUT', 'behavior-settings', BEHAVIOR],
    ] as const) {
      const response = await callApi(app, method, user(path), token, body);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    }
    expect(await status()).toEqual({
      has_config: false,
      completed_steps: [],
      current_step: 1,
      setup_complete: false,
      marked_steps: [],
      setup_completed: false,
    });
  });

  it('moves the status along as steps 1 and 2 are saved', async () => {
    await callApi(app, 'POST', '/oauth/config/create', token, SAMPLE_BUSINESS_INFO);
    expect(await status()).toMatchObject({ has_config: true, completed_steps: [1], current_step: 2 });
    await callApi(app, 'PUT', user('config'), token, {
      business_description: 'A salon',
      assistant_name: 'Ava',
    });
    expect(await status()).toMatchObject({ completed_steps: [1, 2], current_step: 3 });
  });

  it('refuses a trait value that is not one of its options, storing nothing', async () => {
    const response = await callApi(app, 'POST', user('personality'), token, {
      personality_traits: { ...FRIENDLY, empathy: 'Cold' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('personality_traits.empathy: empathy must be one of');
    expect((await stored())?.formality).toBeUndefined();
  });

  it('stores the five traits as fields and as personality_traits; a partial save keeps the others', async () => {
    const saved = await callApi(app, 'POST', user('personality'), token, { personality_traits: FRIENDLY });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...FRIENDLY, personality_traits: FRIENDLY });

    const partial = await callApi(app, 'POST', user('personality'), token, {
      personality_traits: { humor: 'Genuinely Comedic' },
    });
    expect(partial.body).toMatchObject({ ...FRIENDLY, humor: 'Genuinely Comedic' });
    expect((await stored())?.personality_traits).toEqual({ ...FRIENDLY, humor: 'Genuinely Comedic' });
    // Step 3 also needs voice_settings.
    expect(await status()).toMatchObject({ current_step: 3 });
  });

  it('stores the selected voice and its voice_settings.voice_id, completing step 3', async () => {
    const invalid = await callApi(app, 'PUT', user('voice-settings'), token, {
      selected_voice: { provider: 'x' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('selected_voice.voice_id');

    const voice = { provider: 'local', voice_id: 'female-1', provider_config: { speed: 1 } };
    const saved = await callApi(app, 'PUT', user('voice-settings'), token, { selected_voice: voice });
    expect(saved.status).toBe(200);
    expect(saved.body.selected_voice).toEqual(voice);
    expect(saved.body.voice_settings).toMatchObject({ voice_id: 'female-1', provider: 'local' });
    expect(await status()).toMatchObject({ completed_steps: [1, 2, 3], current_step: 4 });
  });

  it('validates behavior settings field by field and stores nothing on failure', async () => {
    const cases = [
      [{ manager_number: '415-555-0100' }, 'manager_number: Manager number must be +1 followed by 10 digits'],
      [{ manager_number: '+1415555010' }, 'manager_number'],
      [{ escalation_email: 'not-an-email' }, 'escalation_email: Please enter a valid e-mail address'],
      [{ remember_past_callers: 'yes' }, 'remember_past_callers'],
    ] as const;
    for (const [change, message] of cases) {
      const response = await callApi(app, 'PUT', user('behavior-settings'), token, {
        ...BEHAVIOR,
        ...change,
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect((await stored())?.manager_number).toBeUndefined();
  });

  it('switching "Remember past callers" off forgets every caller it remembered, and only that owner\'s', async () => {
    const memories = deps.data.callerMemories;
    const now = new Date();
    const callers = Array.from({ length: 30 }, (_, i) => `+1415555${String(2000 + i)}`);
    await Promise.all(
      callers.map((caller) => memories.remember(owner.sub, caller, { name: 'Ana' }, now, 30)),
    );
    await memories.remember(other.sub, callers[0]!, { name: 'Kept' }, now, 30);
    const on = await callApi(app, 'PUT', user('behavior-settings'), token, BEHAVIOR);
    expect(on.status).toBe(200);
    expect(await memories.get(owner.sub, callers[29]!)).toMatchObject({ name: 'Ana' });
    const off = await callApi(app, 'PUT', user('behavior-settings'), token, {
      ...BEHAVIOR,
      remember_past_callers: false,
    });
    expect(off.status).toBe(200);
    for (const caller of callers) expect(await memories.get(owner.sub, caller)).toBeUndefined();
    expect(await memories.get(other.sub, callers[0]!)).toMatchObject({ name: 'Kept' });
  });

  it('stores behavior settings trimmed; an empty manager number is allowed but leaves step 5 open', async () => {
    const empty = await callApi(app, 'PUT', user('behavior-settings'), token, {
      ...BEHAVIOR,
      manager_number: '',
    });
    expect(empty.status).toBe(200);
    expect(empty.body.manager_number).toBe('');

    const saved = await callApi(app, 'PUT', user('behavior-settings'), token, BEHAVIOR);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      remember_past_callers: true,
      manager_number: '+14155550100',
      manager_name: 'Dana Lee',
      escalation_email: 'dana@bellahair.example.com',
      text_escalation_to_manager: false,
    });
    // Step 4 (assistant phone) is still missing, so 5 does not count yet.
    expect(await status()).toMatchObject({ completed_steps: [1, 2, 3], current_step: 4 });
  });

  it("refuses another user's token on every step route (403) and writes nothing", async () => {
    const before = await stored();
    for (const [method, path, body] of [
      ['POST', 'personality', { personality_traits: { humor: 'Completely Serious' } }],
      ['PUT', 'voice-settings', { selected_voice: { provider: 'local', voice_id: 'm1' } }],
      ['PUT', 'behavior-settings', { ...BEHAVIOR, manager_name: 'Mallory' }],
      ['GET', 'status', undefined],
    ] as const) {
      const response = await callApi(app, method, user(path), other.tokens.IdToken, body);
      expect(response.status, path).toBe(403);
    }
    expect(await stored()).toEqual(before);
  });

  it('reports setup status by the business phone, owner-scoped', async () => {
    const own = await callApi(
      app,
      'GET',
      `/oauth/config/status/${encodeURIComponent('+14155550142')}`,
      token,
    );
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ has_config: true, current_step: 4 });
    const digits = await callApi(app, 'GET', '/oauth/config/status/4155550142', token);
    expect(digits.body.completed_steps).toEqual([1, 2, 3]);

    const foreign = await callApi(app, 'GET', '/oauth/config/status/4155550142', other.tokens.IdToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(NOT_FOUND);
  });

  it('records marked steps by number or name, and step 7 marks setup completed', async () => {
    const businessId = (await status()).business_id as string;
    const path = `/oauth/config/mark-step-complete/${businessId}`;

    const unknown = await callApi(app, 'POST', path, token, { step: 'dance' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown setup step');

    const foreign = await callApi(app, 'POST', path, other.tokens.IdToken, { step: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(NOT_FOUND);

    expect((await callApi(app, 'POST', path, token, { step: 'business_info' })).body.marked_steps).toEqual([
      1,
    ]);
    const two = await callApi(app, 'POST', path, token, { step: '2' });
    expect(two.body).toMatchObject({ marked_steps: [1, 2], setup_completed: false });
    const last = await callApi(app, 'POST', path, token, { step: 'complete' });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ marked_steps: [1, 2, 7], setup_completed: true });
    expect((await stored())?.setup_completed).toBe(true);
  });
});
