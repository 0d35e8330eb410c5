import { IF_MISSING_NULL_QUERY } from '@shared/api-queries';

/** The owner's part of the API. */
export const ownerPath = (userId: string) => `/oauth/users/${encodeURIComponent(userId)}`;

/**
 * The reads an account screen makes first. The screens' API modules and the signed-in shell's early reads
 * (early-api-reads.ts) build them here, so the early read is the very request the screen then asks for.
 */
export const API_READ_PATHS = {
  businessConfig: (userId: string) => `${ownerPath(userId)}/config?${IF_MISSING_NULL_QUERY}`,
  subscriptionStatus: '/oauth/subscription/status',
  subscriptionProducts: '/oauth/subscription/products',
} as const;
