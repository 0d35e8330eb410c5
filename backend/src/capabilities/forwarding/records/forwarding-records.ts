import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ForwardingChoice, ForwardingRecord } from '@shared/schemas/forwarding';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/** The config fields the forwarding status is computed from. */
export type ForwardingConfig = {
  phone_number?: string;
  assistant_phone?: string;
  forwarding?: ForwardingRecord;
};

/**
 * The `forwarding` map of the owner's config item (docs/decisions/172-forwarding.md). This capability is
 * its only writer; every write sets fields inside the map with one conditional update, so the guide's
 * choice and the webhook's sightings never overwrite each other, and parallel forwarded calls keep the
 * first verifiedAt. A map that does not exist yet is created by a second conditional update (only if it
 * is still missing), after which the first is tried again.
 */
export function createForwardingRepository(doc: DynamoDBDocumentClient, tableName: string) {
  const key = (userId: string) => keys.businessConfig(userId);

  const read = async (userId: string): Promise<ForwardingConfig | undefined> => {
    const { Item } = await doc.send(
      new GetCommand({
        TableName: tableName,
        Key: key(userId),
        ConsistentRead: true,
        ProjectionExpression: 'pk, phone_number, assistant_phone, forwarding',
      }),
    );
    if (!Item) return undefined;
    const { phone_number, assistant_phone, forwarding } = Item as ForwardingConfig;
    return { phone_number, assistant_phone, forwarding };
  };

  /**
   * Sets `fields` inside the map (`keepFirst` ones only when unset) if `guard` holds on the existing map.
   * Returns the config after the write, 'guarded' when the guard refused it, undefined without a config.
   */
  async function setInMap(
    userId: string,
    fields: Record<string, string>,
    options: {
      keepFirst?: readonly string[];
      /** A condition on the existing map, in DynamoDB's words and in code (to tell a refusal from a race). */
      guard?: {
        expression: string;
        values: Record<string, string>;
        holds: (record: ForwardingRecord) => boolean;
      };
    },
  ): Promise<ForwardingConfig | 'guarded' | undefined> {
    const entries = Object.entries(fields);
    const names = Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name]));
    const values = Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value]));
    const sets = entries.map(([name], i) =>
      options.keepFirst?.includes(name)
        ? `#fw.#f${i} = if_not_exists(#fw.#f${i}, :v${i})`
        : `#fw.#f${i} = :v${i}`,
    );
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: `attribute_exists(#fw)${options.guard ? ` AND (${options.guard.expression})` : ''}`,
            ExpressionAttributeNames: { '#fw': 'forwarding', ...names },
            ExpressionAttributeValues: { ...values, ...options.guard?.values },
            ReturnValues: 'ALL_NEW',
          }),
        );
        const { phone_number, assistant_phone, forwarding } = (Attributes ?? {}) as ForwardingConfig;
        return { phone_number, assistant_phone, forwarding };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const current = await read(userId);
      if (!current) return undefined;
      if (current.forwarding) {
        if (options.guard && !options.guard.holds(current.forwarding)) return 'guarded';
        // The map was created between the update and the read: try the update again.
        continue;
      }
      try {
        // No map yet: create it with these fields, only if another request has not just done so.
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(userId),
            UpdateExpression: 'SET #fw = :map',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#fw)',
            ExpressionAttributeNames: { '#fw': 'forwarding' },
            ExpressionAttributeValues: { ':map': fields },
          }),
        );
        return { ...current, forwarding: fields };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Created meanwhile by a parallel request: set the fields inside it.
      }
    }
    throw new Error('The forwarding record kept changing under the update');
  }

  return {
    /** The business line, the assistant number and the forwarding record; undefined without a config. */
    get: read,

    /** The carrier and kind the owner chose in the guide (what was verified stays verified). */
    async saveChoice(userId: string, choice: ForwardingChoice): Promise<ForwardingConfig | undefined> {
      const result = await setInMap(userId, { carrier: choice.carrier, kind: choice.kind }, {});
      return result === 'guarded' ? read(userId) : result;
    },

    /**
     * A forwarded call reached the assistant: the first one sets verifiedAt (kept by if_not_exists, so
     * parallel calls agree on it), every one moves lastSeenAt forward (never back, should an older call's
     * webhook arrive late) and says which line forwarded it.
     */
    async recordForwardedCall(
      userId: string,
      call: { forwardedFrom: string; at: Date },
    ): Promise<ForwardingConfig | undefined> {
      const at = call.at.toISOString();
      const result = await setInMap(
        userId,
        { verifiedAt: at, lastSeenAt: at, forwardedFrom: call.forwardedFrom },
        {
          keepFirst: ['verifiedAt'],
          guard: {
            expression: 'attribute_not_exists(#fw.lastSeenAt) OR #fw.lastSeenAt <= :at',
            values: { ':at': at },
            holds: (record) => !record.lastSeenAt || record.lastSeenAt <= at,
          },
        },
      );
      return result === 'guarded' ? read(userId) : result;
    },
  };
}
export type ForwardingRepository = ReturnType<typeof createForwardingRepository>;
