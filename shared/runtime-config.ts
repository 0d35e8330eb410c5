// zod/mini: this schema is parsed in the SPA's entry chunk, before any page, so its size counts for every visit.
import * as z from 'zod/mini';

/**
 * What the browser needs to reach the API and the user pool. Served as `/config.json` beside the SPA
 * (by Vite locally, by the CDK deployment in AWS) so one build runs in every environment.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.url(),
  cognito: z.object({
    userPoolId: z.string().check(z.includes('_', { message: 'A user-pool id must contain an underscore' })),
    userPoolClientId: z.string().check(z.minLength(1)),
    /** Set only for cognito-local; real Cognito uses its regional endpoint. */
    userPoolEndpoint: z.optional(z.url()),
    /** cognito-local lacks SRP, so local sign-in uses USER_PASSWORD_AUTH. */
    authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  }),
  oauthEnabled: z.boolean(),
  /** Local mail outbox page, shown to the person running the product locally. */
  outboxUrl: z.optional(z.url()),
  /** Local phone page (text the assistant as a caller), shown only when the local telephony provider runs. */
  localPhoneUrl: z.optional(z.url()),
  /** The voice streaming socket (ws:// locally, wss:// API Gateway); absent → previews use HTTP only. */
  voiceStreamUrl: z.optional(z.url({ protocol: /^wss?$/ })),
  /** The voice relay socket the owner's in-browser test call opens (the same API in AWS, ?channel=relay). */
  voiceRelayUrl: z.optional(z.url({ protocol: /^wss?$/ })),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
