import type { AppConfig } from '../../config/env';
import { createCognitoIdentityAdmin } from './cognito';
import type { IdentityAdmin } from './types';

export type { IdentityAdmin } from './types';

/**
 * The identity admin for the configured user pool. Its endpoint is the token issuer's origin: Cognito's
 * regional endpoint in AWS, cognito-local (the local identity service) on a developer's machine and in tests.
 * In AWS the calls are signed with the Lambda role's credentials (it may AdminUserGlobalSignOut and
 * AdminDeleteUser on its own pool only: infra/lib/api.ts); locally cognito-local accepts any signature.
 */
export function createIdentityAdmin(
  config: Pick<AppConfig, 'appEnv' | 'region' | 'cognito'>,
  awsCredentials: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>,
): IdentityAdmin {
  const local = config.appEnv !== 'aws';
  return createCognitoIdentityAdmin({
    endpoint: new URL(config.cognito.issuer).origin,
    region: config.region,
    userPoolId: config.cognito.userPoolId,
    credentials: local ? async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }) : awsCredentials,
  });
}
