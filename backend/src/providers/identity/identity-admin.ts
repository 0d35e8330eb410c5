import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';

export type IdentityUser = {
  username: string;
  sub: string;
  email?: string;
  enabled: boolean;
  status?: string;
  createdAt?: string;
  attributes: Record<string, string>;
};

/**
 * The user pool's admin side, for the operator (ops CLI), never for a request path: Cognito in AWS (the
 * operator's credentials), cognito-local on a developer's machine (`endpoint`, any credentials).
 */
export function createIdentityAdmin(settings: { region: string; userPoolId: string; endpoint?: string }) {
  const client = new CognitoIdentityProviderClient({
    region: settings.region,
    ...(settings.endpoint
      ? { endpoint: settings.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
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
  // ListUsers filters are `attribute = "value"`; a quote or backslash in the value would end the string.
  const findOne = async (attribute: 'email' | 'sub', value: string) => {
    if (/["\\]/.test(value)) return undefined;
    const { Users } = await client.send(
      new ListUsersCommand({
        UserPoolId: settings.userPoolId,
        Filter: `${attribute} = "${value}"`,
        Limit: 2,
      }),
    );
    return Users?.[0] ? toUser(Users[0]) : undefined;
  };
  return {
    findByEmail: (email: string) => findOne('email', email.trim().toLowerCase()),
    findBySub: (sub: string) => findOne('sub', sub),
    async setAttributes(username: string, attributes: Record<string, string>) {
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: settings.userPoolId,
          Username: username,
          UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
        }),
      );
    },
  };
}
export type IdentityAdmin = ReturnType<typeof createIdentityAdmin>;
