import type { CognitoIdentityProviderClient, UserType } from '@aws-sdk/client-cognito-identity-provider';
import { IdentityError, type IdentityAdmin, type IdentityUser } from './port';

export type CognitoAdminOptions = {
  region: string;
  userPoolId: string;
  /** cognito-local's address; absent in AWS, where the SDK resolves Cognito's regional endpoint. */
  endpoint?: string;
  /** Explicit credentials (cognito-local accepts any); absent, the SDK's default chain (the Lambda role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
};

/** Errors that mean "already done": the user is gone, so there is nothing left to sign out or delete. */
const ALREADY_GONE = new Set(['UserNotFoundException']);

const toUser = (user: UserType): IdentityUser => {
  const attributes = Object.fromEntries((user.Attributes ?? []).map((a) => [a.Name!, a.Value ?? '']));
  return {
    username: user.Username!,
    sub: attributes.sub ?? user.Username!,
    ...(attributes.email ? { email: attributes.email } : {}),
    enabled: user.Enabled !== false,
    ...(user.UserStatus ? { status: user.UserStatus } : {}),
    ...(user.UserCreateDate ? { createdAt: new Date(user.UserCreateDate).toISOString() } : {}),
    attributes,
  };
};

/**
 * Cognito's admin API through the AWS SDK. The SDK ships with the Lambda runtime (never bundled), and it
 * is imported at the first call: account deletion and the operator are rare, a cold start is not.
 */
export function createCognitoIdentityAdmin(options: CognitoAdminOptions): IdentityAdmin {
  let loaded:
    | Promise<{
        sdk: typeof import('@aws-sdk/client-cognito-identity-provider');
        client: CognitoIdentityProviderClient;
      }>
    | undefined;
  const load = () =>
    (loaded ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
      sdk,
      client: new sdk.CognitoIdentityProviderClient({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      }),
    })));

  /** Runs one call; a refusal becomes an IdentityError naming Cognito's error code (never its message). */
  async function call<T>(operation: string, run: (loaded: Awaited<ReturnType<typeof load>>) => Promise<T>) {
    try {
      return await run(await load());
    } catch (error) {
      const code = (error as { name?: string }).name;
      throw new IdentityError(`Identity service refused ${operation}: ${code ?? 'unknown error'}`, code);
    }
  }
  /** Sign-out and deletion: a user already gone counts as done. */
  async function idempotent(operation: string, run: Parameters<typeof call<unknown>>[1]) {
    try {
      await call(operation, run);
    } catch (error) {
      if (error instanceof IdentityError && error.code && ALREADY_GONE.has(error.code)) return;
      throw error;
    }
  }
  // ListUsers filters are `attribute = "value"`; a quote or backslash in the value would end the string.
  const findOne = async (attribute: 'email' | 'sub', value: string) => {
    if (/["\\]/.test(value)) return undefined;
    const { Users } = await call('ListUsers', ({ sdk, client }) =>
      client.send(
        new sdk.ListUsersCommand({
          UserPoolId: options.userPoolId,
          Filter: `${attribute} = "${value}"`,
          Limit: 2,
        }),
      ),
    );
    return Users?.[0] ? toUser(Users[0]) : undefined;
  };
  const pool = (username: string) => ({ UserPoolId: options.userPoolId, Username: username });

  return {
    signOutEverywhere: (username) =>
      idempotent('AdminUserGlobalSignOut', ({ sdk, client }) =>
        client.send(new sdk.AdminUserGlobalSignOutCommand(pool(username))),
      ),
    deleteUser: (username) =>
      idempotent('AdminDeleteUser', ({ sdk, client }) =>
        client.send(new sdk.AdminDeleteUserCommand(pool(username))),
      ),
    findByEmail: (email) => findOne('email', email.trim().toLowerCase()),
    findBySub: (sub) => findOne('sub', sub),
    async setAttributes(username, attributes) {
      await call('AdminUpdateUserAttributes', ({ sdk, client }) =>
        client.send(
          new sdk.AdminUpdateUserAttributesCommand({
            ...pool(username),
            UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
          }),
        ),
      );
    },
  };
}
