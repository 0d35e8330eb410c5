import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate, CertificateValidation, type ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { AaaaRecord, ARecord, HostedZone, RecordTarget, type IHostedZone } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { CLOUDFRONT_REGION, type Stage } from '../stages';
import { EdgeFirewall } from './edge-firewall';

export interface EdgeProps {
  readonly stage: Stage;
  readonly namePrefix: string;
}

/** How long CloudFront and S3 access logs are kept. */
export const EDGE_LOG_RETENTION = Duration.days(90);

/**
 * What the two CloudFront distributions (site and API) share: the web ACL, the log bucket and, with a
 * custom domain, the certificate and the hosted zone. CloudFront only takes certificates and web ACLs from
 * us-east-1: a stage there creates both here; a stage elsewhere names existing ones (infra/stages.ts).
 */
export class Edge extends Construct {
  readonly webAclArn: string;
  readonly logsBucket: Bucket;
  readonly domain?: {
    readonly siteDomain: string;
    readonly apiDomain: string;
    readonly certificate: ICertificate;
    readonly zone: IHostedZone;
  };

  constructor(scope: Construct, id: string, props: EdgeProps) {
    super(scope, id);
    const { stage } = props;
    const inCloudFrontRegion = Stack.of(this).region === CLOUDFRONT_REGION;

    this.webAclArn =
      stage.webAclArn ?? new EdgeFirewall(this, 'Firewall', { namePrefix: props.namePrefix }).webAclArn;
    if (!stage.webAclArn && !inCloudFrontRegion) {
      // stages.ts refuses this combination; a stack built without it must not create a web ACL CloudFront rejects.
      throw new Error(`Stage ${stage.name}: webAclArn is required outside ${CLOUDFRONT_REGION}`);
    }

    // CloudFront standard logs are written with ACLs, so this bucket keeps ACLs for the log writer only.
    // Retained: access logs are evidence after an incident, including one that ends with deleting the stack.
    this.logsBucket = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: EDGE_LOG_RETENTION }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    if (stage.domain) {
      const { hostedZoneId, zoneName, siteDomain, apiDomain, certificateArn } = stage.domain;
      const zone = HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId, zoneName });
      const certificate = certificateArn
        ? Certificate.fromCertificateArn(this, 'Certificate', certificateArn)
        : new Certificate(this, 'Certificate', {
            certificateName: `${props.namePrefix}-edge`,
            domainName: siteDomain,
            subjectAlternativeNames: [apiDomain],
            validation: CertificateValidation.fromDns(zone),
          });
      this.domain = { siteDomain, apiDomain, certificate, zone };
    }
  }

  /** A and AAAA alias records pointing a custom name at a distribution. */
  pointAt(id: string, recordName: string, distribution: IDistribution): void {
    if (!this.domain) return;
    const target = RecordTarget.fromAlias(new CloudFrontTarget(distribution));
    new ARecord(this, `${id}A`, { zone: this.domain.zone, recordName, target });
    new AaaaRecord(this, `${id}Aaaa`, { zone: this.domain.zone, recordName, target });
  }
}
