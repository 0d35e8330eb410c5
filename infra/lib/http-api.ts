import { Duration } from 'aws-cdk-lib';
import {
  CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  type HttpRoute,
  type HttpStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { API_CORS } from '@shared/api-cors';
import { apiAccessLogs } from './access-logs';
import { CAPACITY } from './capacity-model';

export interface ProductHttpApiProps {
  /** The stage's resource-name prefix (infra/stages.ts stagePrefix). */
  readonly namePrefix: string;
  readonly handler: IFunction;
  /** The web app's origin (the CloudFront URL), the only origin allowed by CORS. */
  readonly allowedOrigin: string;
  /** Routes served by another function (the telephony one), each its own route beside `$default`. */
  readonly routedElsewhere?: {
    readonly handler: IFunction;
    readonly routes: readonly { readonly method: 'GET' | 'POST'; readonly path: string }[];
  };
  /**
   * The signed vendor webhooks (exact POST paths, backend/src/platform/http/webhook-paths.ts): each becomes its own route
   * (to the function `routedElsewhere` names for it, else `handler`) with the webhook throttle.
   */
  readonly webhookPaths: readonly string[];
}

/**
 * The default route settings (the dashboard and every route without its own), from the capacity model
 * (docs/capacity.md): the busiest minute's dashboard traffic with headroom, low enough that a runaway client
 * cannot run up the Lambda bill. Per-user limits live in the app, per-address ones in WAF.
 */
export const HTTP_API_THROTTLE = CAPACITY.throttles.dashboard;

/**
 * Each signed webhook route's own limit, apart from the dashboard's: junk posted to the dashboard's routes
 * or to any other path cannot push Twilio's voice webhooks into 429s (docs/capacity.md).
 */
export const WEBHOOK_THROTTLE = CAPACITY.throttles.webhook;

/**
 * The HTTP API: every path and method goes to the Hono app (its `$default` route), which does its own
 * routing, token verification and validation, except the routes given in `routedElsewhere` (phone numbers
 * and Twilio's webhooks, served by the same app code in its own function). API Gateway answers CORS from
 * the configuration below.
 */
export class ProductHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Base URL without a trailing slash, e.g. https://abc123.execute-api.us-east-1.amazonaws.com */
  readonly url: string;

  constructor(scope: Construct, id: string, props: ProductHttpApiProps) {
    super(scope, id);

    const appIntegration = new HttpLambdaIntegration('AppIntegration', props.handler);
    this.api = new HttpApi(this, 'Api', {
      apiName: `${props.namePrefix}-http`,
      description: 'AI receptionist product API (Hono on Lambda)',
      defaultIntegration: appIntegration,
      // The stage is added below so it can carry throttling settings.
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: [props.allowedOrigin],
        allowMethods: API_CORS.allowMethods.map((method) => CorsHttpMethod[method]),
        allowHeaders: [...API_CORS.allowHeaders],
        exposeHeaders: [...API_CORS.exposeHeaders],
        // Bearer tokens, not cookies.
        allowCredentials: false,
        maxAge: Duration.seconds(API_CORS.maxAgeSeconds),
      },
    });

    const elsewhere = props.routedElsewhere;
    const webhookRoutes: HttpRoute[] = [];
    if (elsewhere) {
      const integration = new HttpLambdaIntegration('TelephonyIntegration', elsewhere.handler);
      for (const route of elsewhere.routes) {
        const routes = this.api.addRoutes({
          path: route.path,
          methods: [HttpMethod[route.method]],
          integration,
        });
        if (route.method === 'POST' && props.webhookPaths.includes(route.path)) webhookRoutes.push(...routes);
      }
    }
    const routedAway = new Set(elsewhere?.routes.filter((r) => r.method === 'POST').map((r) => r.path));
    for (const path of props.webhookPaths.filter((webhookPath) => !routedAway.has(webhookPath))) {
      webhookRoutes.push(
        ...this.api.addRoutes({ path, methods: [HttpMethod.POST], integration: appIntegration }),
      );
    }

    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: HTTP_API_THROTTLE,
      accessLogSettings: apiAccessLogs(this, 'http').settings,
    });
    // Route-level throttles: HttpStage has no property for them. A route setting names a route key that must
    // exist when the stage is written, hence the dependencies.
    // RouteSettings is a JSON property: CloudFormation's own key names, which CDK passes through unchanged.
    const throttle = {
      ThrottlingRateLimit: WEBHOOK_THROTTLE.rateLimit,
      ThrottlingBurstLimit: WEBHOOK_THROTTLE.burstLimit,
    };
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      props.webhookPaths.map((path) => [`POST ${path}`, throttle]),
    );
    for (const route of webhookRoutes) this.stage.node.addDependency(route);

    this.url = this.api.apiEndpoint;
  }
}
