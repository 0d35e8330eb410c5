import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MultiObjectiveConfig, Objective } from '@shared/schemas/objective';
import { keys } from '../../../platform/dynamo/keys';
import { transactionConditionFailures } from '../../../platform/dynamo/condition-failures';

/** The owner's current (primary) objective, with the multi-objective config once one was saved. */
export type StoredObjective = Objective & { business_id: string; objective_config?: MultiObjectiveConfig };

const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'created_at', 'updated_at'];

export function createObjectivesRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async getObjective(userId: string): Promise<StoredObjective | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.objectives(userId), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      return Object.fromEntries(
        Object.entries(Item).filter(([key]) => !KEY_ATTRIBUTES.includes(key)),
      ) as StoredObjective;
    },

    /**
     * Stores the objective and, in the same transaction, points the business config at it
     * (business_objective_id, objective_template), which completes setup step 6. Returns undefined, writing
     * nothing, when the owner has no config.
     */
    async saveObjective(userId: string, objective: StoredObjective): Promise<StoredObjective | undefined> {
      const timestamp = now().toISOString();
      const configNames: Record<string, string> = { '#id': 'business_objective_id', '#at': 'updated_at' };
      const configValues: Record<string, unknown> = {
        ':id': objective.id,
        ':at': timestamp,
        ':bid': objective.business_id,
      };
      let configUpdate = 'SET #id = :id, #at = :at';
      if (objective.template_id) {
        configNames['#tpl'] = 'objective_template';
        configValues[':tpl'] = objective.template_id;
        configUpdate += ', #tpl = :tpl';
      }
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.businessConfig(userId),
                  UpdateExpression: configUpdate,
                  // The objective belongs to this owner's business only.
                  ConditionExpression: 'attribute_exists(pk) AND business_id = :bid',
                  ExpressionAttributeNames: configNames,
                  ExpressionAttributeValues: configValues,
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...objective, ...keys.objectives(userId), updated_at: timestamp },
                },
              },
            ],
          }),
        );
        return objective;
      } catch (error) {
        if (transactionConditionFailures(error)?.[0]) return undefined;
        throw error;
      }
    },
  };
}
export type ObjectivesRepository = ReturnType<typeof createObjectivesRepository>;
