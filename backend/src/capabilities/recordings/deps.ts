import type { PlatformDeps } from '../../platform/deps';
import type { Providers } from '../../providers/providers';
import type { ConversationStateRepository } from '../receptionist/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { CallRecordingRepository } from './records/index';

/**
 * What the recordings capability takes from the wiring (docs/decisions/171-backend-by-capability.md): its
 * records, the owner's config (the switch, the retention period), the call's working state (whose call a
 * callback is about), and the provider that holds the audio.
 */
export type RecordingsDeps = PlatformDeps & {
  data: {
    callRecordings: CallRecordingRepository;
    businessConfigs: Pick<BusinessConfigRepository, 'getConfig' | 'updateConfigFields'>;
    conversationStates: Pick<ConversationStateRepository, 'get'>;
  };
  providers: Pick<Providers, 'callRecordings'>;
};

/** What deleting recordings needs: the records and the provider (erasure, account deletion, retention). */
export type RecordingDeletionDeps = {
  data: { callRecordings: CallRecordingRepository };
  providers: Pick<Providers, 'callRecordings'>;
  logger: PlatformDeps['logger'];
};
