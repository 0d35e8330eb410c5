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

/** Who holds a number now (its active reservation's owner), if anybody: whom its voice URL names. */
export const numberHolder =
  (data: Pick<PhoneNumbersDeps['data'], 'phoneReservations'>) =>
  async (phoneNumber: string): Promise<string | undefined> => {
    const reservation = await data.phoneReservations.get(phoneNumber);
    return reservation?.status === 'active' ? reservation.owner_id : undefined;
  };

/**
 * findAssistantLine, reading what else the caller needs of the owner (`alongside`) together with the
 * config: one round trip fewer on a path a caller waits on (the voice webhook reads the subscription).
 *
 * `likelyOwner`, the owner the number's webhook URL names (telephonyWebhookUrls; Twilio signs the URL), lets
 * the reservation be read in the same round trip as the rest: the caller's first ring then waits on one
 * batch instead of two trips in a row (docs/decisions/186-cold-start.md, session 43). It is only a hint: the
 * line is the reservation's holder's, and when the hint names anybody else (a number that changed hands
 * since its URL was set) what was read for it is dropped and the holder's line is read, as without one.
 * So `alongside` must only read: it may run for an owner who does not hold the number.
 */
export async function findAssistantLineWith<T>(
  data: Pick<PhoneNumbersDeps['data'], 'phoneReservations' | 'businessConfigs'>,
  calledNumber: string,
  alongside: (ownerId: string) => Promise<T>,
  likelyOwner?: string,
): Promise<(AssistantLine & { alongside: T }) | undefined> {
  const lineOf = (ownerId: string) =>
    Promise.all([data.businessConfigs.getConfig(ownerId), alongside(ownerId)]);
  const [reservation, guessed] = await Promise.all([
    data.phoneReservations.get(calledNumber),
    likelyOwner ? lineOf(likelyOwner) : undefined,
  ]);
  if (!reservation || reservation.status !== 'active') return undefined;
  const ownerId = reservation.owner_id;
  const [config, also] = guessed && likelyOwner === ownerId ? guessed : await lineOf(ownerId);
  if (!config) return undefined;
  return { ownerId, config, alongside: also };
}
