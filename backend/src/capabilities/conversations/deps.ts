import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { AppointmentRepository } from '../appointments/records/index';
import type { CallRecordingRepository } from '../recordings/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { CallerErasure } from './records/caller-erasure';
import type { ConversationRepository } from './records/conversations';

/**
 * What the conversations capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type ConversationsDeps = PlatformDeps & {
  data: {
    businessConfigs: BusinessConfigRepository;
    callerErasure: CallerErasure;
    conversations: ConversationRepository;
    callRecordings: CallRecordingRepository;
    /** Erasing a caller frees the times their upcoming bookings held (docs/decisions/183, booking ledgers). */
    appointments: Pick<AppointmentRepository, 'matching' | 'release'>;
  };
  /** Erasing a caller deletes their call recordings at the provider too (docs/decisions/184). */
  providers: Pick<Providers, 'callRecordings'>;
};
