import type { OwnerMessageRepository } from '../conversations/index';
import type { PhoneReservationRepository } from '../phone-numbers/index';
import type { BusinessConfigRepository } from '../setup/index';

/**
 * The other capabilities' records A2P registration reads: the business's details, who holds which number
 * (the texting gate), and the owner's messages (texts held while unregistered).
 */
export type MessagingRegistrationData = {
  businessConfigs: BusinessConfigRepository;
  phoneReservations: PhoneReservationRepository;
  ownerMessages: OwnerMessageRepository;
};
