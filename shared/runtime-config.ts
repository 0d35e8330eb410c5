import { z } from 'zod';

/**
 * What the browser needs to reach the API and the user pool. Served as `/config.json` beside the SPA
 * (by Vite locally, by the CDK deployment in AWS) so one build runs in every environment.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.url(),
  cognito: z.object({
    userPoolId: z.string().includes('_', { message: 'A user-pool id must contain an underscore' }),
    userPoolClientId: z.string().min(1),
    /** Set only for cognito-local; real Cognito uses its regional endpoint. */
    userPoolEndpoint: z.url().optional(),
    /** cognito-local lacks SRP, so local sign-in uses USER_PASSWORD_AUTH. */
    authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  }),
  oauthEnabled: z.boolean(),
  /** Local mail outbox page, shown to the person running the product locally. */
  outboxUrl: z.url().optional(),
  /** The voice streaming socket (ws:// locally, wss:// API Gateway); absent → previews use HTTP only. */
  voiceStreamUrl: z.url({ protocol: /^wss?$/ }).optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_PATH = '/config.json';
