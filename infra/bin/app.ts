import { App, Aspects, Tags } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ReceptionistStack } from '../lib/receptionist-stack';
import { parseStages, selectStage } from '../stages';

/**
 * The CDK app: one stack per stage, each in the account and region its cdk.json entry names
 * (context "stages", validated by infra/stages.ts). `-c stage=<name>` builds that stage only; without it
 * every configured stage is built, so a bare `cdk deploy` finds several stacks and refuses to guess.
 * Deploy with `npm run deploy -- --stage <name>` (scripts/deploy.ts).
 */
const app = new App();

const stages = parseStages(app.node.tryGetContext('stages'));
const selected: unknown = app.node.tryGetContext('stage');
const toBuild = selected === undefined ? Object.values(stages) : [selectStage(stages, selected)];

for (const stage of toBuild) {
  const stack = new ReceptionistStack(app, { stage });
  Tags.of(stack).add('project', 'ai-receptionist');
  Tags.of(stack).add('stage', stage.name);
  // An unsuppressed AwsSolutions error fails synth, so it fails deploy too (infra/lib/nag-suppressions.ts).
  Aspects.of(stack).add(new AwsSolutionsChecks());
}
