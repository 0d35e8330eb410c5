import type { RecordStore } from '../platform/dynamo/record-store';
import { createSessionRevocationRepository } from '../platform/auth/session-revocations';
import { createWebhookFailureRepository } from '../platform/webhooks/webhook-failures';
import { accountRecords } from '../capabilities/account/records/index';
import { appointmentsRecords } from '../capabilities/appointments/records/index';
import { automationsRecords } from '../capabilities/automations/records/index';
import { billingRecords } from '../capabilities/billing/records/index';
import { calendarModelRecords } from '../capabilities/calendar-model/records/index';
import { calendarsRecords } from '../capabilities/calendars/records/index';
import { callerGatesRecords } from '../capabilities/caller-gates/records/index';
import { conversationsRecords } from '../capabilities/conversations/records/index';
import { forwardingRecords } from '../capabilities/forwarding/records/index';
import { knowledgeRecords } from '../capabilities/knowledge/records/index';
import { messagingRegistrationRecords } from '../capabilities/messaging-registration/records/index';
import { notificationsRecords } from '../capabilities/notifications/records/index';
import { payoutsRecords } from '../capabilities/payouts/records/index';
import { phoneNumbersRecords } from '../capabilities/phone-numbers/records/index';
import { receptionistRecords } from '../capabilities/receptionist/records/index';
import { referralsRecords } from '../capabilities/referrals/records/index';
import { remindersRecords } from '../capabilities/reminders/records/index';
import { setupRecords } from '../capabilities/setup/records/index';
import { smsRecords } from '../capabilities/sms/records/index';
import { voiceRecords } from '../capabilities/voice/records/index';
import { webhooksRecords } from '../capabilities/webhooks/records/index';

/**
 * The repositories over the app table: each capability builds its own from its records/ entry, and a
 * capability with stored data adds one line here (docs/architecture.md, "How to add a capability").
 */
export function createAppData(store: RecordStore) {
  const { doc, tableName, now } = store;
  return {
    sessionRevocations: createSessionRevocationRepository(doc, tableName, now),
    webhookFailures: createWebhookFailureRepository(doc, tableName, now),
    ...accountRecords(store),
    ...appointmentsRecords(store),
    ...automationsRecords(store),
    ...billingRecords(store),
    ...calendarModelRecords(store),
    ...calendarsRecords(store),
    ...callerGatesRecords(store),
    ...conversationsRecords(store),
    ...forwardingRecords(store),
    ...knowledgeRecords(store),
    ...messagingRegistrationRecords(store),
    ...notificationsRecords(store),
    ...payoutsRecords(store),
    ...phoneNumbersRecords(store),
    ...receptionistRecords(store),
    ...referralsRecords(store),
    ...remindersRecords(store),
    ...setupRecords(store),
    ...smsRecords(store),
    ...voiceRecords(store),
    ...webhooksRecords(store),
  };
}

/** Repositories over the app table, one per entity (each in its capability's records/ folder). */
export type AppData = ReturnType<typeof createAppData>;
