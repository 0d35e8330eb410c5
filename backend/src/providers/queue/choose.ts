import { createSqsQueue } from './sqs';
import { queueNotConfigured, type MessageQueue, type QueueConfig } from './port';

/** SQS when a URL is set; otherwise the local queue outside AWS, and a refusing queue in AWS. */
export function chooseQueue(
  config: QueueConfig,
  setting: string,
  local: (() => MessageQueue) | undefined,
): MessageQueue {
  if (config.url)
    return createSqsQueue({
      queueUrl: config.url,
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    });
  return config.appEnv === 'aws' || !local ? queueNotConfigured(setting) : local();
}
