import { z } from 'zod';
import { STAGE_NAME_PATTERN } from '@shared/stage-name';
import { SES_IDENTITY_KINDS } from './lib/ses-sender';

/**
 * Deployment stages. Each stage is one independent copy of the product (its own stack, user pool, table,
 * secret and APIs) in an account and region named here, never taken from whatever credentials happen to be
 * active. The values live in cdk.json under `context.stages` so an operator edits JSON, not code; this
 * module is the one place that reads and validates them (the CDK app, the deploy script and the tests).
 */

export { STAGE_NAME_PATTERN };

/** cdk.json ships with this account id so the app synthesizes; the deploy script refuses it. */
export const PLACEHOLDER_ACCOUNT = '000000000000';

/** CloudFront's certificates and web ACLs must live in us-east-1, whatever the stack's region. */
export const CLOUDFRONT_REGION = 'us-east-1';

const hostname = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a lower-case DNS name');

const domainSchema = z
  .object({
    /** The Route 53 public hosted zone that holds both names (no lookup at synth: id and name are given). */
    hostedZoneId: z.string().regex(/^Z[A-Z0-9]{4,32}$/, 'a Route 53 hosted zone id'),
    zoneName: hostname,
    /** The web app, e.g. app.example.com. */
    siteDomain: hostname,
    /** The HTTP API (Stripe, Twilio and OAuth call it), e.g. api.example.com. */
    apiDomain: hostname,
    /**
     * A us-east-1 ACM certificate covering both names. Required when the stage's region is not us-east-1;
     * in us-east-1 the stack creates and DNS-validates it.
     */
    certificateArn: z
      .string()
      .regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'a us-east-1 ACM certificate ARN')
      .optional(),
  })
  .strict()
  .refine(
    ({ zoneName, siteDomain, apiDomain }) =>
      [siteDomain, apiDomain].every((name) => name === zoneName || name.endsWith(`.${zoneName}`)),
    { message: 'siteDomain and apiDomain must be inside zoneName' },
  );

export const stageConfigSchema = z
  .object({
    account: z.string().regex(/^\d{12}$/, 'a 12-digit AWS account id'),
    region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'an AWS region such as us-east-1'),
    /** A production stage: deploying it needs --confirm-prod, and its stack has termination protection. */
    production: z.boolean().default(false),
    /** Monthly AWS cost budget in USD; the operator topic hears at 80 % actual and 100 % forecast. */
    monthlyBudgetUsd: z.number().positive().max(1_000_000),
    /**
     * A verified SES identity (address or an address at a verified domain) that sends Cognito's codes and
     * the API's e-mails. Required for a production stage; elsewhere, without it Cognito's default sender
     * (50 e-mails a day) is used, with a synth warning.
     */
    sesFromAddress: z.email().optional(),
    /**
     * The SES identity that is verified for sesFromAddress: 'address' (the default) or 'domain' (the
     * address's domain, verified with DKIM). Cognito and the functions' send permission name that identity.
     */
    sesIdentity: z.enum(SES_IDENTITY_KINDS).optional(),
    /**
     * A table restored from a backup (point-in-time or AWS Backup) that the stage uses instead of the one the
     * stack created; docs/deploy.md "Restore from a backup" (docs/decisions/163).
     */
    restoredTableName: z
      .string()
      .regex(/^[a-zA-Z0-9_.-]{3,255}$/, 'a DynamoDB table name (3-255 letters, digits, _ . -)')
      .optional(),
    /** An optional custom domain for the site and the API, so vendor webhook URLs survive redeploys. */
    domain: domainSchema.optional(),
    /**
     * A WAFv2 web ACL with CLOUDFRONT scope (it must be in us-east-1). Required outside us-east-1; in
     * us-east-1 the stack creates one with the rate-based rule.
     */
    webAclArn: z
      .string()
      .regex(/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/, 'a CLOUDFRONT-scope web ACL ARN')
      .optional(),
  })
  .strict()
  .superRefine((stage, ctx) => {
    if (stage.sesIdentity && !stage.sesFromAddress) {
      ctx.addIssue({
        code: 'custom',
        path: ['sesIdentity'],
        message: 'names the identity of sesFromAddress, which is not set',
      });
    }
  })
  .superRefine((stage, ctx) => {
    // A production stage takes real customers (docs/decisions/160-fail-closed.md): vendor webhook URLs
    // must survive a redeploy, and Cognito's own sender stops at 50 e-mails a day.
    if (stage.production && !stage.domain) {
      ctx.addIssue({
        code: 'custom',
        path: ['domain'],
        message:
          'required for a production stage: a custom domain, so the webhook URLs given to Stripe and Twilio survive a redeploy',
      });
    }
    if (stage.production && !stage.sesFromAddress) {
      ctx.addIssue({
        code: 'custom',
        path: ['sesFromAddress'],
        message:
          "required for a production stage: a verified SES sender (Cognito's default sender stops at 50 e-mails a day, and notification e-mails need it)",
      });
    }
    if (stage.region === CLOUDFRONT_REGION) return;
    if (!stage.webAclArn) {
      ctx.addIssue({
        code: 'custom',
        path: ['webAclArn'],
        message: `required outside ${CLOUDFRONT_REGION}: CloudFront web ACLs can only be created there`,
      });
    }
    if (stage.domain && !stage.domain.certificateArn) {
      ctx.addIssue({
        code: 'custom',
        path: ['domain', 'certificateArn'],
        message: `required outside ${CLOUDFRONT_REGION}: CloudFront certificates can only be created there`,
      });
    }
  });

export type StageConfig = z.infer<typeof stageConfigSchema>;
export type Stage = StageConfig & { readonly name: string };

const stagesSchema = z.record(z.string(), stageConfigSchema).superRefine((stages, ctx) => {
  if (Object.keys(stages).length === 0)
    ctx.addIssue({ code: 'custom', message: 'configure at least one stage' });
  for (const name of Object.keys(stages)) {
    if (!STAGE_NAME_PATTERN.test(name)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'lower-case letters, digits and dashes (max 16)',
      });
    }
  }
});

/** Parses cdk.json's `context.stages`, listing every problem with its path (e.g. `prod.account`). */
export function parseStages(raw: unknown): Record<string, Stage> {
  const result = stagesSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  stages.${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid stage configuration (cdk.json context "stages"):\n${problems.join('\n')}`);
  }
  return Object.fromEntries(Object.entries(result.data).map(([name, config]) => [name, { ...config, name }]));
}

/** The one stage named, or an error listing the configured ones. */
export function selectStage(stages: Record<string, Stage>, name: unknown): Stage {
  const stage = typeof name === 'string' ? stages[name] : undefined;
  if (!stage) {
    throw new Error(
      `Unknown stage ${JSON.stringify(name)}: configured stages are ${Object.keys(stages).join(', ')} (cdk.json context "stages").`,
    );
  }
  return stage;
}

/** The physical-name prefix of every resource of a stage (stack, pool, APIs, topic, dashboard…). */
export const stagePrefix = (stage: { name: string }) => `receptionist-${stage.name}`;
