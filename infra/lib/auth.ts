import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  VerificationEmailStyle,
  type ICustomAttribute,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { BRAND } from '@shared/brand';
import { CUSTOM_ATTRIBUTES } from '@shared/identity';
import { PASSWORD_MIN_LENGTH } from '@shared/signup-rules';
import { sesVerifiedDomain, type SesIdentityKind } from './ses-sender';

export interface AuthProps {
  /** The stage's resource-name prefix (infra/stages.ts stagePrefix). */
  readonly namePrefix: string;
  /** A verified SES identity; without it Cognito's own sender (50 e-mails a day) sends the codes. */
  readonly sesFromAddress?: string;
  /** Which SES identity is verified for it (infra/lib/ses-sender.ts); 'address' by default. */
  readonly sesIdentity?: SesIdentityKind;
}

export const COGNITO_DEFAULT_SENDER_WARNING = 'receptionist:cognito-default-sender';

/**
 * The Cognito user pool (e-mail is the username) and the SPA's public client. The pool is retained on
 * stack deletion and has deletion protection: it holds every account. Do not rename these construct ids:
 * a new logical id would create a second, empty pool. Token lifetimes and threat protection are explained
 * in docs/decisions/090-cognito-tokens-and-threat-protection.md.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    const customAttributes: Record<string, ICustomAttribute> = Object.fromEntries(
      CUSTOM_ATTRIBUTES.map((name) => [name, new StringAttribute({ mutable: true })]),
    );

    if (!props.sesFromAddress) {
      Annotations.of(this).addWarningV2(
        COGNITO_DEFAULT_SENDER_WARNING,
        'No sesFromAddress for this stage: Cognito sends verification and reset codes from its default ' +
          'sender, which stops after 50 e-mails a day. Set stages.<stage>.sesFromAddress in cdk.json.',
      );
    }

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: props.namePrefix,
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
      email: props.sesFromAddress
        ? UserPoolEmail.withSES({
            fromEmail: props.sesFromAddress,
            fromName: BRAND.name,
            // With a domain identity, Cognito's SourceArn must name the domain: identity/<address> is unknown
            // to SES and the pool fails to create (docs/decisions/163).
            sesVerifiedDomain: sesVerifiedDomain({
              fromAddress: props.sesFromAddress,
              identity: props.sesIdentity ?? 'address',
            }),
          })
        : UserPoolEmail.withCognito(),
      // Threat protection (compromised-credential and adaptive-risk checks on sign-in, sign-up and password
      // change) needs the Plus plan; enforced, not audit-only (decision 090).
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${props.namePrefix}-web`,
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP only: the password never leaves the browser. USER_PASSWORD_AUTH exists only for cognito-local,
      // which lacks SRP (shared/runtime-config.ts; the deployed config.json says USER_SRP_AUTH).
      authFlows: { userSrp: true },
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
