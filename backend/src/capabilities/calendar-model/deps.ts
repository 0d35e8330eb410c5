import type { PlatformDeps } from '../../platform/deps';
import type { AppointmentRepository } from '../appointments/records/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { CalendarModelRepository, ClosuresRepository } from './records/index';

/**
 * The appointments capability's owner cancel (frees the slot, refunds a deposit, texts the caller in their
 * language), which a destructive edit uses when the owner chooses "cancel them and text the callers".
 */
export type OwnerCancel = {
  timeZone(ownerId: string): Promise<string>;
  cancel(ownerId: string, appointmentId: string): Promise<{ callerNotified: boolean } | undefined>;
};

/** What the calendar model capability takes from the wiring (docs/decisions/171-backend-by-capability.md). */
export type CalendarModelDeps = PlatformDeps & {
  data: {
    calendarModel: CalendarModelRepository;
    calendarClosures: ClosuresRepository;
    businessConfigs: Pick<BusinessConfigRepository, 'getConfig' | 'updateConfigFields'>;
    appointments: Pick<AppointmentRepository, 'upcoming'>;
  };
};
