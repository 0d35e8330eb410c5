import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createDynamoClients } from '../../backend/src/platform/dynamo/dynamo-client';
import { keys } from '../../backend/src/platform/dynamo/keys';

/**
 * The cold-init floor the API Lambda is compared with (lambda_bundle stage): a bare handler that creates
 * the same DynamoDB document client at module load and does one GetItem per invocation. Bundled with the
 * stack's esbuild options, so the difference to the app is the app's own code and dependencies.
 */
const { doc } = createDynamoClients({
  region: process.env.AWS_REGION ?? 'us-east-1',
  endpoint: process.env.DYNAMODB_ENDPOINT,
});
const tableName = process.env.TABLE_NAME ?? 'bench';

export const handler = async (event: { userId?: string }) => {
  const { Item } = await doc.send(
    new GetCommand({ TableName: tableName, Key: keys.businessConfig(event.userId ?? 'bench-owner') }),
  );
  return { statusCode: Item ? 200 : 404, body: JSON.stringify(Item ?? { error: 'not_found' }) };
};
