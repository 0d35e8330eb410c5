import type { Receptionist } from '../receptionist/index';
import type { ConversationStateRepository } from '../receptionist/records/index';
import type { PlatformDeps } from '../../platform/deps';
import type { QueueStandIn } from '../../providers/queue/port';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { NotificationRepository } from './records/notification-records';
import type { Notifier } from './notifier';
import type { Reminders } from '../reminders/index';

/**
 * What the notifications capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type NotificationsDeps = PlatformDeps & {
  data: {
    conversationStates: ConversationStateRepository;
    businessConfigs: BusinessConfigRepository;
    notifications: NotificationRepository;
  };
  notifier: Notifier;
  receptionist: Receptionist;
  standIns?: { queue: QueueStandIn };
  /** Appointment reminders, sent by the sweep's workers (docs/decisions/175-reminders.md). */
  reminders?: Reminders;
  /**
   * Outbound webhooks' retries ride the sweep (docs/decisions/178-outbound-webhooks.md): typed by shape, so
   * neither capability imports the other. `asOf` is a local run's moved clock.
   */
  webhooks?: {
    sender: {
      sweep(at: Date, asOf?: Date): Promise<{ queued: number }>;
      /** One webhook queue message: this function is that queue's consumer too. */
      handle(body: string): Promise<void>;
    };
  };
};
