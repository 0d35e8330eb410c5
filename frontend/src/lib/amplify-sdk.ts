import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '@shared/runtime-config';

/**
 * The only module that imports the identity SDK. It is loaded on first use (lib/amplify.ts), so an account
 * screen paints and starts its reads without first downloading and running Amplify (issue 16 §5).
 */
export {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';

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
