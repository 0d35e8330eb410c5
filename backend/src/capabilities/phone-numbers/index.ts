export { findAssistantLine, findAssistantLineWith } from './assistant-line';
export { createPhoneReservationRepository } from './phone-reservations';
export type { PhoneReservationRepository } from './phone-reservations';
