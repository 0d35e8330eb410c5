import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '@shared/origin-verify';
import type { Edge } from './edge';
import { MINIMUM_TLS } from './web';

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
   * dynamic reference ({{resolve:secretsmanager:…}}), never the value.
   */
  readonly originVerifySecret: Secret;
  /** https:// base URL without a trailing slash. */
  readonly url: string;

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

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'AI receptionist API (front door of the HTTP API)',
      defaultBehavior: {
        // CloudFront's default 30 s read timeout matches API Gateway's; the API Lambda stops at 29 s.
        origin: new HttpOrigin(originHost, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originVerifySecret.secretValue.unsafeUnwrap() },
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // Host must stay API Gateway's; everything else (Authorization, X-Twilio-Signature,
        // Stripe-Signature, Origin for CORS) reaches the app unchanged.
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
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
