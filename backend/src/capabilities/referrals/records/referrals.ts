import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Referral } from '@shared/schemas/referral';
import { MAX_PENDING_REFERRALS, normalizeEmail, pendingCount } from '@shared/referrals';
import { APP_TABLE } from '../../../platform/dynamo/table-definition';
import { keys, REFERRAL_PREFIX } from '../../../platform/dynamo/keys';
import {
  isConditionFailure,
  transactionConditionFailures,
  unlessConditionFails,
} from '../../../platform/dynamo/condition-failures';

/** Unambiguous characters (no 0/O, 1/I/L), so a code read aloud or retyped still works. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const CODE_ATTEMPTS = 5;

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const toReferral = (item: Record<string, unknown>): Referral => ({
  referral_id: item.referral_id as string,
  referee_email: item.referee_email as string,
  referrer_name: item.referrer_name as string,
  referral_code: item.referral_code as string,
  referee_cognito_id: (item.referee_cognito_id as string | undefined) ?? null,
  status: item.status as Referral['status'],
  created_at: item.created_at as string,
  trial_started_at: (item.trial_started_at as string | undefined) ?? null,
  completed_at: (item.completed_at as string | undefined) ?? null,
  credit_amount: (item.credit_amount as number | undefined) ?? 0,
  credit_status:
    (item.credit_status as Referral['credit_status'] | undefined) ??
    (item.status === 'complete' ? 'waiting' : 'none'),
  credit_invoice_id: (item.credit_invoice_id as string | undefined) ?? null,
});

/** A referral's credit as the ledger keeps it: what of it invoices have used, and when it was credited. */
export type ReferralCredit = Referral & { credit_used: number; credited_at: string | null };
const toReferralCredit = (item: Record<string, unknown>): ReferralCredit => ({
  ...toReferral(item),
  credit_used: (item.credit_used as number | undefined) ?? 0,
  credited_at: (item.credited_at as string | undefined) ?? null,
});

export const emailHash = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');

export type NewReferral = { refereeEmail: string; referrerName: string; code: string };
export type StatusChange =
  { outcome: 'done'; referral: Referral } | { outcome: 'not_found' } | { outcome: 'not_pending' };

/**
 * Referrals (spec §3): one item per referral under the referrer, the referrer's one code (kept unique by a
 * claim item), and for a referee who signed up, a link item naming the referral they came through.
 * Status moves only forward: no_response → trial → complete, or no_response → cancelled.
 */
