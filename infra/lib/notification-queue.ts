import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { NOTIFICATION_FAN_OUT, NOTIFICATIONS_QUEUE_URL_SETTING } from '@shared/notifications-fan-out';

export interface NotificationQueueProps {
  readonly namePrefix: string;
  /** The notifications function: it sends the batches (scheduled runs) and handles them (SQS events). */
  readonly worker: LambdaFunction;
}

const ALARM_PERIOD = Duration.minutes(5);

/**
 * The notification jobs' fan-out (docs/decisions/162-notification-fan-out.md): a queue of owner batches
 * consumed by the notifications function (failed messages reported one by one), a dead-letter queue after
 * `maxReceiveCount` deliveries, and alarms on both. Both queues are encrypted and refuse requests without
 * TLS; CloudFormation names them, so a failed deploy can be retried.
 */
export class NotificationQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: NotificationQueueProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(NOTIFICATION_FAN_OUT.deadLetterRetentionDays),
    });
    this.queue = new Queue(this, 'Batches', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(NOTIFICATION_FAN_OUT.visibilityTimeoutSeconds),
      retentionPeriod: Duration.minutes(NOTIFICATION_FAN_OUT.retentionMinutes),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: NOTIFICATION_FAN_OUT.maxReceiveCount },
    });

    props.worker.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: NOTIFICATION_FAN_OUT.messagesPerInvocation,
        reportBatchItemFailures: true,
        maxConcurrency: NOTIFICATION_FAN_OUT.maxConcurrentWorkers,
      }),
    );
    this.queue.grantSendMessages(props.worker);
    props.worker.addEnvironment(NOTIFICATIONS_QUEUE_URL_SETTING, this.queue.queueUrl);

    const alarm = (name: string, description: string, metric: IMetric, threshold: number) =>
      new Alarm(this, `Alarm${name}`, {
        alarmName: `${props.namePrefix}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    this.alarms = [
      alarm(
        'notifications-dead-letters',
        'Notification batches failed every delivery and wait in the dead-letter queue: see the notifications ' +
          'function logs (notifications.owner_failed), fix, then redrive them (docs/deploy.md).',
        this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: ALARM_PERIOD,
          statistic: 'Maximum',
        }),
        1,
      ),
      alarm(
        'notifications-backlog',
        `The oldest notification batch waited ${NOTIFICATION_FAN_OUT.oldestMessageAlarmMinutes} minutes: ` +
          'workers are failing, throttled or not running, so summaries and digests are late.',
        this.queue.metricApproximateAgeOfOldestMessage({ period: ALARM_PERIOD, statistic: 'Maximum' }),
        NOTIFICATION_FAN_OUT.oldestMessageAlarmMinutes * 60,
      ),
    ];
  }

  /** Sends the queue's alarms (and their recovery) to the operator's topic. */
  reportTo(topic: ITopic) {
    for (const alarm of this.alarms) {
      alarm.addAlarmAction(new SnsAction(topic));
      alarm.addOkAction(new SnsAction(topic));
    }
  }
}
