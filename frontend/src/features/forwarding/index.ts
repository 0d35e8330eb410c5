// Public entry of forwarding from the owner's business line (docs/decisions/172-forwarding.md): the guide,
// shown after step 4 of the setup and from the dashboard, and the status line the Overview shows.
export { ForwardingGuide } from './components/forwarding-guide';
export { ForwardingStatusLine } from './components/forwarding-status-line';
