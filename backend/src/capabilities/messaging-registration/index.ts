export { A2P_EVENT_TYPES } from './a2p-events';
export type { A2pCloudEvent } from './a2p-events';
export { registrationView } from './registration-rules';
export { createMessagingRegistrations } from './registration-service';
export { messagingRegistrationsFromApp } from './registrations-from-app';
export type { MessagingRegistrations } from './registration-service';
export { createTextingGate, gateOutboundTexts, TextingNotRegisteredError } from './texting-gate';
export type { TextingGate } from './texting-gate';
export { gatedSmsAssistant } from './unregistered-texts';
