import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { LambdaName } from './lambda-bundling';

/** The DynamoDB actions a function's role may be given on the app table. */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

/**
 * What the app's repositories send: reads by key and by query (the table and GSI1), writes one item at a
 * time, in batches and in transactions (which IAM authorizes item by item: Put, Update, Delete and
 * ConditionCheck). Never Scan, DescribeTable or the stream actions that grantReadWriteData would add.
 */
const REPOSITORY_ACTIONS: readonly TableAction[] = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/**
 * Each function's table actions: exactly the DynamoDB commands its bundle contains, which
 * infra/table-access.test.ts derives from each bundle's esbuild metafile, so a function that starts sending
 * a new command (or stops) fails that test until this list follows. Today every bundle holds every
 * repository, because createAppDeps builds them all for every surface, so the four lists are the same
 * (docs/decisions/161-least-privilege-and-tracing.md).
 */
export const TABLE_ACTIONS: Record<LambdaName, readonly TableAction[]> = {
  api: REPOSITORY_ACTIONS,
  telephony: REPOSITORY_ACTIONS,
  websocket: REPOSITORY_ACTIONS,
  notifications: REPOSITORY_ACTIONS,
};

/** Grants a function its table actions, on the table and its indexes. */
export function grantTableAccess(table: ITable, name: LambdaName, grantee: IGrantable): void {
  table.grant(grantee, ...TABLE_ACTIONS[name]);
}
