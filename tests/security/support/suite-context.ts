import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { OPENAPI_PATH } from '../../../backend/src/entry/app';
import { userKey } from '../../../backend/src/platform/dynamo/keys';
import { SAMPLE_BUSINESS_INFO } from '../../support/api-calls';
import { createConfirmedUser } from '../../support/cognito-users';
import { createTestApp } from '../../support/test-app';
import { operationsOf, type OpenApiDocument } from './openapi-operations';
import { createSummary } from './summary';

/**
 * One app on the run's DynamoDB Local and cognito-local, two owners with a business config each (the
 * attacker and the victim), the documented operations and the summary every section records into.
 */
export async function createSuiteContext() {
  const testApp = await createTestApp();
  const { app, services, doc, tableName } = testApp;
  const [owner, victim] = await Promise.all([
    createConfirmedUser(services, 'sec-owner'),
    createConfirmedUser(services, 'sec-victim'),
  ]);
  // Each with its own business phone, so a look-up by phone cannot find one's own config by accident.
  for (const [user, phone] of [
    [owner, '(415) 555-0142'],
    [victim, '(415) 555-0199'],
  ] as const) {
    const created = await app.request(`/oauth/users/${user.sub}/config`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.tokens.IdToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...SAMPLE_BUSINESS_INFO, phone_number: phone }),
    });
    if (created.status !== 201) throw new Error(`config for ${user.email}: ${created.status}`);
  }
  const openapi = (await (await app.request(OPENAPI_PATH)).json()) as OpenApiDocument;

  /** Every item stored under the owner's partition, as JSON: what "nothing changed" compares. */
  const ownerItems = async (sub: string) => {
    const items: unknown[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': userKey(sub) },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return JSON.stringify(items);
  };

  return {
    ...testApp,
    owner,
    victim,
    operations: operationsOf(openapi),
    ownerItems,
    summary: createSummary(),
  };
}
export type SuiteContext = Awaited<ReturnType<typeof createSuiteContext>>;

/** `METHOD /documented/path`, the route's name in the summary. */
export const routeName = (operation: { method: string; path: string }) =>
  `${operation.method} ${operation.path}`;

/** A request with an optional bearer token and JSON body, answered by the app in process. */
export function send(
  ctx: Pick<SuiteContext, 'app'>,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  rawBody?: string,
) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const text = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  if (text !== undefined) headers['Content-Type'] = 'application/json';
  return ctx.app.request(path, { method, headers, ...(text !== undefined ? { body: text } : {}) });
}
