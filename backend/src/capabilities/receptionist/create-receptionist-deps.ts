import type { ReceptionistModel } from './model/model-types';
import type { CalendarModel } from '@shared/schemas/calendar-model';
import type { OwnerCalendar } from '../calendars/index';
import type { SchedulingLinkBookingRepository } from '../calendars/records/index';
import { publicBaseUrl, type AppConfig } from '../../platform/config/env';
import type { AppointmentRepository } from '../appointments/records/index';
import type { BusinessConfigRepository, ObjectivesRepository } from '../setup/records/index';
import type { ConversationRepository, OwnerMessageRepository } from '../conversations/records/index';
import type { ConversationStateRepository } from './records/conversation-states';
import type { CallerMemoryRepository } from './records/caller-memories';
import type { PayoutRepository } from '../payouts/records/index';
import type { RateLimiter } from '../../platform/dynamo/rate-limits';
import type { SmsMessagingRepository } from '../sms/records/index';
import type { Logger } from '../../platform/logging/logger';
import type { Metrics } from '../../platform/observability/metrics';
import type { PaymentsProvider } from '../../providers/payments/port';
import type { TelephonyProvider } from '../../providers/telephony/port';
import { chooseReceptionistModel } from './model/choose-model';
import type { ReminderPlanning } from '../reminders/index';
import type { EmitWebhookEvent } from '../webhooks/index';
import { createReceptionist, type ConversationEvents, type Receptionist } from './receptionist';
import type { KnowledgeBaseRepository } from '../knowledge/records/index';

/**
 * The receptionist wired to the app's repositories and providers: OpenAI when its key is set, else the local
 * model outside AWS and a refusing one in AWS (model/choose-model.ts).
 */
export function receptionistFromApp(input: {
  config: AppConfig;
  data: {
    businessConfigs: BusinessConfigRepository;
    objectives: ObjectivesRepository;
    appointments: AppointmentRepository;
    conversationStates: ConversationStateRepository;
    conversations: ConversationRepository;
    ownerMessages: OwnerMessageRepository;
    callerMemories: CallerMemoryRepository;
    smsMessaging: Pick<SmsMessagingRepository, 'isOptedOut'>;
    payouts: PayoutRepository;
    schedulingLinks: SchedulingLinkBookingRepository;
    knowledgeBase: Pick<KnowledgeBaseRepository, 'list'>;
    calendarModel?: { get(ownerId: string, options?: { consistent?: boolean }): Promise<CalendarModel> };
  };
  payments: PaymentsProvider;
  telephony: TelephonyProvider;
  calendar?: OwnerCalendar;
  rateLimiter: RateLimiter;
  notify?: ConversationEvents;
  reminders?: Pick<ReminderPlanning, 'planFor'>;
  webhooks?: { emit: EmitWebhookEvent };
  metrics: Metrics;
  now: () => Date;
  logger: Logger;
  /** The local rules engine, handed in by a local entry point only (docs/decisions/171). */
  localModel?: () => ReceptionistModel;
}): Receptionist {
  const { config, data } = input;
  const base = publicBaseUrl(config);
  return createReceptionist({
    data,
    model: chooseReceptionistModel(config, input.localModel),
    sms: {
      send: async (message) => {
        await input.telephony.sendSms(message);
      },
      isOptedOut: (assistantNumber, to) => data.smsMessaging.isOptedOut(assistantNumber, to),
    },
    deposits: {
      async create({ ownerId, appointmentId, amountCents, conversationId, description, accountId }) {
        const session = await input.payments.createDepositCheckout({
          connectedAccountId: accountId,
          amountCents,
          description,
          metadata: {
            kind: 'deposit',
            owner_id: ownerId,
            appointment_id: appointmentId,
            conversation_id: conversationId,
          },
          successUrl: `${base}/deposits/done?status=paid`,
          cancelUrl: `${base}/deposits/done?status=cancelled`,
          idempotencyKey: `deposit-${ownerId}-${appointmentId}`,
        });
        const url = session.url.startsWith('/') ? `${base}${session.url}` : session.url;
        return { url, sessionId: session.id };
      },
      refund: (refund) => input.payments.refundDeposit(refund),
    },
    ...(input.calendar ? { calendar: input.calendar } : {}),
    rateLimiter: input.rateLimiter,
    ...(input.notify ? { notify: input.notify } : {}),
    ...(input.reminders ? { reminders: input.reminders } : {}),
    ...(input.webhooks ? { webhooks: input.webhooks } : {}),
    metrics: input.metrics,
    now: input.now,
    logger: input.logger,
  });
}
