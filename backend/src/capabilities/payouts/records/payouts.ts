import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DepositSettings } from '@shared/schemas/get-paid';
import { payoutStateOf, type PayoutAccountFlags, type PayoutState } from '@shared/get-paid';
import { keys } from '../../../platform/dynamo/keys';
import { transactWithSetupSources } from '../../../platform/dynamo/setup-sources';

/** The provider's view of a connected account that we keep (refreshed on every account.updated). */
export type PayoutAccountSnapshot = PayoutAccountFlags & { requirements_due: string[] };

export type Payouts = Partial<PayoutAccountSnapshot> & {
  account_id?: string;
  settings?: DepositSettings;
  /** Deposits paid into the account minus those refunded, all time (cents). */
  collected_cents: number;
  updated_at?: string;
};

/** Where the owner's stored account stands ('not_started' before one was created). */
export const payoutStateOfItem = (payouts: Payouts | undefined): PayoutState =>
  payouts?.account_id
    ? payoutStateOf({
        details_submitted: payouts.details_submitted ?? false,
        charges_enabled: payouts.charges_enabled ?? false,
        payouts_enabled: payouts.payouts_enabled ?? false,
      })
    : 'not_started';

/**
 * The owner's Stripe Connect account and deposit settings (issue 12 §3, docs/decisions/150). One item
 * `USER#<sub> / PAYOUTS`; the account id is claimed once, together with its reverse item
 * `PAYOUTACCOUNT#<acct> / OWNER` in one transaction, so two parallel onboarding starts keep one account and
 * a webhook naming an account finds its owner by key.
 */
export function createPayoutRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const store = { doc, tableName };
  return {
    async get(ownerId: string): Promise<Payouts> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.payouts(ownerId), ConsistentRead: true }),
      );
      if (!Item) return { collected_cents: 0 };
      const { pk: _pk, sk: _sk, ...rest } = Item;
      return { ...rest, collected_cents: Number(rest.collected_cents ?? 0) } as Payouts;
    },

    /**
     * Records the owner's account id once. 'claimed' for the first, 'same' when this id is already theirs,
     * 'other' (with the id kept) when a parallel start claimed a different account first.
     */
    async claimAccount(
      ownerId: string,
      accountId: string,
    ): Promise<{ result: 'claimed' | 'same' | 'other'; accountId: string }> {
      const at = now().toISOString();
      // A new account cannot take payments yet: the config's setup sources say so in the same transaction.
      const claimed = await transactWithSetupSources(store, ownerId, { payouts_ready: false }, [
        {
          Update: {
            TableName: tableName,
            Key: keys.payouts(ownerId),
            UpdateExpression:
              'SET account_id = :a, details_submitted = :f, charges_enabled = :f, payouts_enabled = :f, requirements_due = :none, updated_at = :at',
            ConditionExpression: 'attribute_not_exists(account_id)',
            ExpressionAttributeValues: { ':a': accountId, ':f': false, ':none': [], ':at': at },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: { ...keys.payoutAccountOwner(accountId), owner_id: ownerId, created_at: at },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ]);
      if (claimed) return { result: 'claimed', accountId };
      const held = (await this.get(ownerId)).account_id;
      if (!held) throw new Error(`Payout account ${accountId} is already another owner's`);
      return { result: held === accountId ? 'same' : 'other', accountId: held };
    },

    /**
     * Stores the provider's current flags for the owner's account, and whether it can take deposits on the
     * config's setup sources in the same transaction (docs/decisions/187-config-one-read.md); false when it
     * is not their account.
     */
    async syncAccount(ownerId: string, accountId: string, snapshot: PayoutAccountSnapshot): Promise<boolean> {
      return transactWithSetupSources(
        store,
        ownerId,
        { payouts_ready: payoutStateOf(snapshot) === 'ready' },
        [
          {
            Update: {
              TableName: tableName,
              Key: keys.payouts(ownerId),
              UpdateExpression:
                'SET details_submitted = :d, charges_enabled = :c, payouts_enabled = :p, requirements_due = :r, updated_at = :at',
              ConditionExpression: 'account_id = :a',
              ExpressionAttributeValues: {
                ':a': accountId,
                ':d': snapshot.details_submitted,
                ':c': snapshot.charges_enabled,
                ':p': snapshot.payouts_enabled,
                ':r': snapshot.requirements_due.slice(0, 50),
                ':at': now().toISOString(),
              },
            },
          },
        ],
      );
    },

    /** Whose connected account this is (undefined for an account we never created). */
    async ownerOfAccount(accountId: string): Promise<string | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.payoutAccountOwner(accountId),
          ConsistentRead: true,
        }),
      );
      return typeof Item?.owner_id === 'string' ? Item.owner_id : undefined;
    },

    /** Replaces the deposit settings as one attribute: validated whole by the route, never half-written. */
    async saveSettings(ownerId: string, settings: DepositSettings) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.payouts(ownerId),
          UpdateExpression: 'SET settings = :s, updated_at = :at',
          ExpressionAttributeValues: { ':s': settings, ':at': now().toISOString() },
        }),
      );
    },

    /** Adds a paid deposit (positive) or a refund (negative) to the all-time total. */
    async addCollected(ownerId: string, cents: number) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.payouts(ownerId),
          UpdateExpression: 'ADD collected_cents :c',
          ExpressionAttributeValues: { ':c': cents },
        }),
      );
    },
  };
}
export type PayoutRepository = ReturnType<typeof createPayoutRepository>;
