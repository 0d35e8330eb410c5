import type { RegistrationRefs } from '../../../providers/messaging-registration/port';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type {
  BrandType,
  BusinessRegistrationDetails,
  RegistrationFailure,
  RegistrationState,
} from '@shared/schemas/messaging-registration';
import { keys } from '../../../platform/dynamo/keys';
import { isConditionFailure } from '../../../platform/dynamo/condition-failures';

/** The provider's ids of what a registration created (Twilio: BU…, BN…, MG…, QE…); never sent to the browser. */
export type { RegistrationRefs };

/**
 * One owner's A2P 10DLC registration as stored (docs/decisions/169-a2p-10dlc-registration.md). `version`
 * grows by one on every write, and every write is conditional on the version it read, so a status callback
 * and an owner's resubmission never overwrite each other's state.
 */
export type StoredRegistration = {
  state: RegistrationState;
  details?: BusinessRegistrationDetails;
  brandType?: BrandType;
  failure?: RegistrationFailure;
  submittedAt?: string;
  updatedAt: string;
  refs: RegistrationRefs;
  /** In review again after a fix (the state to return to after the sole proprietor's verification). */
  resubmission?: boolean;
  /** Set once the registry verified a sole proprietor's mobile (the contact replied YES). */
  identityVerified?: boolean;
  /**
   * The assistant number we last put into the owner's messaging service (E.164); while set, US texts leave
   * only from it. Absent on registrations from before it was recorded (their number joined with the campaign).
   */
  serviceNumber?: string;
  /** A number the owner changed to that is not in the messaging service yet: its US texts wait (decision 169). */
  awaitingNumber?: string;
  /** How the registration came to be approved outside the flow (decision 169's migration rule). */
  approvedBy?: 'operator' | 'seed';
  version: number;
};

export function createMessagingRegistrationRepository(doc: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Strongly consistent: the outbound-text gate must see an approval as soon as it is stored. */
    async get(ownerId: string): Promise<StoredRegistration | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.messagingRegistration(ownerId),
          ConsistentRead: true,
        }),
      );
      if (!Item) return undefined;
      const { pk: _pk, sk: _sk, ...stored } = Item;
      return stored as StoredRegistration;
    },

    /**
     * Writes the next registration if the stored one is still at `expectedVersion` (undefined: none stored
     * yet); false when another write came first (the caller reads again and decides again).
     */
    async save(
      ownerId: string,
      next: Omit<StoredRegistration, 'version'>,
      expectedVersion: number | undefined,
    ) {
      try {
        await doc.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...keys.messagingRegistration(ownerId),
              ...next,
              version: (expectedVersion ?? 0) + 1,
            },
            ConditionExpression:
              expectedVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :version',
            ...(expectedVersion === undefined
              ? {}
              : { ExpressionAttributeValues: { ':version': expectedVersion } }),
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /**
     * Decision 169's migration and seed rule: an owner registered outside the product (by the operator in
     * Twilio's console) or a seeded demo/test owner is marked approved, with who did it. Retried on a lost
     * race; what the registration held otherwise is kept.
     */
    async markApproved(ownerId: string, by: 'operator' | 'seed', at: string): Promise<StoredRegistration> {
      for (let attempt = 0; attempt < 4; attempt++) {
        const current = await this.get(ownerId);
        const { version: _version, ...rest } = current ?? { refs: {}, version: undefined };
        const next = { ...rest, state: 'approved' as const, approvedBy: by, updatedAt: at };
        if (await this.save(ownerId, next, current?.version)) {
          return { ...next, version: (current?.version ?? 0) + 1 };
        }
      }
      throw new Error('The messaging registration kept changing while it was approved');
    },

    /** Remembers whose a brand is, before any callback about it can arrive. */
    async linkBrand(brandSid: string, ownerId: string) {
      await doc.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...keys.messagingBrandOwner(brandSid), owner_id: ownerId, brand_sid: brandSid },
        }),
      );
    },

    async ownerOfBrand(brandSid: string): Promise<string | undefined> {
      const { Item } = await doc.send(
        new GetCommand({
          TableName: tableName,
          Key: keys.messagingBrandOwner(brandSid),
          ConsistentRead: true,
        }),
      );
      return Item?.owner_id as string | undefined;
    },
  };
}
export type MessagingRegistrationRepository = ReturnType<typeof createMessagingRegistrationRepository>;
