import { Duration } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpMethod, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { API_CORS } from '@shared/api-cors';
import { apiAccessLogs } from './access-logs';

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
}

/**
 * Stage-wide limits: well above what a small-business dashboard and its vendor webhooks need, and low
 * enough that a runaway client cannot run up the Lambda bill. Per-user limits live in the app.
 */
export const HTTP_API_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;

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

    this.api = new HttpApi(this, 'Api', {
      apiName: `${props.namePrefix}-http`,
      description: 'AI receptionist product API (Hono on Lambda)',
      defaultIntegration: new HttpLambdaIntegration('AppIntegration', props.handler),
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
    if (elsewhere) {
      const integration = new HttpLambdaIntegration('TelephonyIntegration', elsewhere.handler);
      for (const route of elsewhere.routes) {
        this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
      }
    }

    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: HTTP_API_THROTTLE,
      accessLogSettings: apiAccessLogs(this, 'http').settings,
    });

    this.url = this.api.apiEndpoint;
  }
}
