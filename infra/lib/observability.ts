import { CfnCondition, CfnParameter, Duration, Fn, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnSubscription, Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import {
  METRIC_NAMES,
  METRICS_NAMESPACE,
  type MetricName,
} from '../../backend/src/platform/observability/metrics';

/** The deploy parameter an operator sets to receive alarms: `--parameters OperatorEmail=ops@example.com`. */
export const OPERATOR_EMAIL_PARAMETER = 'OperatorEmail';

/** When each alarm fires; every period is 5 minutes. */
export const ALARM_THRESHOLDS = {
  lambdaErrors: 1,
  lambdaThrottles: 1,
  api5xx: 5,
  /** p95 of the HTTP API's latency, over three periods in a row. */
  apiLatencyP95Ms: 3000,
  dynamoThrottles: 1,
  webhookFailures: 1,
  relayErrors: 3,
  /** Any cold start or caller without the assistant's key (docs/decisions/160-fail-closed.md). */
  assistantUnavailable: 1,
  emailUnavailable: 1,
} as const;

/** The app's failure figures: alarmed and graphed apart from the product's. */
const FAILURE_METRICS: readonly MetricName[] = [
  'WebhookFailures',
  'RelayErrors',
  'AssistantUnavailable',
  'EmailUnavailable',
];

/** Budget notifications: at this share of the amount spent, and when the month's forecast passes it all. */
export const BUDGET_ACTUAL_PERCENT = 80;
export const BUDGET_FORECAST_PERCENT = 100;

export interface ObservabilityProps {
  readonly namePrefix: string;
  readonly stage: string;
  /** Every Lambda of the app (API, socket, and any added later). */
  readonly functions: Record<string, IFunction>;
  readonly httpApi: HttpApi;
  readonly table: ITable;
  readonly monthlyBudgetUsd: number;
}

const PERIOD = Duration.minutes(5);

/**
 * Alarms, a dashboard and a cost budget, all reporting to one SNS topic the operator subscribes to. The
 * app's own figures are the EMF metrics of backend/src/platform/observability/metrics.ts (namespace and names come
 * from there, with the `stage` dimension the backend writes from its STAGE variable).
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    const { namePrefix } = props;

    this.topic = new Topic(this, 'Alarms', {
      topicName: `${namePrefix}-alarms`,
      displayName: `Ringly ${props.stage} alarms`,
      enforceSSL: true,
    });
    // AWS Budgets publishes to the topic itself (CloudWatch alarms need no policy for a topic of the account).
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        actions: ['sns:Publish'],
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );

    const operatorEmail = new CfnParameter(Stack.of(this), OPERATOR_EMAIL_PARAMETER, {
      type: 'String',
      default: '',
      description: 'E-mail address that receives alarms and budget notifications (confirm the SNS e-mail).',
      allowedPattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'an e-mail address, or empty for no subscription',
    });
    const hasOperatorEmail = new CfnCondition(this, 'HasOperatorEmail', {
      expression: Fn.conditionNot(Fn.conditionEquals(operatorEmail.valueAsString, '')),
    });
    const subscription = new CfnSubscription(this, 'OperatorSubscription', {
      topicArn: this.topic.topicArn,
      protocol: 'email',
      endpoint: operatorEmail.valueAsString,
    });
    subscription.cfnOptions.condition = hasOperatorEmail;

    const alarm = (name: string, description: string, metric: IMetric, threshold: number, periods = 1) => {
      const created = new Alarm(this, `Alarm${name}`, {
        alarmName: `${namePrefix}-${name}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: periods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(new SnsAction(this.topic));
      created.addOkAction(new SnsAction(this.topic));
      this.alarms.push(created);
      return created;
    };

    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(
        `${name}-errors`,
        `The ${name} Lambda failed (unhandled error or timeout): see its log group.`,
        fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        ALARM_THRESHOLDS.lambdaErrors,
      );
      alarm(
        `${name}-throttles`,
        `The ${name} Lambda was throttled: the account's concurrency is exhausted.`,
        fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
        ALARM_THRESHOLDS.lambdaThrottles,
      );
    }

    const api5xx = props.httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' });
    const apiLatency = props.httpApi.metricLatency({ period: PERIOD, statistic: 'p95' });
    alarm('api-5xx', 'The HTTP API answered 5xx responses.', api5xx, ALARM_THRESHOLDS.api5xx);
    alarm(
      'api-latency',
      `The HTTP API's p95 latency stayed above ${ALARM_THRESHOLDS.apiLatencyP95Ms} ms for 15 minutes.`,
      apiLatency,
      ALARM_THRESHOLDS.apiLatencyP95Ms,
      3,
    );

    const dynamoThrottles = new MathExpression({
      expression: 'reads + writes',
      label: 'DynamoDB throttle events',
      period: PERIOD,
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
        writes: props.table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
      },
    });
    alarm(
      'dynamodb-throttles',
      'DynamoDB throttled reads or writes of the app table.',
      dynamoThrottles,
      ALARM_THRESHOLDS.dynamoThrottles,
    );

    const appMetric = (name: MetricName) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: { stage: props.stage },
        period: PERIOD,
        statistic: 'Sum',
      });
    alarm(
      'webhook-failures',
      'A Stripe or Twilio webhook failed to process (WebhookFailures): vendors retry, see the API logs.',
      appMetric('WebhookFailures'),
      ALARM_THRESHOLDS.webhookFailures,
    );
    alarm(
      'relay-errors',
      'Voice calls hit errors in the ConversationRelay socket (RelayErrors): see the socket Lambda logs.',
      appMetric('RelayErrors'),
      ALARM_THRESHOLDS.relayErrors,
    );
    alarm(
      'assistant-unavailable',
      'The assistant cannot answer (AssistantUnavailable): OPENAI_API_KEY is missing or malformed in the ' +
        'vendor-keys secret, so callers are forwarded to the business phone and texters told it is not ' +
        'answering. The cold-start log line "Providers at cold start" names the key.',
      appMetric('AssistantUnavailable'),
      ALARM_THRESHOLDS.assistantUnavailable,
    );
    alarm(
      'email-unavailable',
      'No notification e-mail can be sent (EmailUnavailable): the stage has no SES sender or the ' +
        'vendor-keys secret lacks TOKEN_ENCRYPTION_KEY. The cold-start log line names which.',
      appMetric('EmailUnavailable'),
      ALARM_THRESHOLDS.emailUnavailable,
    );

    const functions = Object.entries(props.functions);
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: namePrefix,
      defaultInterval: Duration.hours(24),
    });
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Product: calls, texts, bookings, deposits',
        left: METRIC_NAMES.filter((name) => !FAILURE_METRICS.includes(name)).map(appMetric),
        width: 12,
      }),
      new GraphWidget({
        title: 'Failures: webhooks, voice relay, missing keys',
        left: FAILURE_METRICS.map(appMetric),
        width: 12,
      }),
      new GraphWidget({
        title: 'HTTP API: requests and 5xx',
        left: [props.httpApi.metricCount({ period: PERIOD, statistic: 'Sum' }), api5xx],
        width: 12,
      }),
      new GraphWidget({
        title: 'HTTP API latency (p50, p95)',
        left: [props.httpApi.metricLatency({ period: PERIOD, statistic: 'p50' }), apiLatency],
        width: 12,
      }),
      new GraphWidget({
        title: 'Lambda errors and throttles',
        left: functions.map(([name, fn]) => fn.metricErrors({ period: PERIOD, label: `${name} errors` })),
        right: functions.map(([name, fn]) =>
          fn.metricThrottles({ period: PERIOD, label: `${name} throttles` }),
        ),
        width: 12,
      }),
      new GraphWidget({
        title: 'Lambda duration (p95)',
        left: functions.map(([name, fn]) =>
          fn.metricDuration({ period: PERIOD, statistic: 'p95', label: `${name} p95` }),
        ),
        width: 12,
      }),
      new GraphWidget({
        title: 'DynamoDB: consumed capacity and throttles',
        left: [
          props.table.metricConsumedReadCapacityUnits({ period: PERIOD }),
          props.table.metricConsumedWriteCapacityUnits({ period: PERIOD }),
        ],
        right: [dynamoThrottles],
        width: 24,
      }),
    );

    // The whole account's monthly cost: a stage per account is the norm, and a budget cannot see a stack.
    new CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${namePrefix}-monthly`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { notificationType: 'ACTUAL', threshold: BUDGET_ACTUAL_PERCENT },
        { notificationType: 'FORECASTED', threshold: BUDGET_FORECAST_PERCENT },
      ].map(({ notificationType, threshold }) => ({
        notification: {
          notificationType,
          comparisonOperator: 'GREATER_THAN',
          threshold,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
      })),
    });
  }
}
