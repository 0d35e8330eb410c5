import { randomUUID } from 'node:crypto';
import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';
import { createLocalOutbox } from '../../backend/src/local/ses/local-outbox';
import { cognitoCall, signInUser, type Tokens } from '../../scripts/local-stack/cognito-api';

export { cognitoCall, signInUser, type Tokens };

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
