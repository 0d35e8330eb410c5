import { App, Tags } from 'aws-cdk-lib';
import { ReceptionistStack } from '../lib/receptionist-stack';

/**
 * The CDK app: one stack per stage. `npx cdk synth` (or deploy) uses stage "prod";
 * `npx cdk deploy -c stage=staging` deploys a second, independent copy.
 */
const app = new App();

const stage: unknown = app.node.tryGetContext('stage') ?? 'prod';
if (typeof stage !== 'string' || !/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  throw new Error(
    `Invalid stage ${JSON.stringify(stage)}: use lower-case letters, digits and dashes (max 20).`,
  );
}

// `-c sesFromAddress=invites@example.com` (a verified SES identity) turns on e-mailed referral invitations.
const sesFromAddress: unknown = app.node.tryGetContext('sesFromAddress');
if (
  sesFromAddress !== undefined &&
  (typeof sesFromAddress !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(sesFromAddress))
) {
  throw new Error(`Invalid sesFromAddress ${JSON.stringify(sesFromAddress)}: use an e-mail address.`);
}

new ReceptionistStack(app, 'ReceptionistStack', {
  stage,
  ...(typeof sesFromAddress === 'string' ? { sesFromAddress } : {}),
  stackName: `receptionist-${stage}`,
  description: `AI receptionist (${stage}): Cognito, DynamoDB, Lambda, HTTP + WebSocket APIs, S3 + CloudFront`,
  // Both unset (no credentials at synth time) gives an environment-agnostic template.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});

Tags.of(app).add('project', 'ai-receptionist');
Tags.of(app).add('stage', stage);
