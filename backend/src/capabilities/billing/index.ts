export { requireLiveSubscription } from './live-subscription';
export { processPaymentEvent } from './process-payment-event';
export { viaProvider } from './provider-errors';
export { stripeEndpointRoutes } from './stripe-webhook-routes';
