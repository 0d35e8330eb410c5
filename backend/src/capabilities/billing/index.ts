export { requireLiveSubscription } from './live-subscription';
export { processPaymentEvent } from './process-payment-event';
export { viaProvider } from './provider-errors';
export { stripeEndpointRoutes } from './stripe-webhook-routes';
export { createSubscriptionRepository } from './subscriptions';
export type { SubscriptionRepository } from './subscriptions';
export { createWaitlistRepository } from './waitlists';
export type { WaitlistRepository } from './waitlists';
