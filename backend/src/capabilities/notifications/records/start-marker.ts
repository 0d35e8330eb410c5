import { NOTIFICATION_LIMITS } from '@shared/notifications';
import type { ConversationState } from '../../receptionist/records/index';
import type { NotificationRepository } from './notification-records';

const MINUTE = 60_000;

/**
 * A new conversation's due marker, written in the transaction that creates it (no extra round trip while a
 * caller waits): a call is closed by the sweep if no end ever arrives, a text thread when it goes quiet.
 * Beside the records rather than in the notifier, so a call's first answer writes it without loading the
 * notifier and its batches (docs/decisions/186-cold-start.md).
 */
export function conversationStartMarker(
  notifications: Pick<NotificationRepository, 'duePut'>,
  state: Pick<ConversationState, 'id' | 'owner_id' | 'channel' | 'started_at'>,
) {
  const started = Date.parse(state.started_at);
  if (state.channel === 'voice')
    return notifications.duePut(
      state.id,
      state.owner_id,
      new Date(started + NOTIFICATION_LIMITS.voiceStaleMinutes * MINUTE),
    );
  if (state.channel === 'sms')
    return notifications.duePut(
      state.id,
      state.owner_id,
      new Date(started + NOTIFICATION_LIMITS.smsQuietMinutes * MINUTE),
    );
  return undefined;
}
