import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { WEBHOOK_QUEUE, WEBHOOKS_QUEUE_URL_SETTING } from '@shared/webhooks';

export interface WebhookQueueProps {
  readonly namePrefix: string;
  /** Consumes the queue: fans events out and makes the delivery attempts (the notifications function). */
  readonly worker: LambdaFunction;
  /** Every function that emits events or re-queues deliveries: they send to the queue. */
  readonly senders: readonly LambdaFunction[];
}

/**
 * Outbound webhooks' queue (docs/decisions/178-outbound-webhooks.md): events and delivery attempts, consumed
 * by the worker with failed messages reported one by one, a dead-letter queue for messages that fault
 * repeatedly (a receiver's failure is recorded and retried through the sweep, never by SQS), and an alarm on
 * it. Encrypted, TLS only.
 */
export class WebhookQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: WebhookQueueProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(WEBHOOK_QUEUE.deadLetterRetentionDays),
    });
    this.queue = new Queue(this, 'Deliveries', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(WEBHOOK_QUEUE.visibilityTimeoutSeconds),
      retentionPeriod: Duration.hours(WEBHOOK_QUEUE.retentionHours),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount },
    });
    props.worker.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: WEBHOOK_QUEUE.messagesPerInvocation,
        reportBatchItemFailures: true,
        maxConcurrency: WEBHOOK_QUEUE.maxConcurrentWorkers,
      }),
    );
    for (const fn of new Set([props.worker, ...props.senders])) {
      this.queue.grantSendMessages(fn);
      fn.addEnvironment(WEBHOOKS_QUEUE_URL_SETTING, this.queue.queueUrl);
    }
    this.alarm = new Alarm(this, 'AlarmDeadLetters', {
      alarmName: `${props.namePrefix}-webhooks-dead-letters`,
      alarmDescription:
        'Webhook queue messages faulted on every delivery and wait in the dead-letter queue: see the ' +
        'notifications function logs (webhooks.*); pending deliveries are still retried by the sweep.',
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  reportTo(topic: ITopic) {
    this.alarm.addAlarmAction(new SnsAction(topic));
    this.alarm.addOkAction(new SnsAction(topic));
  }
}
