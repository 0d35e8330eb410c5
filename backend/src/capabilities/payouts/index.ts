export { ConnectEventRefused, connectEventOwner, handleConnectEvent } from './connect-events';
