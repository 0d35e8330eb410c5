import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  StringAttribute,
  UserPool,
  UserPoolClient,
  VerificationEmailStyle,
  type ICustomAttribute,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { BRAND } from '@shared/brand';
import { CUSTOM_ATTRIBUTES } from '@shared/identity';
import { PASSWORD_MIN_LENGTH } from '@shared/signup-rules';

export interface AuthProps {
  readonly stage: string;
}

/**
 * The Cognito user pool (e-mail is the username) and the SPA's public client. The pool is retained on
 * stack deletion: it holds every account. Do not rename these construct ids: a new logical id would
 * create a second, empty pool.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    const customAttributes: Record<string, ICustomAttribute> = Object.fromEntries(
      CUSTOM_ATTRIBUTES.map((name) => [name, new StringAttribute({ mutable: true })]),
    );

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `receptionist-${props.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: `Your ${BRAND.name} verification code`,
        emailBody: `Your ${BRAND.name} verification code is {####}`,
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      customAttributes,
      // Length only, the rule the sign-up form enforces (shared/signup-rules.ts); see docs/decisions/002.
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Nothing in the product uses managed login, passwordless or threat protection (Essentials/Plus).
      featurePlan: FeaturePlan.LITE,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `receptionist-${props.stage}-web`,
      // A browser cannot keep a secret.
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      // Social sign-in waits for third-party approval (shared/identity.ts OAUTH_ENABLED).
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      // The spec's pending sign-in session lasts 180000 ms.
      authSessionValidity: Duration.minutes(3),
    });
  }
}
