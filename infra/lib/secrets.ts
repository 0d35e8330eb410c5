import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface VendorSecretsProps {
  readonly stage: string;
}

/**
 * One Secrets Manager secret holding the vendor keys (Stripe, Twilio, OpenAI, Google) as a JSON object.
 * Operators fill it with `aws secretsmanager put-secret-value` (docs/deploy.md); the Lambdas read it at
 * run time. No key value ever appears in code, in the template or in a Lambda environment variable.
 */
export class VendorSecrets extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: VendorSecretsProps) {
    super(scope, id);

    this.secret = new Secret(this, 'VendorKeys', {
      secretName: `receptionist/${props.stage}/vendor-keys`,
      description: 'Vendor API keys for the AI receptionist backend (JSON object; see docs/deploy.md).',
      // The initial value is an empty JSON object, not a secret. It must stay a constant: CloudFormation
      // rewrites the secret whenever this property changes, which would wipe the keys operators put in.
      secretStringValue: SecretValue.unsafePlainText('{}'),
      // Keep the keys when the stack is deleted by mistake; docs/deploy.md shows how to delete them on purpose.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
