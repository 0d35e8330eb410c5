import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Closure } from '@shared/schemas/calendar-model';
import { keys } from '../../../platform/dynamo/keys';
import { unlessConditionFails } from '../../../platform/dynamo/condition-failures';

/**
 * The closures on the business config (the after-hours check reads them with the config), written on the
 * list they were edited from: DynamoDB compares the stored list with the one read, so two parallel edits
 * never drop one another's closure (the config update helper sets fields unconditionally, which suits
 * hours and the grid, where the last choice wins, but not a list built by parallel adds).
 */
export function createClosuresRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    /** True when stored; false when the config is missing or its closures changed since they were read. */
    async replace(ownerId: string, read: readonly Closure[], next: readonly Closure[]): Promise<boolean> {
      const unchanged =
        read.length === 0 ? '(attribute_not_exists(closures) OR size(closures) = :zero)' : 'closures = :read';
      return unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.businessConfig(ownerId),
            UpdateExpression: 'SET closures = :next, updated_at = :at',
            ConditionExpression: `attribute_exists(pk) AND ${unchanged}`,
            ExpressionAttributeValues: {
              ':next': next,
              ':at': now().toISOString(),
              ...(read.length === 0 ? { ':zero': 0 } : { ':read': read }),
            },
          }),
        ),
      );
    },
  };
}

export type ClosuresRepository = ReturnType<typeof createClosuresRepository>;
