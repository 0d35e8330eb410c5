import { LOCAL_USER_POOL_CLIENT_ID } from '../../shared/identity';

/**
 * The identity service's JSON API called the way the AWS SDKs and Amplify do. Shared by the tests
 * (tests/support/cognito-users.ts) and the demo seeder, which both need real users in cognito-local.
 */
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

export async function signInUser(cognitoUrl: string, email: string, password: string): Promise<Tokens> {
  const auth = await cognitoCall<{ AuthenticationResult: Tokens }>(cognitoUrl, 'InitiateAuth', {
    ClientId: LOCAL_USER_POOL_CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (auth.status !== 200) throw new Error(`InitiateAuth failed: ${JSON.stringify(auth.body)}`);
  return auth.body.AuthenticationResult;
}

/** The `sub` claim of a token (already verified by the issuer that just handed it out). */
export const tokenSubject = (jwt: string) =>
  String((JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { sub: unknown }).sub);
