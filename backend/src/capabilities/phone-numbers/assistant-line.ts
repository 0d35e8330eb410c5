import type { PhoneNumbersDeps } from './deps';
import type { StoredBusinessConfig } from '../setup/records/index';

export type AssistantLine = { ownerId: string; config: StoredBusinessConfig };

/**
 * Whose assistant answers a number Twilio delivered to: the owner holding its active reservation (one
 * GetItem on PHONE#<e164>), with their business config. A number nobody holds (released, or a claim whose
 * purchase never finished) answers undefined. Shared by the SMS and voice webhooks.
 */
export async function findAssistantLine(
  data: Pick<PhoneNumbersDeps['data'], 'phoneReservations' | 'businessConfigs'>,
  calledNumber: string,
): Promise<AssistantLine | undefined> {
  return findAssistantLineWith(data, calledNumber, async () => undefined);
}

/**
 * findAssistantLine, reading what else the caller needs of the owner (`alongside`) together with the
 * config: one round trip fewer on a path a caller waits on (the voice webhook reads the subscription).
 */
export async function findAssistantLineWith<T>(
  data: Pick<PhoneNumbersDeps['data'], 'phoneReservations' | 'businessConfigs'>,
  calledNumber: string,
  alongside: (ownerId: string) => Promise<T>,
): Promise<(AssistantLine & { alongside: T }) | undefined> {
  const reservation = await data.phoneReservations.get(calledNumber);
  if (!reservation || reservation.status !== 'active') return undefined;
  const [config, also] = await Promise.all([
    data.businessConfigs.getConfig(reservation.owner_id),
    alongside(reservation.owner_id),
  ]);
  if (!config) return undefined;
  return { ownerId: reservation.owner_id, config, alongside: also };
}
