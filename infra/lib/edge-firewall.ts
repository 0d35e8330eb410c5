import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { SIGNED_WEBHOOK_PATHS } from '../../backend/src/platform/http/webhook-paths';

/**
 * Requests one client address may make in any 5-minute window, across the site and the API, before WAF
 * blocks it for the rest of the window. About 6.7 a second: far above what one person's browser makes, low
 * enough to cut off a script hammering the sign-in or number-search routes.
 */
export const WAF_RATE_LIMIT_PER_5_MIN = 2000;

/**
 * Vendor webhooks come from a few shared Twilio and Stripe addresses carrying every customer's traffic, so a
 * per-address limit would drop real calls and payments, and each is signed over its exact raw body, which
 * WAF's body rules must not judge (a caller's text can look like script to them). Only these exact paths are
 * exempt, from the backend's own route constants so they cannot drift (tests/integration/webhook-paths.test.ts);
 * anything else under /webhooks/ gets every rule. The app checks their signatures, and each has its own
 * API Gateway throttle (infra/lib/http-api.ts).
 */
export const WAF_EXEMPT_PATHS: readonly string[] = SIGNED_WEBHOOK_PATHS;

/**
 * AWS managed rule groups on everything but the exempt paths, in this order, after the rate rule. Each
 * rule group's WCUs (700 + 200 + 25) keep the web ACL under the 1,500 included in its base price.
 */
export const WAF_MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * Rules of the common rule set counted instead of blocking. SizeRestrictions_BODY blocks bodies over 8 KB,
 * but real requests are larger: a voice preview's text may hold 10,000 characters and a business's settings
 * a 4,000-character description, in UTF-8. The app answers 413 above its own limit
 * (shared/service-limits.ts maxRequestBodyBytes).
 */
export const WAF_COUNTED_COMMON_RULES = ['SizeRestrictions_BODY'] as const;

export interface EdgeFirewallProps {
  readonly namePrefix: string;
}

/**
 * A CLOUDFRONT-scope web ACL (it can only be created in us-east-1), shared by the site's and the API's
 * distributions: a rate-based rule per client address, then AWS's managed rule groups, every rule sparing
 * the exact signed-webhook paths. HTTP and WebSocket APIs of API Gateway cannot take a web ACL themselves:
 * that is why the API is served through CloudFront (infra/lib/api-edge.ts).
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
    const notAWebhook: CfnWebACL.StatementProperty = {
      notStatement: {
        statement: {
          orStatement: {
            statements: WAF_EXEMPT_PATHS.map((path) => ({
              byteMatchStatement: {
                fieldToMatch: { uriPath: {} },
                positionalConstraint: 'EXACTLY',
                searchString: path,
                textTransformations: [{ priority: 0, type: 'NONE' }],
              },
            })),
          },
        },
      },
    };
    const managedRules: CfnWebACL.RuleProperty[] = WAF_MANAGED_RULE_GROUPS.map((name, index) => ({
      name,
      priority: index + 1,
      overrideAction: { none: {} },
      visibilityConfig: visibility(`${props.namePrefix}-${name}`),
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(name === 'AWSManagedRulesCommonRuleSet'
            ? {
                ruleActionOverrides: WAF_COUNTED_COMMON_RULES.map((rule) => ({
                  name: rule,
                  actionToUse: { count: {} },
                })),
              }
            : {}),
          scopeDownStatement: notAWebhook,
        },
      },
    }));
    const acl = new CfnWebACL(this, 'WebAcl', {
      name: `${props.namePrefix}-edge`,
      description: 'Rate limit per client address and AWS managed rules, sparing signed vendor webhooks',
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
              scopeDownStatement: notAWebhook,
            },
          },
        },
        ...managedRules,
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}
