import type { AppConfig } from '../../platform/config/env';
import { createCognitoIdentityAdmin } from './cognito';
import type { IdentityAdmin } from './port';

export type { IdentityAdmin, IdentityUser } from './port';

/**
 * The identity admin for the configured user pool. In AWS: Cognito's regional endpoint with the caller's
 * credentials (the Lambda role may AdminUserGlobalSignOut and AdminDeleteUser on its own pool only:
 * infra/lib/api.ts; the operator's CLI runs with the operator's). Elsewhere: cognito-local, at the token
 * issuer's origin, which accepts any credentials.
 */
export function createIdentityAdmin(config: Pick<AppConfig, 'appEnv' | 'region' | 'cognito'>): IdentityAdmin {
  const settings = { region: config.region, userPoolId: config.cognito.userPoolId };
  return config.appEnv === 'aws'
    ? createCognitoIdentityAdmin(settings)
    : createCognitoIdentityAdmin({
        ...settings,
        endpoint: new URL(config.cognito.issuer).origin,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
}
