export { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from './stripe-webhook-routes';
export { subscriptionRoutes } from './subscription-routes';
export { waitlistRoutes } from './waitlist-routes';
