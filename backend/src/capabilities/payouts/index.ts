export { ConnectEventRefused, connectEventOwner, handleConnectEvent } from './connect-events';
export { createPayoutRepository, payoutStateOfItem } from './payouts';
export type { PayoutRepository, Payouts } from './payouts';
