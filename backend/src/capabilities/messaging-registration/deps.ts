import type { OwnerMessageRepository } from '../conversations/records/index';
import type { PhoneReservationRepository } from '../phone-numbers/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';

/**
 * The other capabilities' records A2P registration reads: the business's details, who holds which number
 * (the texting gate), and the owner's messages (texts held while unregistered).
 */
export type MessagingRegistrationData = {
  businessConfigs: BusinessConfigRepository;
  phoneReservations: PhoneReservationRepository;
  ownerMessages: OwnerMessageRepository;
};
