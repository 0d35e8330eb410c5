import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { deploymentSuffix } from './deployment-suffix';

export interface VendorSecretsProps {
  readonly stage: string;
}

/**
 * One Secrets Manager secret holding the vendor keys (Stripe, Twilio, OpenAI, Google, Microsoft…) as a JSON object.
 * Operators fill it with `aws secretsmanager put-secret-value` (docs/deploy.md); the Lambdas read it at
 * run time. No key value ever appears in code, in the template or in a Lambda environment variable.
 */
export class VendorSecrets extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: VendorSecretsProps) {
    super(scope, id);

    this.secret = new Secret(this, 'VendorKeys', {
      // Secret names are unique per account and region, and this one outlives the stack: the suffix (new for
      // every stack created) lets a retry or a rebuild create its own secret beside the retained one
      // (docs/decisions/163). The stack output VendorSecretArn names it.
      secretName: `receptionist/${props.stage}/vendor-keys-${deploymentSuffix()}`,
      description: 'Vendor API keys for the AI receptionist backend (JSON object; see docs/deploy.md).',
      // The initial value is an empty JSON object, not a secret. It must stay a constant: CloudFormation
      // rewrites the secret whenever this property changes, which would wipe the keys operators put in.
      secretStringValue: SecretValue.unsafePlainText('{}'),
      // Keep the keys when the stack is deleted by mistake (docs/deploy.md shows how to copy them to a rebuilt
      // stage, and how to delete them on purpose), but not after a failed first deploy, when it holds only {}.
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }
}
