import { initLambda } from './lambda-init';
import { createNotificationsHandler, createNotificationJobs } from '../capabilities/notifications/index';

/**
 * The notifications function (docs/decisions/130-notifications.md, 162-notification-fan-out.md). EventBridge
 * invokes it with `{"jobs":["sweep"]}` every 2 minutes and `{"jobs":["digest"]}` hourly: it lists the owners
 * concerned and queues them in batches. The queue's event source invokes it with SQS events: it handles
 * each batch and reports the failed ones. No HTTP: nothing else reaches it.
 */
const { deps } = await initLambda();

export const handler = createNotificationsHandler(createNotificationJobs(deps), deps.logger);
