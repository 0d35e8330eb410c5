import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_FAN_OUT } from '@shared/notifications-fan-out';
import { WEBHOOK_QUEUE } from '@shared/webhooks';
import { ReceptionistStack } from './lib/receptionist-stack';
import { testApp, testStage } from './test-support';

type Resource = { Type: string; Properties: Record<string, unknown> };
type Resources = Record<string, Resource>;

const workDir = mkdtempSync(path.join(os.tmpdir(), 'receptionist-queue-test-'));
let stack: ReceptionistStack;
let template: Template;

beforeAll(() => {
  const webBuildDir = path.join(workDir, 'dist');
  mkdirSync(webBuildDir, { recursive: true });
  writeFileSync(path.join(webBuildDir, 'index.html'), '<!doctype html>');
  // Lambdas are not bundled here: the template is the same (receptionist-stack.test.ts bundles them).
  const app = testApp(path.join(workDir, 'out'), { bundle: false });
  stack = new ReceptionistStack(app, { stage: testStage('staging'), webBuildDir });
  Aspects.of(stack).add(new AwsSolutionsChecks());
  app.synth();
  template = Template.fromStack(stack);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const notificationsFunctionId = () => {
  const found = Object.keys(
    template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('notifications: summary sweep and daily digest') },
    }),
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** The notifications' queues, or (docs/decisions/178) the outbound webhooks' ones, by construct path. */
const queues = (owner: 'NotificationQueue' | 'WebhookQueue' = 'NotificationQueue') => {
  const all = template.findResources('AWS::SQS::Queue') as Resources;
  expect(Object.keys(all)).toHaveLength(4);
  const entries = Object.entries(all).filter(([id]) => id.startsWith(owner));
  expect(entries).toHaveLength(2);
  const main = entries.find(([, queue]) => queue.Properties.RedrivePolicy)!;
  const dead = entries.find(([, queue]) => !queue.Properties.RedrivePolicy)!;
  return { main, dead };
};

describe('the notifications fan-out queue', () => {
  it('redrives a batch to the dead-letter queue after maxReceiveCount deliveries; both are encrypted', () => {
    const { main, dead } = queues();
    expect(main[1].Properties).toMatchObject({
      VisibilityTimeout: NOTIFICATION_FAN_OUT.visibilityTimeoutSeconds,
      MessageRetentionPeriod: NOTIFICATION_FAN_OUT.retentionMinutes * 60,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [dead[0], 'Arn'] },
        maxReceiveCount: NOTIFICATION_FAN_OUT.maxReceiveCount,
      },
    });
    expect(dead[1].Properties).toMatchObject({
      MessageRetentionPeriod: NOTIFICATION_FAN_OUT.deadLetterRetentionDays * 86_400,
      SqsManagedSseEnabled: true,
    });
    // No fixed names: a failed deploy's leftovers never block the retry.
    for (const [, queue] of [main, dead]) expect(queue.Properties.QueueName).toBeUndefined();
  });

  it('refuses requests without TLS on both queues', () => {
    const { main, dead } = queues();
    for (const [id] of [main, dead]) {
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it('feeds the notifications function its batches, failed messages reported one by one, with bounded workers', () => {
    const { main } = queues();
    const fn = notificationsFunctionId();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fn },
      EventSourceArn: { 'Fn::GetAtt': [main[0], 'Arn'] },
      BatchSize: NOTIFICATION_FAN_OUT.messagesPerInvocation,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: NOTIFICATION_FAN_OUT.maxConcurrentWorkers },
    });
    const props = (template.findResources('AWS::Lambda::Function') as Resources)[fn]!.Properties;
    // SQS requires the visibility timeout to cover the function's timeout.
    expect(props.Timeout).toBe(NOTIFICATION_FAN_OUT.functionTimeoutSeconds);
    expect(NOTIFICATION_FAN_OUT.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(
      6 * NOTIFICATION_FAN_OUT.functionTimeoutSeconds,
    );
    expect(
      (props.Environment as { Variables: Record<string, unknown> }).Variables.NOTIFICATIONS_QUEUE_URL,
    ).toEqual({ Ref: main[0] });
  });

  it('lets only the notifications function send to the queue', () => {
    const { main } = queues();
    const arn = JSON.stringify({ 'Fn::GetAtt': [main[0], 'Arn'] });
    const senders = Object.values(template.findResources('AWS::IAM::Policy') as Resources).filter(
      (policy) =>
        JSON.stringify(policy.Properties.PolicyDocument).includes('sqs:SendMessage') &&
        JSON.stringify(policy.Properties.PolicyDocument).includes(arn),
    );
    expect(senders).toHaveLength(1);
    expect(JSON.stringify(senders[0]!.Properties.PolicyDocument)).toContain(
      JSON.stringify({ 'Fn::GetAtt': [main[0], 'Arn'] }),
    );
    const roles = senders[0]!.Properties.Roles as Array<{ Ref: string }>;
    const fn = (template.findResources('AWS::Lambda::Function') as Resources)[notificationsFunctionId()]!;
    expect(roles).toEqual([{ Ref: (fn.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] }]);
  });

  it('alarms the operator on dead letters, on a backlog, and on the function’s own errors', () => {
    const { main, dead } = queues();
    const topic = Object.keys(template.findResources('AWS::SNS::Topic'));
    expect(topic).toHaveLength(1);
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Resources).map(
      (alarm) => alarm.Properties,
    );
    const deadLetters = alarms.find(
      (a) =>
        a.MetricName === 'ApproximateNumberOfMessagesVisible' &&
        JSON.stringify(a.Dimensions).includes(JSON.stringify(dead[0])),
    );
    expect(deadLetters).toMatchObject({
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dead[0], 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topic[0] }],
    });
    const backlog = alarms.find((a) => a.MetricName === 'ApproximateAgeOfOldestMessage');
    expect(backlog).toMatchObject({
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [main[0], 'QueueName'] } }],
      Threshold: NOTIFICATION_FAN_OUT.oldestMessageAlarmMinutes * 60,
      AlarmActions: [{ Ref: topic[0] }],
    });
    const errors = alarms.find(
      (a) =>
        a.MetricName === 'Errors' &&
        JSON.stringify(a.Dimensions).includes(JSON.stringify({ Ref: notificationsFunctionId() })),
    );
    expect(errors).toMatchObject({ AlarmActions: [{ Ref: topic[0] }] });
  });

  it('passes cdk-nag with no unsuppressed error', () => {
    const errors = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-'));
    expect(errors.map((error) => `${error.id}: ${String(error.entry.data).split(':')[0]}`)).toEqual([]);
  });
});

