import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../platform/config/env';
import type { Logger } from '../platform/logging/logger';
import type { EmailSender } from '../providers/email/port';
import type { PaymentsProvider } from '../providers/payments/port';
import type { CalendarStandIn } from '../providers/calendar/port';
import type { LlmProvider } from '../providers/llm/port';
import type { SpeechProvider } from '../providers/speech/port';
import type { PlacesProvider } from '../providers/places/port';
import type { CallClock, TelephonyProvider } from '../providers/telephony/port';
import type { MessagingRegistrationProvider } from '../providers/messaging-registration/port';
import type { QueueStandIn } from '../providers/queue/port';
import type { ReceptionistModel } from '../capabilities/receptionist/index';
import type { AppBase } from './app-core';
import type { AppDeps } from './app-types';

/** What a local entry point's stand-ins are built from. */
export type StandInContext = {
  config: AppConfig;
  doc: DynamoDBDocumentClient;
  now: () => Date;
  logger: Logger;
  /** Who holds which number: the local number inventory offers only free ones. */
  heldAmong(numbers: string[]): Promise<Set<string>>;
};

/**
 * The local stand-ins of the external services, typed by their ports only: production code never names a
 * stand-in (docs/decisions/171-backend-by-capability.md). Only local entry points (the Node server, the
 * tests, the bench and the scripts) build them (backend/src/local/stand-ins.ts) and hand them to
 * createAppDeps; the Lambda entries hand none, so a deployed bundle holds none. Each chooser still takes
 * the real vendor first when its keys are set. Entries a mode does not run are absent.
 */
export type StandIns = {
  email?: EmailSender;
  payments?: PaymentsProvider;
  calendar?: CalendarStandIn;
  llm: LlmProvider;
  speech: SpeechProvider;
  places: PlacesProvider;
  telephony: TelephonyProvider;
  /** The local phone's "call as if at" moment of a simulated call (docs/decisions/173-answer-modes.md). */
  callClock?: CallClock;
  messagingRegistration: MessagingRegistrationProvider;
  model: () => ReceptionistModel;
  queue: QueueStandIn;
  /** The stand-ins' own pages (outbox, checkout, phone, consent screens) and their webhook loops. */
  mountRoutes(app: AppBase, deps: AppDeps): void;
};

export type StandInFactory = (context: StandInContext) => StandIns;
