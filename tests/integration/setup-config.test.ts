import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { callApi, SAMPLE_BUSINESS_INFO } from '../support/api-calls';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const NOT_FOUND = { error: 'not_found', message: 'Business config not found' };

describe('business config create, load, update and look-ups', async () => {
  const { app, doc, tableName, services } = await createTestApp();
  const [owner, other, fresh] = await Promise.all([
    createConfirmedUser(services, 'owner'),
    createConfirmedUser(services, 'other'),
    createConfirmedUser(services, 'fresh'),
  ]);
  const token = owner.tokens.IdToken;
  const storedConfig = async (userId: string) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: keys.businessConfig(userId) }))).Item;

  it('refuses step 1 with a missing field or a website that is not a URL, storing nothing', async () => {
    const missing = await callApi(app, 'POST', '/oauth/config/create', token, {
      ...SAMPLE_BUSINESS_INFO,
      address: '  ',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Invalid request: address: Please fill in all required fields');

    const absent = await callApi(app, 'POST', '/oauth/config/create', token, { business_name: 'X' });
    expect(absent.status).toBe(400);
    expect(absent.body.details).toEqual(
      expect.arrayContaining([{ path: 'website', message: 'Please fill in all required fields' }]),
    );

    const badSite = await callApi(app, 'POST', '/oauth/config/create', token, {
      ...SAMPLE_BUSINESS_INFO,
      website: 'bella hair',
    });
    expect(badSite.status).toBe(400);
    expect(badSite.body.message).toContain('website: Please enter a valid website URL');
    expect(await storedConfig(owner.sub)).toBeUndefined();
  });

  it('creates the config for the token owner, then updates it on a second save', async () => {
    const created = await callApi(app, 'POST', '/oauth/config/create', token, SAMPLE_BUSINESS_INFO);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      business_name: 'Bella Hair Studio',
      phone_number: '+14155550142',
      website: 'https://bellahair.example.com',
    });
    expect(typeof created.body.business_id).toBe('string');
    expect((await storedConfig(owner.sub))?.gsi1pk).toBe(`BUSINESS#${created.body.business_id}`);

    const again = await callApi(app, 'POST', '/oauth/config/create', token, {
      ...SAMPLE_BUSINESS_INFO,
      business_name: 'Bella Hair & Nails',
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      business_id: created.body.business_id,
      business_name: 'Bella Hair & Nails',
    });

    const loaded = await callApi(app, 'GET', `/oauth/users/${owner.sub}/config`, token);
    expect(loaded.status).toBe(200);
    expect(loaded.body.business_name).toBe('Bella Hair & Nails');
  });

  it('creates through POST /oauth/users/{userId}/config and refuses another user (403, nothing stored)', async () => {
    const forbidden = await callApi(
      app,
      'POST',
      `/oauth/users/${fresh.sub}/config`,
      token,
      SAMPLE_BUSINESS_INFO,
    );
    expect(forbidden.status).toBe(403);
    expect(await storedConfig(fresh.sub)).toBeUndefined();

    const created = await callApi(
      app,
      'POST',
      `/oauth/users/${fresh.sub}/config`,
      fresh.tokens.IdToken,
      SAMPLE_BUSINESS_INFO,
    );
    expect(created.status).toBe(201);
    expect(created.body.address).toBe(SAMPLE_BUSINESS_INFO.address);
  });

  it('updates description and assistant name, 404 without a config, 400 on an empty description', async () => {
    const path = `/oauth/users/${owner.sub}/config`;
    const updated = await callApi(app, 'PUT', path, token, {
      business_description: 'A friendly salon in the Mission.',
      assistant_name: 'Ava',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      business_description: 'A friendly salon in the Mission.',
      assistant_name: 'Ava',
    });

    const empty = await callApi(app, 'PUT', path, token, { business_description: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('business_description');
    expect((await storedConfig(owner.sub))?.business_description).toBe('A friendly salon in the Mission.');

    const none = await callApi(app, 'PUT', `/oauth/users/${other.sub}/config`, other.tokens.IdToken, {
      business_description: 'x',
    });
    expect(none.status).toBe(404);
    expect(none.body).toEqual(NOT_FOUND);

    const foreign = await callApi(app, 'PUT', path, other.tokens.IdToken, { assistant_name: 'Mallory' });
    expect(foreign.status).toBe(403);
    expect((await storedConfig(owner.sub))?.assistant_name).toBe('Ava');
  });

  it('updates the description and traits of the config with that phone, in any format', async () => {
    const updated = await callApi(app, 'POST', '/oauth/config/update-description', token, {
      phone_number: '415-555-0142',
      business_description: 'Cuts, colour and blowouts.',
      formality: 'Business Casual',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      business_description: 'Cuts, colour and blowouts.',
      assistant_name: 'Ava',
      formality: 'Business Casual',
      verbosity: 'Concise',
      personality_traits: expect.objectContaining({
        formality: 'Business Casual',
        humor: 'Completely Serious',
      }),
    });

    const badTrait = await callApi(app, 'POST', '/oauth/config/update-description', token, {
      phone_number: '+14155550142',
      humor: 'Slapstick',
    });
    expect(badTrait.status).toBe(400);
    expect(badTrait.body.message).toContain('humor must be one of');

    const otherPhone = await callApi(app, 'POST', '/oauth/config/update-description', token, {
      phone_number: '+12125550199',
      business_description: 'Not mine',
    });
    expect(otherPhone.status).toBe(404);
    expect(otherPhone.body).toEqual(NOT_FOUND);
  });

  it("finds the owner's config by business id, and answers 404 for someone else's", async () => {
    const own = await callApi(app, 'GET', `/oauth/users/${owner.sub}/config`, token);
    const businessId = own.body.business_id as string;
    const byId = await callApi(app, 'GET', `/oauth/config/get/${businessId}`, token);
    expect(byId.status).toBe(200);
    expect(byId.body.business_name).toBe('Bella Hair & Nails');

    const foreign = await callApi(app, 'GET', `/oauth/config/get/${businessId}`, fresh.tokens.IdToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(NOT_FOUND);
    expect((await callApi(app, 'GET', '/oauth/config/get/no-such-id', token)).status).toBe(404);
  });
});