describe('the outbound webhooks queue (docs/decisions/178-outbound-webhooks.md)', () => {
  it('is encrypted, redrives faulting messages to its dead-letter queue, and feeds the notifications function', () => {
    const { main, dead } = queues('WebhookQueue');
    expect(main[1].Properties).toMatchObject({
      VisibilityTimeout: WEBHOOK_QUEUE.visibilityTimeoutSeconds,
      MessageRetentionPeriod: WEBHOOK_QUEUE.retentionHours * 3_600,
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [dead[0], 'Arn'] },
        maxReceiveCount: WEBHOOK_QUEUE.maxReceiveCount,
      },
    });
    expect(dead[1].Properties).toMatchObject({ SqsManagedSseEnabled: true });
    const fn = notificationsFunctionId();
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fn },
      EventSourceArn: { 'Fn::GetAtt': [main[0], 'Arn'] },
      BatchSize: WEBHOOK_QUEUE.messagesPerInvocation,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: WEBHOOK_QUEUE.maxConcurrentWorkers },
    });
    for (const [id] of [main, dead])
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
  });

  it('every app function may emit: each has the queue URL and may send to it', () => {
    const { main } = queues('WebhookQueue');
    const functions = Object.values(template.findResources('AWS::Lambda::Function') as Resources).filter(
      (fn) =>
        (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
          ?.TABLE_NAME,
    );
    expect(functions.length).toBe(4);
    for (const fn of functions)
      expect(
        (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.WEBHOOKS_QUEUE_URL,
      ).toEqual({
        Ref: main[0],
      });
    const arn = JSON.stringify({ 'Fn::GetAtt': [main[0], 'Arn'] });
    const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources).filter(
      (policy) =>
        JSON.stringify(policy.Properties.PolicyDocument).includes('sqs:SendMessage') &&
        JSON.stringify(policy.Properties.PolicyDocument).includes(arn),
    );
    const roles = new Set(
      policies.flatMap((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).map((r) => r.Ref)),
    );
    expect(roles.size).toBe(4);
  });

  it('alarms the operator on dead letters', () => {
    const { dead } = queues('WebhookQueue');
    const topic = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dead[0], 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [{ Ref: topic }],
    });
  });
});
