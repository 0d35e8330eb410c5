import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createCognitoIdentityAdmin } from './cognito';
import { IdentityError } from './port';

type Answer = { status: number; body: object };

/** A stand-in Cognito endpoint: answers calls from `answers` (200 {} when empty) and records each request. */
async function fakeCognito() {
  const answers: Answer[] = [];
  const seen: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      const answer = answers.shift() ?? { status: 200, body: {} };
      res.writeHead(answer.status, { 'Content-Type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, answers, seen, close: () => server.close() };
}

describe('Cognito identity admin (account deletion, the operator CLI)', async () => {
  const fake = await fakeCognito();
  afterAll(() => fake.close());
  const identity = createCognitoIdentityAdmin({
    endpoint: fake.url,
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_Pool',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'tok' },
  });

  it('sends SigV4-signed AdminUserGlobalSignOut and AdminDeleteUser calls for the pool and user', async () => {
    fake.seen.length = 0;
    await identity.signOutEverywhere('user-1');
    await identity.deleteUser('user-1');
    expect(fake.seen.map((s) => s.headers['x-amz-target'])).toEqual([
      'AWSCognitoIdentityProviderService.AdminUserGlobalSignOut',
      'AWSCognitoIdentityProviderService.AdminDeleteUser',
    ]);
    for (const call of fake.seen) {
      expect(JSON.parse(call.body)).toEqual({ UserPoolId: 'eu-west-1_Pool', Username: 'user-1' });
      expect(call.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/cognito-idp\/aws4_request, SignedHeaders=[^,]*x-amz-target[^,]*, Signature=[0-9a-f]{64}$/,
      );
      expect(call.headers['x-amz-security-token']).toBe('tok');
    }
  });

  it('treats a user that no longer exists as done, so a retried deletion finishes', async () => {
    fake.answers.push(
      { status: 400, body: { __type: 'UserNotFoundException', message: 'User does not exist.' } },
      { status: 400, body: { __type: 'com.amazonaws#UserNotFoundException', message: 'gone' } },
    );
    await expect(identity.signOutEverywhere('gone')).resolves.toBeUndefined();
    await expect(identity.deleteUser('gone')).resolves.toBeUndefined();
  });

  it('finds a user by e-mail with an exact ListUsers filter, and refuses a value that would break out of it', async () => {
    fake.seen.length = 0;
    fake.answers.push({
      status: 200,
      body: {
        Users: [
          {
            Username: 'u-1',
            Enabled: true,
            UserStatus: 'CONFIRMED',
            Attributes: [
              { Name: 'sub', Value: 'sub-1' },
              { Name: 'email', Value: 'owner@example.com' },
            ],
          },
        ],
      },
    });
    expect(await identity.findByEmail(' Owner@Example.com ')).toMatchObject({
      username: 'u-1',
      sub: 'sub-1',
      email: 'owner@example.com',
      enabled: true,
      status: 'CONFIRMED',
    });
    expect(fake.seen[0]!.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.ListUsers');
    expect(JSON.parse(fake.seen[0]!.body)).toEqual({
      UserPoolId: 'eu-west-1_Pool',
      Filter: 'email = "owner@example.com"',
      Limit: 2,
    });
    expect(await identity.findByEmail('x" or email ^= "')).toBeUndefined();
    expect(fake.seen).toHaveLength(1);
  });

  it('fails with an IdentityError on any other refusal (e.g. missing permission)', async () => {
    fake.answers.push({ status: 400, body: { __type: 'AccessDeniedException', message: 'not allowed' } });
    const failure = identity.deleteUser('user-1');
    await expect(failure).rejects.toBeInstanceOf(IdentityError);
    await expect(failure).rejects.toMatchObject({ code: 'AccessDeniedException' });
  });
});
