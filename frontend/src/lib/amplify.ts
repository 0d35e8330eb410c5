import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '@shared/runtime-config';

export function configureAmplify(config: RuntimeConfig) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.cognito.userPoolId,
        userPoolClientId: config.cognito.userPoolClientId,
        ...(config.cognito.userPoolEndpoint ? { userPoolEndpoint: config.cognito.userPoolEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}

/** Where Amplify keeps the session in localStorage (spec §3 "Browser-kept session data"). */
export const amplifyStorageKeys = (clientId: string) => {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  return {
    prefix,
    lastAuthUser: `${prefix}.LastAuthUser`,
    idToken: (username: string) => `${prefix}.${username}.idToken`,
  };
};
