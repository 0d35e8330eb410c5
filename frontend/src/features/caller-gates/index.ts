// Public entry of the caller gates (docs/decisions/176-missed-call-text-back-and-block-list.md): the block
// list under the call log, the Block action in a conversation's detail, and the missed-call text-back's
// settings on the Texting tab.
export { BlockedNumbersPanel } from './components/blocked-numbers-panel';
export { BlockCallerAction } from './components/block-caller-action';
export { MissedCallTextBackPanel } from './components/missed-call-text-back-panel';
