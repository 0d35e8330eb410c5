import { stateOf, type AccountDeletionState } from '../../../platform/auth/account-deletion-state';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MAX_TOKEN_LIFETIME_SECONDS } from '@shared/session';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/**
 * The account-deletion marker (issue 10 §7), written before anything is deleted, so that from then on the
 * API refuses every token of the account (auth/revocation-check.ts) and nothing else acts in the middle.
 * - `deleting`: started; no TTL, so an unfinished deletion keeps the account locked until a retry ends it.
 *   A lease serializes the deletion: parallel requests never run its steps twice at once.
 * - `deleted`: finished; kept until every token the identity service issued for it has expired.
 */
export type BeginOutcome = 'started' | 'busy' | 'deleted';

/** Longer than one deletion takes (each provider call has a shorter timeout); a crashed run's lease lapses. */
export const ACCOUNT_DELETION_LEASE_SECONDS = 120;

export function createAccountDeletionRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const seconds = () => Math.floor(now().getTime() / 1000);

  async function state(userId: string): Promise<AccountDeletionState | undefined> {
    const { Item } = await doc.send(
      new GetCommand({ TableName: tableName, Key: keys.accountDeletion(userId), ConsistentRead: true }),
    );
    return stateOf(Item, seconds());
  }

  return {
    state,

    /** Marks the account as being deleted and takes the lease; a finished or running deletion says so. */
    async begin(userId: string, leaseToken: string): Promise<BeginOutcome> {
      const at = seconds();
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.accountDeletion(userId),
            UpdateExpression:
              'SET #status = :deleting, started_at = if_not_exists(started_at, :iso), lease_holder = :token, ' +
              'lease_until = :until ADD attempts :one',
            ConditionExpression: 'attribute_not_exists(pk) OR (#status = :deleting AND lease_until < :now)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':deleting': 'deleting',
              ':iso': now().toISOString(),
              ':token': leaseToken,
              ':until': at + ACCOUNT_DELETION_LEASE_SECONDS,
              ':now': at,
              ':one': 1,
            },
          }),
        );
        return 'started';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return (await state(userId)) === 'deleted' ? 'deleted' : 'busy';
      }
    },

    /** Lets the next request retry at once after this one failed (instead of waiting for the lease). */
    async releaseLease(userId: string, leaseToken: string): Promise<void> {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.accountDeletion(userId),
            UpdateExpression: 'SET lease_until = :zero',
            ConditionExpression: 'lease_holder = :token AND #status = :deleting',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':zero': 0, ':token': leaseToken, ':deleting': 'deleting' },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** Every step is done: the marker now only refuses old tokens, until the longest of them has expired. */
    async complete(userId: string, leaseToken: string): Promise<void> {
      const at = seconds();
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.accountDeletion(userId),
          UpdateExpression:
            'SET #status = :deleted, deleted_at = :iso, expires_at = :expires REMOVE lease_holder, lease_until',
          ConditionExpression: 'lease_holder = :token',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':deleted': 'deleted',
            ':iso': now().toISOString(),
            ':expires': at + MAX_TOKEN_LIFETIME_SECONDS,
            ':token': leaseToken,
          },
        }),
      );
    },
  };
}
export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;
