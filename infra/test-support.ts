import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { REPO_ROOT } from './lib/repo-paths';
import { parseStages, type Stage, type StageConfig } from './stages';

/** cdk.json's context without the stages: the feature flags every real synth runs with. */
export function cdkJsonFeatureFlags(): Record<string, unknown> {
  const { context } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return Object.fromEntries(Object.entries(context).filter(([key]) => key !== 'stages'));
}

/**
 * An App as `cdk synth` builds it (cdk.json's flags). `bundle: false` skips esbuild for the Lambdas (their
 * code becomes a placeholder asset): the template is otherwise the same, and the test much lighter.
 */
export function testApp(outdir: string, { bundle = true } = {}): App {
  return new App({
    outdir,
    context: { ...cdkJsonFeatureFlags(), ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) },
  });
}

/** A valid stage through the same schema as cdk.json's. */
export function testStage(name: string, config: Partial<StageConfig> = {}): Stage {
  return parseStages({
    [name]: { account: '123456789012', region: 'us-east-1', monthlyBudgetUsd: 100, ...config },
  })[name]!;
}

/** Renders CloudFormation tokens as text (`${Ref}`, `${Res.Attr}`), for messages and matching. */
export function renderToken(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if ('Ref' in node) return `\${${String(node.Ref)}}`;
    if ('Fn::GetAtt' in node) return `\${${(node['Fn::GetAtt'] as string[]).join('.')}}`;
    if ('Fn::Join' in node) {
      const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
      return parts.map(renderToken).join(separator);
    }
  }
  return JSON.stringify(value);
}
