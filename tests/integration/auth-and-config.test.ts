import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../backend/src/platform/dynamo/keys';
import { createConfirmedUser } from '../support/cognito-users';
import { createTestApp } from '../support/test-app';

const configPath = (userId: string) => `/oauth/users/${userId}/config`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('per-user routes with real cognito-local tokens and DynamoDB Local', async () => {
  const { app, doc, tableName, services } = await createTestApp();
  const owner = await createConfirmedUser(services, 'owner');
  const other = await createConfirmedUser(services, 'other');

  it('refuses a request without a token with the spec text', async () => {
    const response = await app.request(configPath(owner.sub));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'unauthorized', message: 'Authentication required' });
  });

  it('refuses a token that is not a JWT, or whose signature does not verify', async () => {
    const notJwt = await app.request(configPath(owner.sub), { headers: bearer('abc') });
    expect(notJwt.status).toBe(401);
    expect((await notJwt.json()).message).toBe('Invalid authentication token format');

    const [header, payload] = owner.tokens.IdToken.split('.');
    const forged = await app.request(configPath(owner.sub), {
      headers: bearer(`${header}.${payload}.c2lnbmF0dXJl`),
    });
    expect(forged.status).toBe(401);
    expect((await forged.json()).message).toBe('No valid token found');
  });

  it("answers 403 when the path's user id is not the token's subject", async () => {
    const response = await app.request(configPath(other.sub), { headers: bearer(owner.tokens.IdToken) });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe('forbidden');
  });

  it('answers 404 with the spec text when the owner has no config yet, for ID and access tokens', async () => {
    for (const token of [owner.tokens.IdToken, owner.tokens.AccessToken]) {
      const response = await app.request(configPath(owner.sub), { headers: bearer(token) });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'not_found', message: 'Business config not found' });
    }
  });

  it("returns the owner's stored config without the table's key attributes", async () => {
    await doc.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.businessConfig(owner.sub), business_id: 'biz-1', business_name: 'Test Salon' },
      }),
    );
    const response = await app.request(configPath(owner.sub), { headers: bearer(owner.tokens.IdToken) });
    expect(response.status).toBe(200);
    // authorized_modules: the modules in effect (issue 12 §4), none here.
    expect(await response.json()).toEqual({
      business_id: 'biz-1',
      business_name: 'Test Salon',
      authorized_modules: [],
    });
  });

  it('refuses tokens issued for another app client or by another issuer', async () => {
    const otherClient = await createTestApp({ COGNITO_CLIENT_ID: 'some-other-client' });
    const wrongClient = await otherClient.app.request(configPath(owner.sub), {
      headers: bearer(owner.tokens.IdToken),
    });
    expect(wrongClient.status).toBe(401);

    const otherIssuer = await createTestApp({ COGNITO_ISSUER: 'http://localhost:1/local_Other' });
    const wrongIssuer = await otherIssuer.app.request(configPath(owner.sub), {
      headers: bearer(owner.tokens.IdToken),
    });
    expect(wrongIssuer.status).toBe(401);
  });

  it('answers unknown routes and malformed JSON with the one error shape', async () => {
    const missing = await app.request('/no/such/route');
    expect(missing.status).toBe(404);
    expect(Object.keys(await missing.json()).sort()).toEqual(['error', 'message']);

    const malformed = await app.request('/api/logs/frontend', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"event_type":',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toBe('bad_request');
  });
});
