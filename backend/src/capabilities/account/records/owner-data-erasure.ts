import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll, writeInBatches } from '../../../platform/dynamo/batch-write';
import {
  API_KEY_PREFIX_SK,
  APPOINTMENT_PREFIX,
  CONVERSATION_PREFIX,
  keys,
  userKey,
} from '../../../platform/dynamo/keys';
import { APP_TABLE } from '../../../platform/dynamo/table-definition';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

/**
 * Account deletion's data step (issue 10 §7): every item of the owner, found by key or index, never by Scan
 * (docs/data-model.md lists them):
 * - everything under `USER#<sub>`: config and its phone mirror, subscription and billing link, plan choice,
 *   engagement answers, objectives, calendar connections (encrypted tokens) and bot calendar, referrals as
 *   referrer with their code, counters and e-mail claims, conversations, threads, appointments, messages,
 *   lapsed notices, locks and revocations;
 * - items keyed elsewhere that point at the owner: the phone reservations (gsi1 `PHONE_HOLDER#`), the
 *   referral-code claim, the link as a referee, the engine states of the owner's conversations, the deposit
 *   sessions of their appointments, the connected payout account's owner lookup (`PAYOUTACCOUNT#`), the
 *   A2P brand's owner lookup (`A2PBRAND#`), the Business Calendar feed's token lookup, pending OAuth states (gsi1
 *   `OAUTHSTATE_OWNER#`), the API keys' hash lookups (`APIKEY#<hash>`), and the waitlist entries of the
 *   account's e-mail.
 * The items found through the partition go first and the partition last, so a retry after a failure still
 * finds them. Left on purpose: STOP opt-outs (a caller's choice, as in caller erasure) and items that expire
 * within days by TTL without an owner index (handled inbound SMS ids, relay sockets, rate windows).
 */
export function createOwnerDataErasure(doc: DynamoDBDocumentClient, tableName: string) {
  const partition = async (ownerId: string) => {
    const items: Item[] = [];
    for await (const item of queryAll(doc, {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': userKey(ownerId) },
      ConsistentRead: true,
    }))
      items.push(item);
    return items;
  };

  const byIndex = async (gsi1pk: string) => {
    const items: Item[] = [];
    for await (const item of queryAll(doc, {
      TableName: tableName,
      IndexName: APP_TABLE.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
    }))
      items.push(item);
    return items;
  };

  /** Keys outside the partition that the partition's items name. */
  const pointedAt = (ownerId: string, items: Item[]): Key[] => {
    const found: Key[] = [keys.refereeLink(ownerId)];
    for (const item of items) {
      const sk = String(item.sk);
      if (sk === keys.referralCode(ownerId).sk && typeof item.code === 'string') {
        found.push(keys.referralCodeClaim(item.code));
      } else if (sk.startsWith(CONVERSATION_PREFIX) && typeof item.id === 'string') {
        found.push(keys.conversationState(item.id));
      } else if (sk.startsWith('THREAD#') && typeof item.conversation_id === 'string') {
        found.push(keys.conversationState(item.conversation_id));
      } else if (sk === keys.payouts(ownerId).sk && typeof item.account_id === 'string') {
        found.push(keys.payoutAccountOwner(item.account_id));
      } else if (sk === keys.messagingRegistration(ownerId).sk) {
        const brandSid = (item.refs as { brandSid?: unknown } | undefined)?.brandSid;
        if (typeof brandSid === 'string' && brandSid) found.push(keys.messagingBrandOwner(brandSid));
      } else if (sk.startsWith(API_KEY_PREFIX_SK) && typeof item.key_hash === 'string') {
        found.push(keys.apiKeyLookup(item.key_hash));
      } else if (sk === keys.calendarFeed(ownerId).sk && typeof item.token_hash === 'string') {
        found.push(keys.calendarFeedToken(item.token_hash));
      } else if (sk.startsWith(APPOINTMENT_PREFIX)) {
        const session = (item.deposit as { checkout_session_id?: unknown } | null | undefined)
          ?.checkout_session_id;
        if (typeof session === 'string' && session) found.push(keys.depositSession(session));
      }
    }
    return found;
  };

  const deleteKeys = async (all: Key[]) => {
    const unique = new Map(all.map((key) => [`${key.pk}\u0000${key.sk}`, key]));
    await writeInBatches(
      doc,
      tableName,
      [...unique.values()].map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })),
    );
    return unique.size;
  };

  /** A waitlist entry goes only when it is this owner's (beta: recorded with their id). */
  const deleteWaitlists = async (ownerId: string, email: string) => {
    const entries = [
      { key: keys.waitlistEntry('BETA', email), condition: 'user_id = :me' },
      { key: keys.waitlistEntry('INTERNATIONAL', email), condition: 'attribute_exists(pk)' },
    ];
    let deleted = 0;
    for (const { key, condition } of entries) {
      try {
        await doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: key,
            ConditionExpression: condition,
            ...(condition.includes(':me') ? { ExpressionAttributeValues: { ':me': ownerId } } : {}),
          }),
        );
        deleted += 1;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    return deleted;
  };

  return {
    /** Deletes everything the owner has in the table; returns how many items went. Safe to repeat. */
    async erase(ownerId: string, email: string | undefined): Promise<number> {
      const [owned, reservations, oauthStates] = await Promise.all([
        partition(ownerId),
        byIndex(keys.phoneHolder(ownerId)),
        byIndex(keys.oauthStateOwner(ownerId)),
      ]);
      const elsewhere = [
        ...pointedAt(ownerId, owned),
        ...[...reservations, ...oauthStates].map((item) => ({ pk: String(item.pk), sk: String(item.sk) })),
      ];
      let deleted = await deleteKeys(elsewhere);
      if (email) deleted += await deleteWaitlists(ownerId, email.toLowerCase());
      deleted += await deleteKeys(owned.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
      return deleted;
    },
  };
}
export type OwnerDataErasure = ReturnType<typeof createOwnerDataErasure>;