export function createReferralRepository(
  doc: DynamoDBDocumentClient,
  tableName: string,
  now: () => Date = () => new Date(),
) {
  const getItem = async (key: Record<string, string>) =>
    (await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

  const referralItem = (referrerId: string, referral: Referral) => ({
    ...keys.referral(referrerId, referral.referral_id),
    ...keys.referralByCodeIndex(
      referral.referral_code,
      normalizeEmail(referral.referee_email),
      referral.referral_id,
    ),
    referrer_id: referrerId,
    ...referral,
  });

  /** no_response → another status, for the referrer's own referral only. */
  async function leavePending(
    referrerId: string,
    referralId: string,
    set: string,
    values: Record<string, unknown>,
  ): Promise<StatusChange> {
    try {
      const { Attributes } = await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.referral(referrerId, referralId),
          UpdateExpression: set,
          ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'no_response', ...values },
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { outcome: 'done', referral: toReferral(Attributes!) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const old = (error as { Item?: Record<string, unknown> }).Item;
      return old ? { outcome: 'not_pending' } : { outcome: 'not_found' };
    }
  }

  /** The counter update of a referral leaving no_response (cancelled, or the friend signed up). */
  const pendingLeaves = (referrerId: string) => ({
    TableName: tableName,
    Key: keys.referralCounts(referrerId),
    UpdateExpression: 'ADD pending :minusOne',
    ConditionExpression: 'pending > :zero',
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  });

  /**
   * Referrers from before the counter existed get it (and their e-mail claims) from their referrals,
   * once; afterwards every change keeps it exact inside its transaction.
   */
  async function ensureCounters(referrerId: string) {
    if (await getItem(keys.referralCounts(referrerId))) return;
    const existing = await repository.list(referrerId);
    for (const referral of existing.filter((r) => r.status !== 'cancelled')) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...keys.referralEmailClaim(referrerId, normalizeEmail(referral.referee_email)),
            referral_id: referral.referral_id,
          },
        }),
      );
    }
    try {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.referralCounts(referrerId), pending: pendingCount(existing) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  const repository = {
    /** The owner's referral code, created once (a collision with another owner's code draws again). */
    async codeFor(userId: string): Promise<string> {
      const existing = await getItem(keys.referralCode(userId));
      if (existing) return existing.code as string;
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
        const code = newCode();
        const at = now().toISOString();
        try {
          await doc.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Put: {
                    TableName: tableName,
                    Item: { ...keys.referralCode(userId), code, created_at: at },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
                {
                  Put: {
                    TableName: tableName,
                    Item: { ...keys.referralCodeClaim(code), owner_id: userId, created_at: at },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
              ],
            }),
          );
          return code;
        } catch (error) {
          const failed = transactionConditionFailures(error);
          if (!failed) throw error;
          // A concurrent request of the same owner created it first: theirs is the code.
          if (failed[0]) return (await getItem(keys.referralCode(userId)))!.code as string;
        }
      }
      throw new Error('Could not draw a unique referral code');
    },

    async ownerOfCode(code: string): Promise<string | undefined> {
      return (await getItem(keys.referralCodeClaim(code.toUpperCase())))?.owner_id as string | undefined;
    },

    /** The referrer's referrals, newest first. */
    async list(referrerId: string): Promise<Referral[]> {
      const items: Record<string, unknown>[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await doc.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: {
              ':pk': keys.referral(referrerId, '').pk,
              ':prefix': REFERRAL_PREFIX,
            },
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return items.map(toReferral).sort((a, b) => b.created_at.localeCompare(a.created_at));
    },

    /**
     * Adds a no_response referral, atomically with its two rules (issue 10 §5): the e-mail's claim item
     * must not exist (one referral per e-mail) and the pending counter must stay within the limit. Any
     * number of parallel requests keep both.
     */
    async create(
      referrerId: string,
      input: NewReferral,
    ): Promise<{ outcome: 'created'; referral: Referral } | { outcome: 'duplicate' | 'maxPending' }> {
      await ensureCounters(referrerId);
      const referral: Referral = {
        referral_id: randomUUID(),
        referee_email: normalizeEmail(input.refereeEmail),
        referrer_name: input.referrerName,
        referral_code: input.code,
        referee_cognito_id: null,
        status: 'no_response',
        created_at: now().toISOString(),
        trial_started_at: null,
        completed_at: null,
        credit_amount: 0,
        credit_status: 'none',
        credit_invoice_id: null,
      };
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: referralItem(referrerId, referral),
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.referralEmailClaim(referrerId, referral.referee_email),
                    referral_id: referral.referral_id,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName,
                  Key: keys.referralCounts(referrerId),
                  UpdateExpression: 'ADD pending :one',
                  ConditionExpression: 'pending < :max',
                  ExpressionAttributeValues: { ':one': 1, ':max': MAX_PENDING_REFERRALS },
                },
              },
            ],
          }),
        );
        return { outcome: 'created', referral };
      } catch (error) {
        const failed = transactionConditionFailures(error);
        if (failed?.[1]) return { outcome: 'duplicate' };
        if (failed?.[2]) return { outcome: 'maxPending' };
        throw error;
      }
    },

    /** no_response → cancelled: the pending count drops and the e-mail may be referred again. */
    async cancel(referrerId: string, referralId: string): Promise<StatusChange> {
      await ensureCounters(referrerId);
      const at = now().toISOString();
      const current = await getItem(keys.referral(referrerId, referralId));
      if (!current) return { outcome: 'not_found' };
      if (current.status !== 'no_response') return { outcome: 'not_pending' };
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: keys.referral(referrerId, referralId),
                  UpdateExpression: 'SET #status = :cancelled, cancelled_at = :at',
                  ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':cancelled': 'cancelled',
                    ':pending': 'no_response',
                    ':at': at,
                  },
                },
              },
              { Update: pendingLeaves(referrerId) },
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.referralEmailClaim(referrerId, normalizeEmail(current.referee_email as string)),
                },
              },
            ],
          }),
        );
      } catch (error) {
        // Cancelled or moved to trial by a concurrent request: report what it is now.
        if (!transactionConditionFailures(error)) throw error;
        const latest = await getItem(keys.referral(referrerId, referralId));
        return latest ? { outcome: 'not_pending' } : { outcome: 'not_found' };
      }
      return {
        outcome: 'done',
        referral: toReferral({ ...current, status: 'cancelled', cancelled_at: at }),
      };
    },

    /** Records an invitation sent; refused unless the referral is still no_response. */
    markInvited: (referrerId: string, referralId: string, referrerName: string) =>
      leavePending(
        referrerId,
        referralId,
        'SET last_invited_at = :at, referrer_name = :name ADD invitations_sent :one',
        { ':at': now().toISOString(), ':name': referrerName, ':one': 1 },
      ),

    /** The referral a referee came through, if they signed up with a code. */
    async ofReferee(refereeId: string): Promise<{ referrerId: string; referral: Referral } | undefined> {
      const link = await getItem(keys.refereeLink(refereeId));
      if (!link) return undefined;
      const item = await getItem(keys.referral(link.referrer_id as string, link.referral_id as string));
      return item ? { referrerId: link.referrer_id as string, referral: toReferral(item) } : undefined;
    },

    /**
     * A referee signed up with the referrer's code: their no_response referral (same e-mail) moves to
     * trial; without one (the friend was never invited by e-mail, or that referral was cancelled) a
     * referral is recorded directly in trial. Once per referee: a repeat returns the first outcome.
     */
    async startTrial(input: {
      referrerId: string;
      referrerName: string;
      code: string;
      refereeId: string;
      refereeEmail: string;
    }): Promise<Referral> {
      const previous = await repository.ofReferee(input.refereeId);
      if (previous) return previous.referral;
      const email = normalizeEmail(input.refereeEmail);
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: APP_TABLE.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :code AND begins_with(gsi1sk, :email)',
          ExpressionAttributeValues: {
            ':code': keys.referralByCodeIndex(input.code, email, '').gsi1pk,
            ':email': keys.referralByCodeIndex(input.code, email, '').gsi1sk,
          },
        }),
      );
      const pending = Items.map(toReferral).find((r) => r.status === 'no_response');
      const at = now().toISOString();
      const referral: Referral = pending
        ? { ...pending, status: 'trial', referee_cognito_id: input.refereeId, trial_started_at: at }
        : {
            referral_id: randomUUID(),
            referee_email: email,
            referrer_name: input.referrerName,
            referral_code: input.code,
            referee_cognito_id: input.refereeId,
            status: 'trial',
            created_at: at,
            trial_started_at: at,
            completed_at: null,
            credit_amount: 0,
            credit_status: 'none',
            credit_invoice_id: null,
          };
      const link = {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.refereeLink(input.refereeId),
            referrer_id: input.referrerId,
            referral_id: referral.referral_id,
            linked_at: at,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
      const write = pending
        ? {
            Update: {
              TableName: tableName,
              Key: keys.referral(input.referrerId, referral.referral_id),
              UpdateExpression: 'SET #status = :trial, referee_cognito_id = :referee, trial_started_at = :at',
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':trial': 'trial',
                ':pending': 'no_response',
                ':referee': input.refereeId,
                ':at': at,
              },
            },
          }
        : {
            Put: {
              TableName: tableName,
              Item: referralItem(input.referrerId, referral),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          };
      // The referral leaves no_response (the pending count drops); its e-mail stays claimed either way.
      const rules = pending
        ? [{ Update: pendingLeaves(input.referrerId) }]
        : [
            {
              Put: {
                TableName: tableName,
                Item: {
                  ...keys.referralEmailClaim(input.referrerId, email),
                  referral_id: referral.referral_id,
                },
              },
            },
          ];
      if (pending) await ensureCounters(input.referrerId);
      try {
        await doc.send(new TransactWriteCommand({ TransactItems: [link, write, ...rules] }));
        return referral;
      } catch (error) {
        const failed = transactionConditionFailures(error);
        if (!failed) throw error;
        // A concurrent call linked this referee first, or the referral was cancelled meanwhile: retry once.
        const linked = await repository.ofReferee(input.refereeId);
        if (linked) return linked.referral;
        if (failed[1]) return repository.startTrial(input);
        throw error;
      }
    },

    /**
     * The referee's trial completed: their referral becomes complete with its credit waiting, once. The
     * referee's e-mail may earn a reward once ever (decision 164): a second trial under the same address
     * (a new account after a deletion) completes with no credit ('ineligible').
     */
    async completeTrial(
      refereeId: string,
      creditCents: number,
    ): Promise<{ referrerId: string; referral: Referral } | undefined> {
      const link = await getItem(keys.refereeLink(refereeId));
      if (!link) return undefined;
      const referrerId = link.referrer_id as string;
      const key = keys.referral(referrerId, link.referral_id as string);
      const current = await getItem(key);
      if (current?.status !== 'trial') return undefined;
      const at = now().toISOString();
      const complete = (credit: number, creditStatus: Referral['credit_status']) => ({
        TableName: tableName,
        Key: key,
        UpdateExpression:
          'SET #status = :complete, completed_at = :at, credit_amount = :credit, credit_status = :creditStatus',
        ConditionExpression: '#status = :trial',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':complete': 'complete',
          ':trial': 'trial',
          ':at': at,
          ':credit': credit,
          ':creditStatus': creditStatus,
        },
      });
      try {
        await doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: complete(creditCents, 'waiting') },
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.referralRewardEmail(emailHash(current.referee_email as string)),
                    referral_id: current.referral_id,
                    rewarded_at: at,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
      } catch (error) {
        const failed = transactionConditionFailures(error);
        if (!failed) throw error;
        if (failed[0]) return undefined; // completed by a concurrent delivery
        // The address was rewarded before: the referral completes, without a credit.
        const written = await unlessConditionFails(() =>
          doc.send(new UpdateCommand(complete(0, 'ineligible'))),
        );
        if (!written) return undefined;
      }
      return { referrerId, referral: toReferral((await getItem(key))!) };
    },

    /** Whether this e-mail has earned a referral reward before (a friend's coupon is for new friends). */
    async emailRewarded(email: string): Promise<boolean> {
      return (await getItem(keys.referralRewardEmail(emailHash(email)))) !== undefined;
    },

    /** The referrer's referrals with their ledger fields. */
    async credits(referrerId: string): Promise<ReferralCredit[]> {
      const { Items = [] } = await doc.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.referral(referrerId, '').pk, ':prefix': REFERRAL_PREFIX },
          ConsistentRead: true,
        }),
      );
      return Items.map(toReferralCredit);
    },

    /** waiting → on_balance with the provider's balance transaction; false when it was not waiting. */
    grantToBalance: (referrerId: string, referralId: string, amountCents: number, transactionId: string) =>
      unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.referral(referrerId, referralId),
            UpdateExpression:
              'SET credit_status = :onBalance, credit_amount = :amount, credit_transaction_id = :txn, credited_at = :at, credit_used = :zero',
            ConditionExpression: 'credit_status = :waiting',
            ExpressionAttributeValues: {
              ':onBalance': 'on_balance',
              ':waiting': 'waiting',
              ':amount': amountCents,
              ':txn': transactionId,
              ':at': now().toISOString(),
              ':zero': 0,
            },
          }),
        ),
      ),

    /**
     * An invoice used `usedCents` of the referrer's balance: the credits on the balance are used oldest
     * first; each fully used one is applied to that invoice. The invoice is recorded in the same
     * transaction, so a replayed invoice event counts once.
     */
    async useCredits(referrerId: string, invoiceId: string, usedCents: number): Promise<Referral[]> {
      const onBalance = (await repository.credits(referrerId))
        .filter((r) => r.credit_status === 'on_balance')
        .sort((a, b) => (a.credited_at ?? '').localeCompare(b.credited_at ?? ''));
      let left = usedCents;
      const updates: NonNullable<TransactWriteCommandInput['TransactItems']> = [];
      const applied: Referral[] = [];
      for (const credit of onBalance) {
        if (left <= 0) break;
        const use = Math.min(left, credit.credit_amount - credit.credit_used);
        left -= use;
        const full = credit.credit_used + use >= credit.credit_amount;
        updates.push({
          Update: {
            TableName: tableName,
            Key: keys.referral(referrerId, credit.referral_id),
            UpdateExpression: full
              ? 'SET credit_used = :used, credit_status = :applied, credit_invoice_id = :invoice'
              : 'SET credit_used = :used',
            ConditionExpression: 'credit_status = :onBalance AND credit_used = :before',
            ExpressionAttributeValues: {
              ':used': credit.credit_used + use,
              ':before': credit.credit_used,
              ':onBalance': 'on_balance',
              ...(full ? { ':applied': 'applied', ':invoice': invoiceId } : {}),
            },
          },
        });
        if (full) applied.push({ ...credit, credit_status: 'applied', credit_invoice_id: invoiceId });
      }
      if (updates.length === 0) return [];
      const written = await unlessConditionFails(() =>
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    ...keys.referralCreditInvoice(referrerId, invoiceId),
                    used: usedCents,
                    at: now().toISOString(),
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              ...updates.slice(0, 99),
            ],
          }),
        ),
      );
      return written ? applied : [];
    },

    /** A credit not used yet is reversed (from waiting or on_balance); false when it was not in `from`. */
    reverse: (referrerId: string, referralId: string, from: 'waiting' | 'on_balance') =>
      unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.referral(referrerId, referralId),
            UpdateExpression: 'SET credit_status = :reversed, reversed_at = :at',
            ConditionExpression: 'credit_status = :from',
            ExpressionAttributeValues: { ':reversed': 'reversed', ':from': from, ':at': now().toISOString() },
          }),
        ),
      ),

    /** The friend cancelled during the trial: their referral is cancelled (it can no longer complete). */
    async cancelTrialOf(refereeId: string): Promise<boolean> {
      const link = await getItem(keys.refereeLink(refereeId));
      if (!link) return false;
      return unlessConditionFails(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.referral(link.referrer_id as string, link.referral_id as string),
            UpdateExpression: 'SET #status = :cancelled, cancelled_at = :at',
            ConditionExpression: '#status = :trial',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':cancelled': 'cancelled',
              ':trial': 'trial',
              ':at': now().toISOString(),
            },
          }),
        ),
      );
    },
  };
  return repository;
}
export type ReferralRepository = ReturnType<typeof createReferralRepository>;
