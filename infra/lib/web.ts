import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { spaContentSecurityPolicy } from '@shared/content-security-policy';

/**
 * The Content-Security-Policy of the SPA. The API and Cognito hosts are given per region with a wildcard
 * rather than by exact id: the API's CORS rule already points at this distribution, so naming the API here
 * would make the two depend on each other (a CloudFormation cycle).
 */
export function contentSecurityPolicy(region: string): string {
  const aws = `${region}.amazonaws.com`;
  return spaContentSecurityPolicy({
    connectSources: [
      `https://*.execute-api.${aws}`,
      `wss://*.execute-api.${aws}`,
      `https://cognito-idp.${aws}`,
      `https://cognito-identity.${aws}`,
    ],
    upgradeInsecureRequests: true,
  });
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

  constructor(scope: Construct, id: string) {
    super(scope, id);

    // Holds only build output that `cdk deploy` re-uploads, so it is emptied and deleted with the stack.
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'AI receptionist SPA security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(Stack.of(this).region),
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
      responsePagePath: '/index.html',
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
      defaultRootObject: 'index.html',
      errorResponses: spaFallback,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
    });

    this.url = `https://${this.distribution.distributionDomainName}`;
  }
}
