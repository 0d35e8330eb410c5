import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * Requests one client address may make in any 5-minute window, across the site and the API, before WAF
 * blocks it for the rest of the window. About 6.7 a second: far above what one person's browser makes, low
 * enough to cut off a script hammering the sign-in or number-search routes.
 */
export const WAF_RATE_LIMIT_PER_5_MIN = 2000;

/**
 * Vendor webhooks come from a few shared Twilio and Stripe addresses carrying every customer's traffic, so a
 * per-address limit would drop real calls and payments. They are exempt; their signatures are checked by
 * the app and API Gateway's stage throttling still bounds them.
 */
export const WAF_EXEMPT_PATH_PREFIX = '/webhooks/';

export interface EdgeFirewallProps {
  readonly namePrefix: string;
}

/**
 * A CLOUDFRONT-scope web ACL (it can only be created in us-east-1) with one rate-based rule, shared by the
 * site's and the API's distributions. HTTP and WebSocket APIs of API Gateway cannot take a web ACL
 * themselves: that is why the API is served through CloudFront (infra/lib/api-edge.ts).
 */
export class EdgeFirewall extends Construct {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: `${props.namePrefix}-edge`,
      description: 'Rate limit per client address on the site and the API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.namePrefix}-edge`),
      rules: [
        {
          name: 'rate-per-ip',
          priority: 0,
          action: { block: {} },
          visibilityConfig: visibility(`${props.namePrefix}-rate-per-ip`),
          statement: {
            rateBasedStatement: {
              limit: WAF_RATE_LIMIT_PER_5_MIN,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                notStatement: {
                  statement: {
                    byteMatchStatement: {
                      fieldToMatch: { uriPath: {} },
                      positionalConstraint: 'STARTS_WITH',
                      searchString: WAF_EXEMPT_PATH_PREFIX,
                      textTransformations: [{ priority: 0, type: 'NONE' }],
                    },
                  },
                },
              },
            },
          },
        },
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
