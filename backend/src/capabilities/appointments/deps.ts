import type { PlatformDeps } from '../../platform/deps';
import type { Receptionist } from '../receptionist/index';
import type { BusinessConfigRepository } from '../setup/records/index';
import type { SmsMessagingRepository } from '../sms/records/index';
import type { AppointmentRepository } from './records/appointments';

/**
 * What the appointments capability takes from the wiring: the platform, and the few repositories and providers
 * its routes and rules use (docs/decisions/171-backend-by-capability.md).
 */
export type AppointmentsDeps = PlatformDeps & {
  data: {
    appointments: AppointmentRepository;
    businessConfigs: BusinessConfigRepository;
    smsMessaging: SmsMessagingRepository;
  };
  receptionist: Receptionist;
};
