import { describe, expect, it } from 'vitest';
import { OBJECTIVE_TEMPLATES } from '../../shared/objective-templates';
import { localStockPage } from '../../backend/src/local/twilio/local-inventory';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { storeSubscription } from '../support/subscriptions';
import { createTestApp } from '../support/test-app';

/**
 * Writes answer with what they stored (decision 165): each save the wizard and the dashboard make answers
 * with the record exactly as the next GET shows it, so the browser keeps that answer instead of asking again.
 */
describe('writes answer with the record as stored', async () => {
  const { app, deps, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'write-answers');
  const token = owner.tokens.IdToken;
  const userPath = `/oauth/users/${owner.sub}`;
  const configNow = async () => (await callApi(app, 'GET', `${userPath}/config`, token)).body;
  await callApi(app, 'POST', '/oauth/config/create', token, SAMPLE_BUSINESS_INFO);
  await storeSubscription(deps, owner.sub, 'trialing');

  it('personality and voice settings answer with the config GET then shows', async () => {
    const personality = await callApi(app, 'POST', `${userPath}/personality`, token, {
      personality_traits: { formality: 'Very Casual' },
    });
    expect(personality.status).toBe(200);
    expect(personality.body).toEqual(await configNow());
    expect(personality.body.formality).toBe('Very Casual');

    const voice = await callApi(app, 'PUT', `${userPath}/voice-settings`, token, {
      selected_voice: { provider: 'local', voice_id: 'en-us-female' },
    });
    expect(voice.status).toBe(200);
    expect(voice.body).toEqual(await configNow());
    expect(voice.body.selected_voice).toMatchObject({ voice_id: 'en-us-female' });
  });

  it('behavior settings answer with the config GET then shows (modules in effect included)', async () => {
    const behavior = await callApi(app, 'PUT', `${userPath}/behavior-settings`, token, {
      remember_past_callers: true,
      manager_number: '+14155550123',
      manager_name: 'Ana',
      escalation_email: 'ana@example.com',
      text_escalation_to_manager: true,
    });
    expect(behavior.status).toBe(200);
    expect(behavior.body).toEqual(await configNow());
    expect(behavior.body.manager_name).toBe('Ana');
  });

  it('the assistant phone answers with the spec fields and the config holding the new number', async () => {
    const [offered] = localStockPage('415', 0, 1);
    const picked = await callApi(app, 'POST', `${userPath}/assistant-phone`, token, {
      assistant_phone: offered!.phone_number,
    });
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({
      assistant_phone: offered!.phone_number,
      message: expect.any(String),
    });
    expect(picked.body.config).toEqual(await configNow());
    expect(picked.body.config).toMatchObject({ assistant_phone: offered!.phone_number });
  });

  it('an objective save answers with the objective as stored and the config now pointing at it', async () => {
    const template = OBJECTIVE_TEMPLATES.book_with_deposit;
    const created = await callApi(app, 'POST', `${userPath}/objectives`, token, {
      goal: 'Book clients with a deposit.',
      required_capabilities: template.required_capabilities,
      success_criteria: template.success_criteria,
      template_id: template.id,
    });
    expect(created.status).toBe(201);
    const { config, ...objective } = created.body;
    expect(objective).toEqual((await callApi(app, 'GET', `${userPath}/objectives`, token)).body);
    expect(config).toEqual(await configNow());
    expect(config).toMatchObject({ business_objective_id: objective.id, objective_template: template.id });

    const updated = await callApi(app, 'PUT', `${userPath}/objectives`, token, {
      objective: { ...objective, goal: 'Book every client with a deposit.' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.goal).toBe('Book every client with a deposit.');
    expect(updated.body.config).toEqual(await configNow());
  });
});
