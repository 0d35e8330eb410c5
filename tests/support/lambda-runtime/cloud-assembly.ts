import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToken } from '../../../infra/test-support';

/**
 * Reads a synthesized cloud assembly the way CloudFormation and the CDK CLI use it: the template's
 * functions, routes and schedules, and the asset manifest that says which directory becomes which S3 object.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };
type Template = { Resources: Record<string, Resource> };
type AssetManifest = {
  files: Record<
    string,
    { source: { path: string; packaging?: string }; destinations: Record<string, { objectKey: string }> }
  >;
};

export type DeployedFunction = {
  logicalId: string;
  handler: string;
  runtime: string;
  memorySize: number;
  timeoutSeconds: number;
  /** The template's Environment.Variables, CloudFormation tokens and all. */
  environment: Record<string, unknown>;
  /** The S3 object the function's code is read from, and the assembly directory uploaded as it. */
  s3Key: string;
  assetDir: string;
};

export type CloudAssembly = ReturnType<typeof readCloudAssembly>;

export function readCloudAssembly(outdir: string, stackArtifactId: string) {
  const template = JSON.parse(
    readFileSync(path.join(outdir, `${stackArtifactId}.template.json`), 'utf8'),
  ) as Template;
  const assets = JSON.parse(
    readFileSync(path.join(outdir, `${stackArtifactId}.assets.json`), 'utf8'),
  ) as AssetManifest;
  const resources = Object.entries(template.Resources);

  /** The asset directory published as this S3 object key (what CloudFormation's Code.S3Key names). */
  const assetDirOf = (s3Key: string) => {
    const file = Object.values(assets.files).find((entry) =>
      Object.values(entry.destinations).some((destination) => destination.objectKey === s3Key),
    );
    if (!file) throw new Error(`No asset in the manifest is published as ${s3Key}`);
    if (file.source.packaging !== 'zip') throw new Error(`${s3Key} is not a zipped directory`);
    return path.join(outdir, file.source.path);
  };

  /** The function whose logical id starts with `prefix` (CDK appends a hash), as CloudFormation creates it. */
  const fn = (prefix: string): DeployedFunction => {
    const matches = resources.filter(
      ([id, resource]) => resource.Type === 'AWS::Lambda::Function' && id.startsWith(prefix),
    );
    if (matches.length !== 1) throw new Error(`Expected one function ${prefix}*, found ${matches.length}`);
    const [logicalId, { Properties: props }] = matches[0]!;
    const s3Key = renderToken((props.Code as { S3Key: unknown }).S3Key);
    return {
      logicalId,
      handler: props.Handler as string,
      runtime: props.Runtime as string,
      memorySize: (props.MemorySize as number | undefined) ?? 128,
      timeoutSeconds: (props.Timeout as number | undefined) ?? 3,
      environment:
        (props.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {},
      s3Key,
      assetDir: assetDirOf(s3Key),
    };
  };

  /** The logical id of the function an integration invokes (HTTP: its ARN; WebSocket: the invocation URI). */
  const integrationTarget = (integrationId: string) => {
    const integration = template.Resources[integrationId];
    const match = renderToken(integration?.Properties.IntegrationUri).match(/\$\{([A-Za-z0-9]+)\.Arn\}/);
    if (!match) throw new Error(`Integration ${integrationId} does not invoke a function of this stack`);
    return match[1]!;
  };

  const routes = resources
    .filter(([, resource]) => resource.Type === 'AWS::ApiGatewayV2::Route')
    .map(([, { Properties: props }]) => ({
      apiId: renderToken(props.ApiId),
      routeKey: props.RouteKey as string,
      functionLogicalId: integrationTarget(
        renderToken(props.Target).replace(/^integrations\/\$\{(.+)\}$/, '$1'),
      ),
    }));

  return {
    template,
    fn,
    /**
     * The HTTP API route API Gateway picks for a request, as it picks it: an exact `METHOD /path` first,
     * then the route with the most matching path segments (`{param}`, greedy `{proxy+}` last), then
     * `$default`. Returns the route key the event carries and the function it invokes.
     */
    httpRoute(apiPrefix: string, method: string, requestPath: string) {
      const ofApi = routes.filter((route) => route.apiId.startsWith(`\${${apiPrefix}`));
      const segments = requestPath.split('/').filter(Boolean);
      const score = (routeKey: string) => {
        const [routeMethod, routePath] = routeKey.split(' ');
        if (routeMethod !== method && routeMethod !== 'ANY') return -1;
        const parts = routePath!.split('/').filter(Boolean);
        let matched = 0;
        for (const [index, part] of parts.entries()) {
          if (part.endsWith('+}')) return segments.length > index ? matched + 0.5 : -1;
          if (index >= segments.length) return -1;
          if (part.startsWith('{')) matched += 0.75;
          else if (part === segments[index]) matched += 1;
          else return -1;
        }
        return parts.length === segments.length ? matched : -1;
      };
      const best = ofApi
        .filter((route) => route.routeKey !== '$default')
        .map((route) => ({ route, score: score(route.routeKey) }))
        .filter((entry) => entry.score >= 0)
        .sort((a, b) => b.score - a.score)[0]?.route;
      const chosen = best ?? ofApi.find((route) => route.routeKey === '$default');
      if (!chosen) throw new Error(`No route of ${apiPrefix} takes ${method} ${requestPath}`);
      return chosen;
    },
    /** The WebSocket API's `$connect` / `$default` / `$disconnect` route. */
    socketRoute(apiPrefix: string, routeKey: string) {
      const route = routes.find(
        (candidate) => candidate.apiId.startsWith(`\${${apiPrefix}`) && candidate.routeKey === routeKey,
      );
      if (!route) throw new Error(`${apiPrefix} has no ${routeKey} route`);
      return route;
    },
    /** Each schedule's target: the function it invokes and the constant input it sends as the event. */
    scheduledTargets(rulePrefix: string) {
      const rules = resources.filter(
        ([id, resource]) => resource.Type === 'AWS::Events::Rule' && id.startsWith(rulePrefix),
      );
      if (rules.length !== 1) throw new Error(`Expected one rule ${rulePrefix}*, found ${rules.length}`);
      const targets = rules[0]![1].Properties.Targets as Array<{ Arn: unknown; Input?: string }>;
      return targets.map((target) => ({
        functionLogicalId: renderToken(target.Arn).replace(/^\$\{(.+)\.Arn\}$/, '$1'),
        input: target.Input === undefined ? undefined : (JSON.parse(target.Input) as unknown),
      }));
    },
    /** Each SQS event source: the queue (its logical id), the function it invokes, and whether it reports batch item failures. */
    queueSources() {
      return resources
        .filter(([, resource]) => resource.Type === 'AWS::Lambda::EventSourceMapping')
        .map(([, resource]) => ({
          queueLogicalId: renderToken(resource.Properties.EventSourceArn).replace(/^\$\{(.+)\.Arn\}$/, '$1'),
          functionLogicalId: renderToken(resource.Properties.FunctionName).replace(/^\$\{(.+)\}$/, '$1'),
          reportsItemFailures: JSON.stringify(resource.Properties.FunctionResponseTypes ?? []).includes(
            'ReportBatchItemFailures',
          ),
        }));
    },
  };
}
