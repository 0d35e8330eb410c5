import type { RecordStore } from '../../../platform/dynamo/record-store';
import { createPhoneReservationRepository } from './phone-reservations';
export { createPhoneReservationRepository } from './phone-reservations';
export type { PhoneReservationRepository } from './phone-reservations';

/** Assistant number reservations. */
export function phoneNumbersRecords({ doc, tableName, now }: RecordStore) {
  return {
    phoneReservations: createPhoneReservationRepository(doc, tableName, now),
  };
}
