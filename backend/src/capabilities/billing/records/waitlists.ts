import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { InternationalWaitlistRequest } from '@shared/schemas/waitlist';
import type { FeatureEngagementRequest } from '@shared/schemas/feature-engagement';
import type { FeatureEngagementAnswer } from '@shared/feature-engagement';
import { keys } from '../../../platform/dynamo/keys';

/** The international and beta waitlists (one item per e-mail) and owners' feature-engagement answers. */
export function createWaitlistRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    /** Joins or updates; `notify` only ever turns on (a later visit without it keeps the request). */
    async joinInternational(entry: InternationalWaitlistRequest) {
      const at = now().toISOString();
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.waitlistEntry('INTERNATIONAL', entry.email),
          UpdateExpression:
            'SET email = :email, country_code = :code, country_name = :name, updated_at = :at, ' +
            'created_at = if_not_exists(created_at, :at), ' +
            (entry.notify
              ? 'notify = :true, notify_requested_at = :at'
              : 'notify = if_not_exists(notify, :false)'),
          ExpressionAttributeValues: {
            ':email': entry.email,
            ':code': entry.country_code,
            ':name': entry.country_name,
            ':at': at,
            ...(entry.notify ? { ':true': true } : { ':false': false }),
          },
        }),
      );
    },

    /** The e-mail is the verified token's (the route never passes a body's). */
    async joinBeta(entry: { email: string }, userId: string) {
      const at = now().toISOString();
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.waitlistEntry('BETA', entry.email),
          UpdateExpression:
            'SET email = :email, user_id = :user, updated_at = :at, created_at = if_not_exists(created_at, :at)',
          ExpressionAttributeValues: { ':email': entry.email, ':user': userId, ':at': at },
        }),
      );
    },

    /** The owner's latest answer per feature. */
    async recordEngagement(
      userId: string,
      answer: FeatureEngagementAnswer,
      request: FeatureEngagementRequest,
    ) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.featureEngagement(userId, request.feature_type, request.feature_id),
            ...request,
            answer,
            answered_at: now().toISOString(),
          },
        }),
      );
    },
  };
}
export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
