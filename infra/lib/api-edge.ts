import { CfnCondition, CfnParameter, Fn, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/origin-verify';
import type { Edge } from './edge';
import { MINIMUM_TLS } from './web';

/**
 * The stack parameter that pins CloudFront's origin-verify header to one version of the secret. A rotation
 * (docs/deploy.md "Rotating the origin-verify secret") puts a new value in the secret, then deploys with this
 * parameter set to its version id: the changed reference makes CloudFormation update the distribution, which
 * a new secret value alone never does. `cdk deploy` keeps a parameter's previous value, so later deploys keep
 * the pin. Empty (the default): the secret's current version, read when the distribution is created.
 */
export const ORIGIN_VERIFY_VERSION_PARAMETER = 'OriginVerifyVersionId';

/**
 * The viewer-request function's code: the viewer's IP as CloudFront saw it, over any value the client sent,
 * so the app's per-address limits can't be dodged with a made-up X-Forwarded-For
 * (backend/src/platform/http/client-address.ts).
 */
export const VIEWER_ADDRESS_FUNCTION_CODE = `function handler(event) {
  event.request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return event.request;
}`;

export interface ApiEdgeProps {
  readonly api: IHttpApi;
  readonly edge: Edge;
  /** The stage name: names the origin-verify secret. */
  readonly stage: string;
}

/**
 * The HTTP API's public front door: a CloudFront distribution that caches nothing and forwards every method,
 * header (except Host), query and body to API Gateway. It exists because API Gateway HTTP APIs cannot carry a
 * WAF web ACL, and because a custom domain on it keeps the URLs Stripe, Twilio and OAuth providers call
 * stable across redeploys. The app is told this URL (PUBLIC_API_URL) so Twilio signatures are checked
 * against the URL Twilio called, not API Gateway's own host.
 */
export class ApiEdge extends Construct {
  readonly distribution: Distribution;
  /**
   * The value CloudFront adds as X-Origin-Verify to every request it forwards; the HTTP functions read it
   * at cold start (ORIGIN_VERIFY_SECRET_ARN) and refuse requests without it, so calling the execute-api URL
   * directly cannot bypass the web ACL. Generated per stage by Secrets Manager: the template holds only a
   * dynamic reference ({{resolve:secretsmanager:…}}), never the value. Rotated by the operator: the functions
   * accept its current and previous versions (backend/src/platform/http/origin-verify.ts).
   */
  readonly originVerifySecret: Secret;
  /** https:// base URL without a trailing slash. */
  readonly url: string;
  /** The header value CloudFront sends: a dynamic reference to the secret, never the value. */
  readonly originVerifyHeaderValue: string;

  constructor(scope: Construct, id: string, props: ApiEdgeProps) {
    super(scope, id);
    const { edge } = props;
    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com; an origin takes the bare host name.
    const originHost = `${props.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;

    this.originVerifySecret = new Secret(this, 'OriginVerify', {
      secretName: `receptionist/${props.stage}/origin-verify`,
      description: 'X-Origin-Verify value CloudFront sends to the HTTP API (infra/lib/api-edge.ts)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // Only CloudFront and the functions hold it; nothing outside the stack needs it after teardown.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const versionId = new CfnParameter(Stack.of(this), ORIGIN_VERIFY_VERSION_PARAMETER, {
      type: 'String',
      default: '',
      allowedPattern: '^[A-Za-z0-9-]*$',
      description:
        'Version id of the origin-verify secret CloudFront sends; set when rotating it (docs/deploy.md). Empty: current.',
    });
    const pinned = new CfnCondition(this, 'OriginVerifyPinned', {
      expression: Fn.conditionNot(Fn.conditionEquals(versionId.valueAsString, '')),
    });
    this.originVerifyHeaderValue = Fn.conditionIf(
      pinned.logicalId,
      SecretValue.secretsManager(this.originVerifySecret.secretArn, {
        versionId: versionId.valueAsString,
      }).unsafeUnwrap(),
      this.originVerifySecret.secretValue.unsafeUnwrap(),
    ).toString();

    const viewerAddress = new EdgeFunction(this, 'ViewerAddress', {
      comment: 'Sets the viewer address header the API keys its rate limits on',
      code: FunctionCode.fromInline(VIEWER_ADDRESS_FUNCTION_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'AI receptionist API (front door of the HTTP API)',
      defaultBehavior: {
        // CloudFront's default 30 s read timeout matches API Gateway's; the API Lambda stops at 29 s.
        origin: new HttpOrigin(originHost, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originVerifyHeaderValue },
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // Host must stay API Gateway's; everything else (Authorization, X-Twilio-Signature,
        // Stripe-Signature, Origin for CORS) reaches the app unchanged.
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: false,
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: edge.webAclArn,
      enableLogging: true,
      logBucket: edge.logsBucket,
      logFilePrefix: 'cloudfront-api/',
      ...(edge.domain
        ? {
            domainNames: [edge.domain.apiDomain],
            certificate: edge.domain.certificate,
            minimumProtocolVersion: MINIMUM_TLS,
          }
        : {}),
    });

    this.url = `https://${edge.domain?.apiDomain ?? this.distribution.distributionDomainName}`;
  }
}
