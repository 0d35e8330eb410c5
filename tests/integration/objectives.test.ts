import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  OBJECTIVE_TEMPLATES,
  initialMultiObjectiveConfig,
  addSecondaryObjective,
} from '../../shared/objective-templates';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const template = OBJECTIVE_TEMPLATES.book_with_deposit;
const generated = {
  goal: 'Book Bella Hair clients and secure each slot with a $20 deposit.',
  required_capabilities: template.required_capabilities,
  success_criteria: template.success_criteria,
  template_id: template.id,
};

describe('objectives and objective templates', async () => {
  const { app, doc, tableName, services } = await createTestApp();
  const [owner, other, dentalTokens] = await Promise.all([
    createConfirmedUser(services, 'owner'),
    createConfirmedUser(services, 'other'),
    createConfirmedUser(services, 'dental', { 'custom:business_type': 'dental' }).then((user) => user.tokens),
  ]);
  const token = owner.tokens.IdToken;
  const path = `/oauth/users/${owner.sub}/objectives`;
  const storedItem = async (key: { pk: string; sk: string }) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: key }))).Item;

  it('answers 404 when there is no objective, and 404 config-not-found on save without a config', async () => {
    const none = await callApi(app, 'GET', path, token);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: 'not_found', message: 'Objective not found' });
    // Asked so, "none yet" is a 200 null (no failed request for the browser to log), for config too.
    const asNull = await callApi(app, 'GET', `${path}?if_missing=null`, token);
    expect(asNull).toMatchObject({ status: 200, body: null });
    const configAsNull = await callApi(app, 'GET', `/oauth/users/${owner.sub}/config?if_missing=null`, token);
    expect(configAsNull).toMatchObject({ status: 200, body: null });
    expect((await callApi(app, 'GET', `${path}?if_missing=nope`, token)).status).toBe(400);
    expect(
      (await callApi(app, 'GET', `/oauth/users/${other.sub}/config?if_missing=null`, token)).status,
    ).toBe(403);

    const save = await callApi(app, 'POST', path, token, generated);
    expect(save.status).toBe(404);
    expect(save.body).toEqual({ error: 'not_found', message: 'Business config not found' });
    expect(await storedItem(keys.objectives(owner.sub))).toBeUndefined();
  });

  it('refuses an empty body and invalid fields with a field message, storing nothing', async () => {
    await callApi(app, 'POST', '/oauth/config/create', token, SAMPLE_BUSINESS_INFO);
    const empty = await callApi(app, 'POST', path, token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No objective to save');

    const badWeight = await callApi(app, 'POST', path, token, { ...generated, weight: 3 });
    expect(badWeight.status).toBe(400);
    expect(badWeight.body.message).toContain('weight');

    const noGoal = await callApi(app, 'POST', path, token, { ...generated, goal: ' ' });
    expect(noGoal.status).toBe(400);
    expect(noGoal.body.message).toContain('goal');
    expect(await storedItem(keys.objectives(owner.sub))).toBeUndefined();
  });

  it("creates the objective with the owner's business id and completes step 6 on the config", async () => {
    const created = await callApi(app, 'POST', path, token, { ...generated, business_id: 'someone-elses' });
    expect(created.status).toBe(201);
    const config = await callApi(app, 'GET', `/oauth/users/${owner.sub}/config`, token);
    expect(created.body).toMatchObject({
      ...generated,
      priority: 'primary',
      weight: 0.7,
      conditions: [],
      business_id: config.body.business_id,
    });
    expect(config.body).toMatchObject({
      business_objective_id: created.body.id,
      objective_template: 'book_with_deposit',
    });

    const loaded = await callApi(app, 'GET', path, token);
    expect(loaded.status).toBe(200);
    // The save also answers with the config it pointed at the objective (decision 165).
    const { config: pointedConfig, ...createdObjective } = created.body;
    expect(loaded.body).toEqual(createdObjective);
    expect(pointedConfig).toEqual(config.body);
  });

  it('updates with PUT, wrapped or bare, and keeps objective_config with its hierarchy', async () => {
    const current = (await callApi(app, 'GET', path, token)).body as never as Parameters<
      typeof initialMultiObjectiveConfig
    >[0];
    const secondary = { ...current, id: 'lead-capture', goal: 'Capture leads after hours' };
    const objectiveConfig = addSecondaryObjective(initialMultiObjectiveConfig(current), secondary);

    const updated = await callApi(app, 'PUT', path, token, {
      objective: { ...current, goal: 'Book and secure every slot' },
      objective_config: objectiveConfig,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.goal).toBe('Book and secure every slot');
    expect(updated.body.objective_config).toEqual(objectiveConfig);
    expect((updated.body.objective_config as typeof objectiveConfig).objective_hierarchy).toEqual({
      primary_weight: 0.7,
      secondary_weights: [0.3],
      conflict_resolution: 'priority_based',
    });

    const bare = await callApi(app, 'PUT', path, token, { ...current, goal: 'Bare update' });
    expect(bare.status).toBe(200);
    expect(bare.body.goal).toBe('Bare update');
    expect(bare.body.objective_config).toEqual(objectiveConfig);
  });

  it('refuses a hierarchy outside the spec limits on PUT, storing nothing', async () => {
    const before = await storedItem(keys.objectives(owner.sub));
    const current = (await callApi(app, 'GET', path, token)).body as never as Parameters<
      typeof initialMultiObjectiveConfig
    >[0];
    const config = initialMultiObjectiveConfig(current);
    const tooLight = await callApi(app, 'PUT', path, token, {
      ...current,
      objective_config: {
        ...config,
        objective_hierarchy: { ...config.objective_hierarchy, primary_weight: 0.3 },
      },
    });
    expect(tooLight.status).toBe(400);
    expect(tooLight.body.message).toContain('objective_config.objective_hierarchy.primary_weight');

    const four = [1, 2, 3, 4].map((i) => ({ ...current, id: `s${i}`, priority: 'secondary' }));
    const tooMany = await callApi(app, 'PUT', path, token, {
      ...current,
      objective_config: {
        ...config,
        secondary_objectives: four,
        objective_hierarchy: { ...config.objective_hierarchy, secondary_weights: [0.1, 0.1, 0.1, 0.1] },
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('objective_config.secondary_objectives');
    expect(await storedItem(keys.objectives(owner.sub))).toEqual(before);
  });

  it("refuses another user's token on every objectives method (403) and writes nothing", async () => {
    const before = await storedItem(keys.objectives(owner.sub));
    for (const method of ['GET', 'POST', 'PUT']) {
      const response = await callApi(
        app,
        method,
        path,
        other.tokens.IdToken,
        method === 'GET' ? undefined : generated,
      );
      expect(response.status, method).toBe(403);
    }
    expect(await storedItem(keys.objectives(owner.sub))).toEqual(before);
  });

  it("discovers templates for the token's business type, or the one asked for", async () => {
    const dental = await callApi(app, 'GET', '/oauth/objective-templates/discover', dentalTokens.IdToken);
    expect(dental.status).toBe(200);
    expect(dental.body.business_type).toBe('dental');
    expect((dental.body.templates as Array<{ id: string }>)[0]!.id).toBe('new_patient_intake');

    const untyped = await callApi(app, 'GET', '/oauth/objective-templates/discover', token);
    expect(untyped.body.business_type).toBe('other');

    const asked = await callApi(app, 'GET', '/oauth/objective-templates/discover?business_type=home', token);
    expect((asked.body.templates as Array<{ id: string }>)[0]!.id).toBe('emergency_dispatch');
  });

  it('lists templates by type (400 for an unknown type) and all of them as a map', async () => {
    const salon = await callApi(app, 'GET', '/oauth/objective-templates/salon', token);
    expect(salon.status).toBe(200);
    const first = (salon.body.templates as Array<Record<string, unknown>>)[0]!;
    expect(first).toEqual(OBJECTIVE_TEMPLATES.book_with_deposit);
    expect(first).toMatchObject({ revenue_impact: 'High', setup_time: '5 min' });

    const unknown = await callApi(app, 'GET', '/oauth/objective-templates/bakery', token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('type');

    const all = await callApi(app, 'GET', '/api/templates', token);
    expect(all.status).toBe(200);
    expect(all.body.templates).toEqual(OBJECTIVE_TEMPLATES);
    expect((await callApi(app, 'GET', '/api/templates')).status).toBe(401);
  });
});
