import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionStatus } from '@shared/schemas/subscription';
import type { ProviderSubscription } from '../../../providers/payments/port';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/** How long a processed webhook event id is remembered (Stripe retries for up to 3 days). */
const WEBHOOK_EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

const isoFromSeconds = (seconds: number | null) =>
  seconds === null ? null : new Date(seconds * 1000).toISOString();

export const NO_SUBSCRIPTION: SubscriptionStatus = {
  status: 'none',
  plan_id: null,
  price_id: null,
  current_period_end: null,
  trial_end: null,
  cancel_at_period_end: false,
  stripe_subscription_id: null,
  trial_used: false,
};

type StoredSubscription = SubscriptionStatus & {
  customer_id: string;
  synced_at: string;
  trial_completed_at?: string;
};

/**
 * An owner's subscription as last read from the payment provider, the customer that pays for it, and the
 * webhook event ids already handled. Webhooks only ever write what the provider says now.
 */
export function createSubscriptionRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  return {
    async getSubscription(userId: string): Promise<SubscriptionStatus> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.subscription(userId) }),
      );
      if (!Item) return NO_SUBSCRIPTION;
      const stored = Item as StoredSubscription;
      return {
        status: stored.status,
        plan_id: stored.plan_id ?? null,
        price_id: stored.price_id ?? null,
        current_period_end: stored.current_period_end ?? null,
        trial_end: stored.trial_end ?? null,
        cancel_at_period_end: stored.cancel_at_period_end ?? false,
        stripe_subscription_id: stored.stripe_subscription_id ?? null,
        trial_used: stored.trial_used ?? false,
      };
    },

    /**
     * Stores the provider's current view of a subscription. A late event about an older subscription never
     * replaces a different one that is active or trialing. Returns whether it was stored and whether the
     * trial completed just now (active after a trial that has ended, reported once per subscription).
     */
    async syncFromProvider(
      userId: string,
      subscription: ProviderSubscription,
    ): Promise<{ stored: boolean; trialCompleted: boolean }> {
      const at = now();
      const item = {
        ...keys.subscription(userId),
        status: subscription.status,
        plan_id: subscription.planName,
        price_id: subscription.priceId,
        current_period_end: isoFromSeconds(subscription.currentPeriodEnd),
        trial_end: isoFromSeconds(subscription.trialEnd),
        cancel_at_period_end: subscription.cancelAtPeriodEnd,
        stripe_subscription_id: subscription.id,
        customer_id: subscription.customerId,
        synced_at: at.toISOString(),
        // Set by any subscription with a trial and never cleared by a later one without.
        ...(subscription.trialEnd !== null ? { trial_used: true } : {}),
      };
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.subscription(userId),
            UpdateExpression: `SET ${Object.keys(item)
              .filter((k) => k !== 'pk' && k !== 'sk')
              .map((k) => `#${k} = :${k}`)
              .join(', ')}`,
            ConditionExpression:
              'attribute_not_exists(pk) OR #stripe_subscription_id = :stripe_subscription_id OR NOT (#status IN (:active, :trialing))',
            ExpressionAttributeNames: Object.fromEntries(
              Object.keys(item)
                .filter((k) => k !== 'pk' && k !== 'sk')
                .map((k) => [`#${k}`, k]),
            ),
            ExpressionAttributeValues: {
              ...Object.fromEntries(
                Object.entries(item)
                  .filter(([k]) => k !== 'pk' && k !== 'sk')
                  .map(([k, v]) => [`:${k}`, v]),
              ),
              ':active': 'active',
              ':trialing': 'trialing',
            },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) return { stored: false, trialCompleted: false };
        throw error;
      }
      const trialOver =
        subscription.status === 'active' &&
        subscription.trialEnd !== null &&
        subscription.trialEnd * 1000 <= at.getTime();
      if (!trialOver) return { stored: true, trialCompleted: false };
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.subscription(userId),
            UpdateExpression: 'SET trial_completed_at = :at, trial_completed_subscription = :id',
            ConditionExpression:
              'attribute_not_exists(trial_completed_at) OR trial_completed_subscription <> :id',
            ExpressionAttributeValues: { ':at': at.toISOString(), ':id': subscription.id },
          }),
        );
        return { stored: true, trialCompleted: true };
      } catch (error) {
        if (isConditionFailure(error)) return { stored: true, trialCompleted: false };
        throw error;
      }
    },

    async getCustomerId(userId: string): Promise<string | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.billingCustomer(userId) }),
      );
      return Item?.customer_id as string | undefined;
    },

    /** Links the owner to a provider customer once; a second link keeps (and returns) the first. */
    async linkCustomer(userId: string, customerId: string): Promise<string> {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.billingCustomer(userId),
              customer_id: customerId,
              created_at: now().toISOString(),
              gsi1pk: keys.billingCustomerOwner(customerId),
              gsi1sk: 'OWNER',
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return customerId;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return (await this.getCustomerId(userId))!;
      }
    },

    async ownerOfCustomer(customerId: string): Promise<string | undefined> {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': keys.billingCustomerOwner(customerId), ':sk': 'OWNER' },
          Limit: 1,
        }),
      );
      const pk = Items[0]?.pk as string | undefined;
      return pk?.startsWith('USER#') ? pk.slice('USER#'.length) : undefined;
    },

    async selectPlan(userId: string, priceId: string) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.planSelection(userId), price_id: priceId, selected_at: now().toISOString() },
        }),
      );
    },

    async getSelectedPriceId(userId: string): Promise<string | undefined> {
      const { Item } = await doc.send(
        new GetCommand({ TableName: tableName, Key: keys.planSelection(userId) }),
      );
      return Item?.price_id as string | undefined;
    },

    /**
     * Takes the owner's checkout lock for one checkout request (identified by its fingerprint). Requests
     * with the same fingerprint share it (a double click gets the same provider session); a different one
     * is refused while the lease runs. Returns the session the previous checkout left open, to expire, or
     * undefined when another checkout holds the lock.
     */
    async claimCheckoutLock(
      userId: string,
      fingerprint: string,
      leaseSeconds: number,
    ): Promise<{ previousSessionId?: string; previousFingerprint?: string } | undefined> {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      try {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.checkoutLock(userId),
            UpdateExpression: 'SET lease_until = :until, lease_fingerprint = :fingerprint',
            ConditionExpression:
              'attribute_not_exists(pk) OR lease_until < :now OR lease_fingerprint = :fingerprint',
            ExpressionAttributeValues: {
              ':until': nowSeconds + leaseSeconds,
              ':now': nowSeconds,
              ':fingerprint': fingerprint,
            },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return {
          ...(Attributes?.session_id ? { previousSessionId: Attributes.session_id as string } : {}),
          ...(Attributes?.session_fingerprint
            ? { previousFingerprint: Attributes.session_fingerprint as string }
            : {}),
        };
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    /**
     * Records the session the lock holder opened and ends the lease; false when the lease was lost
     * meanwhile (a provider call slower than the lease, and another checkout took over).
     */
    async recordCheckoutSession(userId: string, fingerprint: string, sessionId: string): Promise<boolean> {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.checkoutLock(userId),
            UpdateExpression:
              'SET session_id = :session, session_fingerprint = :fingerprint, lease_until = :zero, opened_at = :at',
            ConditionExpression: 'lease_fingerprint = :fingerprint',
            ExpressionAttributeValues: {
              ':session': sessionId,
              ':fingerprint': fingerprint,
              ':zero': 0,
              ':at': now().toISOString(),
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Ends the lease after a failed checkout; a lease taken over meanwhile is left alone. */
    async releaseCheckoutLock(userId: string, fingerprint: string) {
      try {
        await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.checkoutLock(userId),
            UpdateExpression: 'SET lease_until = :zero',
            ConditionExpression: 'lease_fingerprint = :fingerprint',
            ExpressionAttributeValues: { ':zero': 0, ':fingerprint': fingerprint },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /** Claims a webhook event id; false when it was already claimed (a repeated delivery). */
    /**
     * Claims an event so a repeated delivery has one effect. 'reclaimed' means an earlier delivery of the
     * same event failed and released its claim: the caller then clears the recorded failure, and only then
     * (a success after no failure costs no extra write).
     */
    async claimWebhookEvent(
      provider: string,
      eventId: string,
      type: string,
    ): Promise<'claimed' | 'reclaimed' | 'duplicate'> {
      try {
        const { Attributes } = await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.webhookEvent(provider, eventId),
              type,
              received_at: now().toISOString(),
              expires_at: Math.floor(now().getTime() / 1000) + WEBHOOK_EVENT_TTL_SECONDS,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR released = :released',
            ExpressionAttributeValues: { ':released': true },
            ReturnValues: 'ALL_OLD',
          }),
        );
        return Attributes ? 'reclaimed' : 'claimed';
      } catch (error) {
        if (isConditionFailure(error)) return 'duplicate';
        throw error;
      }
    },

    /** Releases a claim when handling failed, so the provider's retry (or a replay) is handled again. */
    async releaseWebhookEvent(provider: string, eventId: string) {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.webhookEvent(provider, eventId),
          UpdateExpression: 'SET released = :released',
          ExpressionAttributeValues: { ':released': true },
        }),
      );
    },
  };
}
export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
