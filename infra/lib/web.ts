import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { spaContentSecurityPolicy } from '@shared/content-security-policy';
import { PRERENDERED_ROOT_PAGE, SPA_SHELL_PAGE } from '@shared/site-files';

/**
 * The Content-Security-Policy of the SPA. The API and Cognito hosts are given per region with a wildcard
 * rather than by exact id: the API's CORS rule already points at this distribution, so naming the API here
 * would make the two depend on each other (a CloudFormation cycle). For the same reason the API's
 * CloudFront front door is `https://*.cloudfront.net` unless a custom API domain is configured (then
 * exactly that origin).
 */
export function contentSecurityPolicy(region: string, apiDomain?: string): string {
  const aws = `${region}.amazonaws.com`;
  return spaContentSecurityPolicy({
    connectSources: [
      apiDomain ? `https://${apiDomain}` : 'https://*.cloudfront.net',
      `https://*.execute-api.${aws}`,
      `wss://*.execute-api.${aws}`,
      `https://cognito-idp.${aws}`,
      `https://cognito-identity.${aws}`,
    ],
    upgradeInsecureRequests: true,
  });
}

/** CloudFront's oldest protocol when it serves a custom domain's certificate. */
export const MINIMUM_TLS = SecurityPolicyProtocol.TLS_V1_2_2021;

export interface WebSiteProps {
  /** Bucket for S3 server access logs and CloudFront standard logs (infra/lib/edge.ts). */
  readonly logsBucket: IBucket;
  /** CLOUDFRONT-scope web ACL with the rate-based rule. */
  readonly webAclArn: string;
  /** Custom domain: the site's name and a us-east-1 certificate covering it. */
  readonly customDomain?: { readonly siteDomain: string; readonly certificate: ICertificate };
  /** The API's custom domain, allowed by the CSP. */
  readonly apiDomain?: string;
}

/**
 * The web app's home: a private S3 bucket read only by CloudFront (Origin Access Control), served over
 * HTTPS with security headers, and every unknown path answered with index.html for client-side routing.
 */
export class WebSite extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  /** https:// URL of the site, also the one origin the APIs accept. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebSiteProps) {
    super(scope, id);

    // Holds only build output that `cdk deploy` re-uploads, so it is emptied and deleted with the stack.
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'AI receptionist SPA security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(Stack.of(this).region, props.apiDomain),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
        ],
      },
    });

    // S3 answers 403 (not 404) for a missing key when the reader may not list the bucket.
    const spaFallback = [403, 404].map((httpStatus) => ({
      httpStatus,
      responseHttpStatus: 200,
      responsePagePath: `/${SPA_SHELL_PAGE}`,
      ttl: Duration.seconds(0),
    }));

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'AI receptionist web app',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      // A build without the prerendered page still works: S3's 403 falls back to the shell.
      defaultRootObject: PRERENDERED_ROOT_PAGE,
      errorResponses: spaFallback,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront-site/',
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.siteDomain],
            certificate: props.customDomain.certificate,
            minimumProtocolVersion: MINIMUM_TLS,
          }
        : {}),
    });

    this.url = `https://${props.customDomain?.siteDomain ?? this.distribution.distributionDomainName}`;
  }
}
