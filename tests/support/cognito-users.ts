import { randomUUID } from 'node:crypto';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import { createLocalOutbox } from '../../backend/src/providers/email/local';

/** Calls the identity service's JSON API the way the AWS SDKs and Amplify do. */
export async function cognitoCall<T = Record<string, unknown>>(
  cognitoUrl: string,
  target: string,
  body: unknown,
) {
  const response = await fetch(cognitoUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as T & { __type?: string; message?: string };
  return { status: response.status, body: payload };
}

export type Tokens = { IdToken: string; AccessToken: string; RefreshToken: string };

export async function latestOutboxCode(outboxDir: string, email: string): Promise<string> {
  const messages = await createLocalOutbox(outboxDir).list();
  const code = messages.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no confirmation code in the outbox for ${email}`);
  return code;
}

/** Signs a fresh owner up, confirms with the e-mailed code and signs in: real tokens from cognito-local. */
export async function createConfirmedUser(
  services: { cognitoUrl: string; outboxDir: string },
  label = 'owner',
  attributes: Record<string, string> = { 'custom:business_name': 'Test Salon' },
) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-9';
  const signUp = await cognitoCall<{ UserSub: string }>(services.cognitoUrl, 'SignUp', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      ...Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    ],
  });
  if (signUp.status !== 200) throw new Error(`SignUp failed: ${JSON.stringify(signUp.body)}`);
  const code = await latestOutboxCode(services.outboxDir, email);
  await cognitoCall(services.cognitoUrl, 'ConfirmSignUp', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    Username: email,
    ConfirmationCode: code,
  });
  const tokens = await signInUser(services.cognitoUrl, email, password);
  return { email, password, sub: signUp.body.UserSub, tokens };
}

export async function signInUser(cognitoUrl: string, email: string, password: string): Promise<Tokens> {
  const auth = await cognitoCall<{ AuthenticationResult: Tokens }>(cognitoUrl, 'InitiateAuth', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (auth.status !== 200) throw new Error(`InitiateAuth failed: ${JSON.stringify(auth.body)}`);
  return auth.body.AuthenticationResult;
}
